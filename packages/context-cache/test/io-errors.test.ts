import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

/**
 * Filesystem failures cannot be provoked with permissions when tests run as root, so the
 * filesystem is replaced: any path containing "broken" fails with EIO when listed or opened.
 */
const { failing, eio } = vi.hoisted(() => ({
  failing: (path: unknown): boolean => String(path).includes('broken'),
  eio: () => Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }),
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...original,
    readdir: (async (path: unknown, ...rest: unknown[]) => {
      if (failing(path)) throw eio();
      return (original.readdir as (...args: unknown[]) => Promise<unknown>)(path, ...rest);
    }) as typeof original.readdir,
  };
});

vi.mock('node:fs', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs')>();
  return {
    ...original,
    openSync: ((path: unknown, ...rest: unknown[]) => {
      if (failing(path)) throw eio();
      return (original.openSync as (...args: unknown[]) => number)(path, ...rest);
    }) as typeof original.openSync,
  };
});

const { listCaches } = await import('../src/list-caches.js');
const { resolveContext } = await import('../src/resolve-context.js');
const { toErrorPayload } = await import('../src/errors.js');
const { createSampleRoot } = await import('./support/sample-cache.js');
const { createTempFolder } = await import('./support/temp-folder.js');
const { mkdir } = await import('node:fs/promises');

describe('environmental failures', () => {
  it('answers io_error when the cache root cannot be listed', async () => {
    const folder = await createTempFolder();
    await mkdir(join(folder, 'broken-root'));
    await expect(listCaches(join(folder, 'broken-root'))).rejects.toMatchObject({
      code: 'io_error',
    });
  });

  it('answers io_error, not cache_invalid, when a cache file cannot be read', async () => {
    const root = await createSampleRoot('broken-cache');
    const failure = resolveContext(
      { cache: 'broken-cache', query: 'x', budget: 10 },
      { cacheRoot: root },
    );
    await expect(failure).rejects.toMatchObject({ code: 'io_error' });
    const payload = await failure.catch((error: unknown) => toErrorPayload(error));
    expect(payload).toEqual({ error: { code: 'io_error', message: 'I/O error occurred' } });
  });
});
