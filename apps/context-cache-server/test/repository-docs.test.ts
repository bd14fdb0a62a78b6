import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { listCaches, verifyCache } from '@x/context-cache';
import { describe, expect, it } from 'vitest';
import {
  APP_ROOT,
  buildRepositoryDocs,
  findRepositoryRoot,
  REPOSITORY_DOCS_CACHE,
} from '../src/repository-docs.js';
import { StartupError } from '../src/startup-error.js';

describe('the built-in repository docs cache', () => {
  it('builds the same bytes from the same READMEs and removes its root on release', async () => {
    const first = await buildRepositoryDocs();
    const second = await buildRepositoryDocs();
    try {
      expect(first.cacheRoot).not.toBe(second.cacheRoot);
      expect(first.documentCount).toBeGreaterThanOrEqual(5);
      expect((await listCaches(first.cacheRoot)).caches).toEqual([
        { path: REPOSITORY_DOCS_CACHE, has_manifest: true },
      ]);
      const manifest = (docs: typeof first) =>
        readFile(join(docs.cacheRoot, REPOSITORY_DOCS_CACHE, 'manifest.json'), 'utf8');
      expect(await manifest(second)).toBe(await manifest(first));
      expect(await manifest(first)).toContain('"id": "packages/context-cache/readme.md"');
      expect((await verifyCache(join(first.cacheRoot, REPOSITORY_DOCS_CACHE))).valid).toBe(true);
    } finally {
      await first.release();
      await second.release();
    }
    await expect(stat(first.cacheRoot)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('finds the repository from the app folder, and says to pass --root when there is none', async () => {
    expect(await findRepositoryRoot(APP_ROOT)).toBe(join(APP_ROOT, '..', '..'));
    await expect(buildRepositoryDocs('/')).rejects.toThrow(StartupError);
    await expect(buildRepositoryDocs('/')).rejects.toThrow(/pass --root DIR/);
  });
});
