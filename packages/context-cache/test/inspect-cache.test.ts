import { mkdir, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectCache, serializeInspectCacheResult } from '../src/inspect-cache.js';
import { createSampleRoot, readJson } from './support/sample-cache.js';
import { createTempFolder } from './support/temp-folder.js';

async function topLevelSize(folder: string, names: readonly string[]): Promise<number> {
  let total = 0;
  for (const name of names) total += (await stat(join(folder, name))).size;
  return total;
}

describe('inspectCache', () => {
  it('reports the manifest version and count and the size of the top-level files only', async () => {
    const root = await createSampleRoot();
    const cache = join(root, 'sample');
    const manifest = await readJson(join(cache, 'manifest.json'));
    await symlink(join(cache, 'manifest.json'), join(cache, 'link.json'));
    const size = await topLevelSize(cache, ['manifest.json', 'index.json']);
    expect(serializeInspectCacheResult(await inspectCache(root, 'sample'))).toBe(
      `{"cache_version":"${String(manifest.cache_version)}","document_count":4,"total_bytes":${size},"valid":true}`,
    );
  });

  it('reports valid false with empty values for a missing, malformed or symlinked manifest', async () => {
    const root = await createSampleRoot();
    const cache = join(root, 'sample');
    const invalid = { cache_version: '', document_count: 0, total_bytes: 0, valid: false };
    await writeFile(join(cache, 'manifest.json'), 'not JSON');
    expect(await inspectCache(root, 'sample')).toEqual(invalid);
    await rm(join(cache, 'manifest.json'));
    expect(await inspectCache(root, 'sample')).toEqual(invalid);
    const outside = await createTempFolder();
    await writeFile(
      join(outside, 'manifest.json'),
      '{"cache_version":"sha256:x","document_count":1}',
    );
    await symlink(join(outside, 'manifest.json'), join(cache, 'manifest.json'));
    expect(await inspectCache(root, 'sample')).toEqual(invalid);
  });

  it('keeps what it could read when a field is missing, and zeroes total_bytes', async () => {
    const root = await createSampleRoot();
    await writeFile(
      join(root, 'sample', 'manifest.json'),
      '{"cache_version":"sha256:abc","document_count":-1}',
    );
    expect(await inspectCache(root, 'sample')).toEqual({
      cache_version: 'sha256:abc',
      document_count: 0,
      total_bytes: 0,
      valid: false,
    });
  });

  it('does not verify documents: a tampered document still inspects as valid', async () => {
    const root = await createSampleRoot();
    const documents = join(root, 'sample', 'documents');
    for (const name of await readdir(documents)) await rm(join(documents, name));
    expect((await inspectCache(root, 'sample')).valid).toBe(true);
  });

  it('answers cache_missing outside the root and for non-folders', async () => {
    const root = await createSampleRoot();
    await mkdir(join(root, '..', 'outside'));
    await expect(inspectCache(root, '../outside')).rejects.toMatchObject({ code: 'cache_missing' });
    await expect(inspectCache(root, 'sample/manifest.json')).rejects.toMatchObject({
      code: 'cache_missing',
    });
  });
});
