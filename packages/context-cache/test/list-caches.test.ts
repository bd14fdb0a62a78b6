import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCaches, serializeListCachesResult } from '../src/list-caches.js';
import { createSampleRoot } from './support/sample-cache.js';
import { createTempFolder, writeFiles } from './support/temp-folder.js';

describe('listCaches', () => {
  it('lists immediate subfolders sorted by UTF-8 bytes with has_manifest from lstat only', async () => {
    const root = await createTempFolder();
    await writeFiles(root, {
      'b-cache/manifest.json': 'not even JSON',
      'a-cache/other.txt': '',
      '\u{1F600}/manifest.json': '{}',
      '\uFF5E/x': '',
      'notes.txt': 'ignored',
      'deep/nested/manifest.json': '{}',
    });
    await mkdir(join(root, 'dir-manifest', 'manifest.json'), { recursive: true });
    await writeFiles(root, { 'real-manifest.json': '{}' });
    await mkdir(join(root, 'link-manifest'));
    await symlink(join(root, 'real-manifest.json'), join(root, 'link-manifest', 'manifest.json'));
    await symlink(join(root, 'b-cache'), join(root, 'link-to-cache'));
    const result = await listCaches(root);
    expect(serializeListCachesResult(result)).toBe(
      '{"caches":[{"path":"a-cache","has_manifest":false},{"path":"b-cache","has_manifest":true},' +
        '{"path":"deep","has_manifest":false},{"path":"dir-manifest","has_manifest":false},' +
        '{"path":"link-manifest","has_manifest":false},{"path":"\uFF5E","has_manifest":false},' +
        '{"path":"\u{1F600}","has_manifest":true}]}',
    );
  });

  it('lists a built cache with its manifest', async () => {
    const root = await createSampleRoot();
    expect(await listCaches(root)).toEqual({ caches: [{ path: 'sample', has_manifest: true }] });
  });

  it('returns an empty list for an empty root', async () => {
    expect(serializeListCachesResult(await listCaches(await createTempFolder()))).toBe(
      '{"caches":[]}',
    );
  });

  it('answers cache_missing when the root is missing or a file', async () => {
    const folder = await createTempFolder();
    await writeFiles(folder, { file: '' });
    await expect(listCaches(join(folder, 'none'))).rejects.toMatchObject({ code: 'cache_missing' });
    await expect(listCaches(join(folder, 'file'))).rejects.toMatchObject({ code: 'cache_missing' });
  });
});
