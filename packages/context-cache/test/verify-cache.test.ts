import { mkdir, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCache } from '../src/build-cache.js';
import { computeCacheVersion } from '../src/cache-version.js';
import { serializeDocument } from '../src/document.js';
import { documentFileOf, documentVersion } from '../src/hashing.js';
import type { IntegrityCheckName } from '../src/verification/integrity-report.js';
import { loadCache, verifyCache } from '../src/verify-cache.js';
import { createSampleRoot, editJson, readJson } from './support/sample-cache.js';
import { createTempFolder } from './support/temp-folder.js';

async function sampleCache(): Promise<string> {
  return join(await createSampleRoot(), 'sample');
}

async function failing(cache: string): Promise<IntegrityCheckName[]> {
  const report = await verifyCache(cache);
  return report.checks.filter((check) => check.status === 'fail').map((check) => check.name);
}

async function warnings(cache: string): Promise<IntegrityCheckName[]> {
  const report = await verifyCache(cache);
  return report.checks.filter((check) => check.status === 'warn').map((check) => check.name);
}

async function firstDocumentFile(cache: string): Promise<string> {
  const [name] = await readdir(join(cache, 'documents'));
  return join(cache, 'documents', name as string);
}

describe('verifyCache', () => {
  it('passes every check on a freshly built cache, in the documented order', async () => {
    const report = await verifyCache(await sampleCache());
    expect(report.valid).toBe(true);
    expect(report.checks.map((check) => [check.name, check.status])).toEqual([
      ['manifest', 'pass'],
      ['cache_version', 'pass'],
      ['document_files', 'pass'],
      ['document_hashes', 'pass'],
      ['orphan_files', 'pass'],
      ['index', 'pass'],
      ['build_config', 'pass'],
    ]);
  });

  it('reports a document added behind the manifest as an orphan file only', async () => {
    const cache = await sampleCache();
    const content = 'smuggled';
    const document = {
      id: 'smuggled.md',
      version: documentVersion(content),
      source: 'smuggled.md',
      content,
      metadata: {},
    };
    await writeFile(join(cache, documentFileOf(document.version)), serializeDocument(document));
    expect(await failing(cache)).toEqual(['orphan_files']);
  });

  it('reports a removed document file as a missing document file only', async () => {
    const cache = await sampleCache();
    await rm(await firstDocumentFile(cache));
    expect(await failing(cache)).toEqual(['document_files']);
  });

  it('reports an edited document as a hash mismatch only', async () => {
    const cache = await sampleCache();
    await editJson(await firstDocumentFile(cache), (document) => {
      document.content = `${String(document.content)} edited`;
    });
    expect(await failing(cache)).toEqual(['document_hashes']);
  });

  it('catches an edit whose version was updated in the document, the manifest and the cache version', async () => {
    const cache = await sampleCache();
    const file = await firstDocumentFile(cache);
    const edited = 'edited content';
    await editJson(file, (document) => {
      document.content = edited;
      document.version = documentVersion(edited);
    });
    await editJson(join(cache, 'manifest.json'), (manifest) => {
      const entries = manifest.documents as { id: string; version: string; file: string }[];
      const entry = entries.find((candidate) => join(cache, candidate.file) === file);
      if (entry) entry.version = documentVersion(edited);
      manifest.cache_version = computeCacheVersion(
        { version: '1', hash_algorithm: 'sha256' },
        entries,
      );
    });
    expect(await failing(cache)).toEqual(['document_hashes']);
  });

  it('reports a changed build config on its own when the manifest was otherwise made consistent', async () => {
    const cache = await sampleCache();
    await editJson(join(cache, 'manifest.json'), (manifest) => {
      const config = { version: '2', hash_algorithm: 'sha256' };
      manifest.build_config = config;
      manifest.cache_version = computeCacheVersion(
        config,
        manifest.documents as { id: string; version: string }[],
      );
    });
    expect(await failing(cache)).toEqual(['build_config']);
  });

  it('reports a manifest that lies about its cache version or its document count', async () => {
    const cache = await sampleCache();
    await editJson(join(cache, 'manifest.json'), (manifest) => {
      manifest.cache_version = `sha256:${'0'.repeat(64)}`;
    });
    expect(await failing(cache)).toEqual(['cache_version']);
    await editJson(join(cache, 'manifest.json'), (manifest) => {
      manifest.document_count = 3;
    });
    expect(await failing(cache)).toEqual(['manifest']);
  });

  it('reports a manifest entry dropped from the manifest but left in the index and documents/', async () => {
    const cache = await sampleCache();
    await editJson(join(cache, 'manifest.json'), (manifest) => {
      const entries = (manifest.documents as { id: string; version: string }[]).slice(1);
      manifest.documents = entries;
      manifest.document_count = entries.length;
      manifest.cache_version = computeCacheVersion(
        { version: '1', hash_algorithm: 'sha256' },
        entries,
      );
    });
    expect(await failing(cache)).toEqual(['orphan_files']);
    expect(await warnings(cache)).toEqual(['index']);
  });

  it('reports index.json divergence, absence and non-JSON as a warning on a valid cache', async () => {
    const cache = await sampleCache();
    await editJson(join(cache, 'index.json'), (index) => {
      delete index['gamma.md'];
    });
    const report = await verifyCache(cache);
    expect(report.valid).toBe(true);
    expect(report.checks.find((check) => check.name === 'index')).toEqual({
      name: 'index',
      status: 'warn',
      problems: ['index.json lacks gamma.md'],
    });
    await writeFile(join(cache, 'index.json'), '[1, 2');
    expect(await warnings(cache)).toEqual(['index']);
    await rm(join(cache, 'index.json'));
    expect(await warnings(cache)).toEqual(['index']);
    expect((await verifyCache(cache)).valid).toBe(true);
  });

  it('reads an index wrapped in {"entries": ...}, the layout of the original fixtures, as the same map', async () => {
    const cache = await sampleCache();
    const index = await readJson(join(cache, 'index.json'));
    await writeFile(join(cache, 'index.json'), JSON.stringify({ entries: index }, null, 2));
    const report = await verifyCache(cache);
    expect(report.valid).toBe(true);
    expect(report.checks.every((check) => check.status === 'pass')).toBe(true);
  });

  it('fails the manifest check and skips the rest when the manifest is missing, not JSON, or has a BOM', async () => {
    const cache = await sampleCache();
    const manifest = await readJson(join(cache, 'manifest.json'));
    await writeFile(join(cache, 'manifest.json'), `\uFEFF${JSON.stringify(manifest)}`);
    const report = await verifyCache(cache);
    expect(report.checks.map((check) => check.status)).toEqual([
      'fail',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      'skipped',
    ]);
    await writeFile(join(cache, 'manifest.json'), '{"cache_version":');
    expect(await failing(cache)).toEqual(['manifest']);
    await rm(join(cache, 'manifest.json'));
    expect(await failing(cache)).toEqual(['manifest']);
  });

  it('refuses manifest entries whose file points outside documents/', async () => {
    const cache = await sampleCache();
    await editJson(join(cache, 'manifest.json'), (manifest) => {
      const [entry] = manifest.documents as { file: string }[];
      if (entry) entry.file = 'documents/../../../etc/passwd';
    });
    expect(await failing(cache)).toEqual(['manifest']);
  });

  it('never follows a symbolic link inside the cache', async () => {
    const cache = await sampleCache();
    const outside = await createTempFolder();
    const file = await firstDocumentFile(cache);
    await rename(file, join(outside, 'copy.json'));
    await symlink(join(outside, 'copy.json'), file);
    expect(await failing(cache)).toEqual(['document_files']);
  });

  it('accepts an empty cache whose empty documents/ folder was dropped, as version control does', async () => {
    const folder = await createTempFolder();
    await mkdir(join(folder, 'sources'));
    await buildCache({ sources: join(folder, 'sources'), cache: join(folder, 'cache') });
    await rm(join(folder, 'cache', 'documents'), { recursive: true });
    expect((await verifyCache(join(folder, 'cache'))).valid).toBe(true);
    await writeFile(join(folder, 'cache', 'documents'), 'a file');
    expect(await failing(join(folder, 'cache'))).toEqual(['document_files']);
  });

  it('answers cache_missing for a path that is not a folder', async () => {
    const folder = await createTempFolder();
    await expect(verifyCache(join(folder, 'nope'))).rejects.toMatchObject({
      code: 'cache_missing',
    });
  });
});

describe('loadCache', () => {
  it('returns every document of a valid cache in manifest order', async () => {
    const { documents, manifest } = await loadCache(await sampleCache());
    expect(documents.map((document) => document.id)).toEqual([
      'alpha.md',
      'gamma.md',
      'greeting.md',
      'other.md',
    ]);
    expect(manifest.document_count).toBe(4);
  });

  it('throws cache_invalid with the report for a tampered cache', async () => {
    const cache = await sampleCache();
    await rm(await firstDocumentFile(cache));
    await expect(loadCache(cache)).rejects.toMatchObject({
      code: 'cache_invalid',
      data: { report: { valid: false } },
    });
  });
});
