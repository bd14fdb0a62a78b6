import { execFileSync } from 'node:child_process';
import { readdir, readFile, rename, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeCacheVersion } from '../src/cache-version.js';
import { serializeDocument } from '../src/document.js';
import { documentFileOf, documentVersion } from '../src/hashing.js';
import { inspectCache } from '../src/inspect-cache.js';
import { resolveContext } from '../src/resolve-context.js';
import { createVerifiedCacheStore } from '../src/verification/verified-cache-store.js';
import { verifyCache } from '../src/verify-cache.js';
import { createSampleRoot, editJson, readJson } from './support/sample-cache.js';

const posix = process.platform !== 'win32';

async function firstDocument(cache: string): Promise<string> {
  const [name] = (await readdir(join(cache, 'documents'))).sort();
  return join(cache, 'documents', name as string);
}

interface Fixture {
  /** What was done to a freshly built cache. */
  readonly name: string;
  readonly change: (cache: string) => Promise<void>;
  /** Whether `context.resolve` answers (and so `verify` says valid). */
  readonly resolves: boolean;
  /** `context.inspect_cache`'s `valid`: the manifest alone (context.inspect_cache.md §valid). */
  readonly inspects: boolean;
  /** Skipped where the platform cannot make it (FIFOs on Windows). */
  readonly posixOnly?: boolean;
}

const FIXTURES: readonly Fixture[] = [
  { name: 'a fresh build', change: async () => {}, resolves: true, inspects: true },
  {
    name: 'index.json wrapped in {"entries": ...}, as in the original fixtures',
    change: async (cache) => {
      const index = await readJson(join(cache, 'index.json'));
      await writeFile(join(cache, 'index.json'), JSON.stringify({ entries: index }));
    },
    resolves: true,
    inspects: true,
  },
  {
    name: 'index.json any other JSON object',
    change: (cache) => writeFile(join(cache, 'index.json'), '{"version":2,"ids":[]}'),
    resolves: true,
    inspects: true,
  },
  {
    name: 'index.json missing',
    change: (cache) => rm(join(cache, 'index.json')),
    resolves: true,
    inspects: true,
  },
  {
    name: 'index.json not JSON',
    change: (cache) => writeFile(join(cache, 'index.json'), '{"a":'),
    resolves: true,
    inspects: true,
  },
  {
    name: 'index.json a FIFO',
    change: async (cache) => {
      await rm(join(cache, 'index.json'));
      execFileSync('mkfifo', [join(cache, 'index.json')]);
    },
    resolves: true,
    inspects: true,
    posixOnly: true,
  },
  {
    name: 'a document edited',
    change: async (cache) =>
      editJson(await firstDocument(cache), (document) => {
        document.content = 'edited';
      }),
    resolves: false,
    inspects: true,
  },
  {
    name: 'a document removed',
    change: async (cache) => rm(await firstDocument(cache)),
    resolves: false,
    inspects: true,
  },
  {
    name: 'a document added behind the manifest',
    change: async (cache) => {
      const content = 'added';
      const version = documentVersion(content);
      const document = { id: 'added.md', version, source: 'added.md', content, metadata: {} };
      await writeFile(join(cache, documentFileOf(version)), serializeDocument(document));
    },
    resolves: false,
    inspects: true,
  },
  {
    name: 'a document replaced by a symbolic link to its own copy',
    change: async (cache) => {
      const file = await firstDocument(cache);
      await rename(file, join(cache, 'copy.json'));
      await symlink(join(cache, 'copy.json'), file);
    },
    resolves: false,
    inspects: true,
  },
  {
    name: 'a document replaced by a FIFO',
    change: async (cache) => {
      const file = await firstDocument(cache);
      await rm(file);
      execFileSync('mkfifo', [file]);
    },
    resolves: false,
    inspects: true,
    posixOnly: true,
  },
  {
    name: 'a document grown to a 2 GiB sparse file',
    change: async (cache) => truncate(await firstDocument(cache), 2 * 1024 ** 3),
    resolves: false,
    inspects: true,
  },
  {
    name: 'a cache_version that is not the recomputed one',
    change: (cache) =>
      editJson(join(cache, 'manifest.json'), (manifest) => {
        manifest.cache_version = `sha256:${'0'.repeat(64)}`;
      }),
    resolves: false,
    inspects: true,
  },
  {
    name: 'a foreign build configuration with a consistent cache_version',
    change: (cache) =>
      editJson(join(cache, 'manifest.json'), (manifest) => {
        const config = { version: '2', hash_algorithm: 'sha256' };
        manifest.build_config = config;
        manifest.cache_version = computeCacheVersion(
          config,
          manifest.documents as { id: string; version: string }[],
        );
      }),
    resolves: false,
    inspects: true,
  },
  {
    name: 'a manifest without created_at',
    change: (cache) =>
      editJson(join(cache, 'manifest.json'), (manifest) => {
        delete manifest.created_at;
      }),
    resolves: false,
    inspects: true,
  },
  {
    name: 'a manifest without document_count',
    change: (cache) =>
      editJson(join(cache, 'manifest.json'), (manifest) => {
        delete manifest.document_count;
      }),
    resolves: false,
    inspects: false,
  },
  {
    name: 'no manifest',
    change: (cache) => rm(join(cache, 'manifest.json')),
    resolves: false,
    inspects: false,
  },
  {
    name: 'a manifest that is not JSON',
    change: (cache) => writeFile(join(cache, 'manifest.json'), '{"cache_version":'),
    resolves: false,
    inspects: false,
  },
  {
    name: 'a manifest that is a FIFO',
    change: async (cache) => {
      await rm(join(cache, 'manifest.json'));
      execFileSync('mkfifo', [join(cache, 'manifest.json')]);
    },
    resolves: false,
    inspects: false,
    posixOnly: true,
  },
  {
    name: 'a manifest grown to a 2 GiB sparse file',
    change: async (cache) => {
      const text = await readFile(join(cache, 'manifest.json'));
      await writeFile(join(cache, 'manifest.json'), text);
      await truncate(join(cache, 'manifest.json'), 2 * 1024 ** 3);
    },
    resolves: false,
    inspects: false,
  },
];

async function resolves(root: string): Promise<boolean> {
  const caches = createVerifiedCacheStore();
  try {
    await resolveContext(
      { cache: 'sample', query: 'beta', budget: 100 },
      { cacheRoot: root, caches },
    );
    return true;
  } catch (error) {
    expect(error).toMatchObject({ code: 'cache_invalid' });
    return false;
  } finally {
    caches.close();
  }
}

/**
 * One notion of validity: `context.resolve` answers exactly the caches `verify` calls valid;
 * `context.inspect_cache`'s `valid` is the manifest's structural validity the spec defines for
 * it, never true for a manifest the other two cannot read, and blind to `documents/`.
 * `index.json` is advisory for all three.
 */
describe('resolve, verify and inspect on the same cache', () => {
  it.each(FIXTURES.filter((fixture) => posix || fixture.posixOnly !== true))(
    '$name',
    async (fixture) => {
      const root = await createSampleRoot();
      const cache = join(root, 'sample');
      await fixture.change(cache);
      const [resolved, report, inspected] = [
        await resolves(root),
        await verifyCache(cache),
        await inspectCache(root, 'sample'),
      ];
      expect({ resolves: resolved, verify: report.valid, inspect: inspected.valid }).toEqual({
        resolves: fixture.resolves,
        verify: fixture.resolves,
        inspect: fixture.inspects,
      });
    },
  );
});
