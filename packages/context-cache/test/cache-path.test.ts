import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAcceptableCacheName, resolveCachePath } from '../src/cache-path.js';
import { createTempFolder, writeFiles } from './support/temp-folder.js';

async function layout(): Promise<{ root: string; outside: string }> {
  const folder = await createTempFolder();
  const root = join(folder, 'root');
  const outside = join(folder, 'outside');
  await mkdir(join(root, 'good', 'nested'), { recursive: true });
  await mkdir(join(root, '．．'), { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFiles(root, { 'file.txt': 'not a folder' });
  await symlink(outside, join(root, 'escape'));
  await symlink(join(root, 'good'), join(root, 'alias'));
  return { root, outside };
}

describe('resolveCachePath', () => {
  it('resolves a folder directly inside the root to its real path', async () => {
    const { root } = await layout();
    expect(await resolveCachePath(root, 'good')).toBe(join(root, 'good'));
    expect(await resolveCachePath(root, 'good/nested')).toBe(join(root, 'good', 'nested'));
  });

  it('follows a symbolic link that stays inside the root', async () => {
    const { root } = await layout();
    expect(await resolveCachePath(root, 'alias')).toBe(join(root, 'good'));
  });

  it.each([
    ['parent traversal', '../outside'],
    ['nested traversal', 'good/../../outside'],
    ['bare ..', '..'],
    ['absolute path', '/etc'],
    ['the root itself', '.'],
    ['dot segments', './good'],
    ['empty', ''],
    ['trailing slash', 'good/'],
    ['doubled slash', 'good//nested'],
    ['backslash traversal', '..\\outside'],
    ['backslash', 'good\\nested'],
    ['percent-encoded dots', '%2e%2e/outside'],
    ['percent-encoded slash', '..%2Foutside'],
    ['double percent-encoding', '%252e%252e'],
    ['fullwidth dots', '．．'],
    ['fullwidth solidus', 'good／nested'],
    ['one dot leader', '\u2024\u2024'],
    ['NUL byte', 'good\u0000'],
    ['newline', 'good\n'],
    ['lone surrogate', 'good\uD800'],
    ['symbolic link leaving the root', 'escape'],
    ['a file', 'file.txt'],
    ['a missing folder', 'missing'],
    ['an overlong name', 'a'.repeat(2000)],
  ])('answers cache_missing for %s', async (_label, name) => {
    const { root } = await layout();
    await expect(resolveCachePath(root, name)).rejects.toMatchObject({ code: 'cache_missing' });
  });

  it('answers cache_missing for a name that is not a string', async () => {
    const { root } = await layout();
    await expect(resolveCachePath(root, 42)).rejects.toMatchObject({ code: 'cache_missing' });
  });

  it('answers cache_missing when the root itself does not exist', async () => {
    const folder = await createTempFolder();
    await expect(resolveCachePath(join(folder, 'none'), 'good')).rejects.toMatchObject({
      code: 'cache_missing',
    });
  });

  it('never accepts a name containing .. or starting with / whatever else it holds', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        expect(isAcceptableCacheName(`${before}..${after}`)).toBe(false);
        expect(isAcceptableCacheName(`/${after}`)).toBe(false);
      }),
    );
  });
});
