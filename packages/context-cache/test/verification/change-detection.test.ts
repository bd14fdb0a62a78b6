import { execFileSync } from 'node:child_process';
import { cp, readdir, readFile, rename, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCache } from '../../src/build-cache.js';
import { serializeDocument } from '../../src/document.js';
import { documentFileOf, documentVersion } from '../../src/hashing.js';
import { resolveContext } from '../../src/resolve-context.js';
import { createSelectionIndexCache } from '../../src/selection/index-cache.js';
import { serializeSelectionResult } from '../../src/selection-result.js';
import {
  createVerifiedCacheStore,
  type VerifiedCacheStore,
} from '../../src/verification/verified-cache-store.js';
import { createSampleRoot, readJson } from '../support/sample-cache.js';
import { createTempFolder, writeFiles } from '../support/temp-folder.js';

/**
 * One suite, both change signals: the directory watch (answers from memory in between) and
 * the per-call identity check of every document (`watch: false`, what platforms without a
 * reliable watch get). Every change is made between two calls, with no wait: the call right
 * after it must see it.
 */
const MODES = [
  { name: 'with the directory watch', watch: true },
  { name: 'with an identity check of every file on every call', watch: false },
] as const;

const stores: VerifiedCacheStore[] = [];

afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

/** Whether this platform gives the store a reliable watch (Linux, local filesystems). */
const watchIsReliableHere = process.platform === 'linux';

interface Sample {
  readonly root: string;
  readonly cache: string;
  readonly store: VerifiedCacheStore;
  /** `resolveContext` on the sample cache: its text, or the error code. */
  ask(query?: string): Promise<string>;
  /** The file of a document id (`documents/<12 hex>.json`, absolute). */
  fileOf(id: string): Promise<string>;
}

async function sample(watch: boolean): Promise<Sample> {
  const root = await createSampleRoot();
  const cache = join(root, 'sample');
  const store = createVerifiedCacheStore({ watch });
  stores.push(store);
  const indexes = createSelectionIndexCache();
  return {
    root,
    cache,
    store,
    async ask(query = 'beta gamma') {
      try {
        return serializeSelectionResult(
          await resolveContext(
            { cache: 'sample', query, budget: 100 },
            { cacheRoot: root, caches: store, indexes },
          ),
        );
      } catch (error) {
        return String((error as { code?: unknown }).code);
      }
    },
    async fileOf(id) {
      const manifest = await readJson(join(cache, 'manifest.json'));
      const entry = (manifest.documents as { id: string; file: string }[]).find(
        (candidate) => candidate.id === id,
      );
      if (entry === undefined) throw new Error(`no document ${id}`);
      return join(cache, entry.file);
    },
  };
}

/** The same bytes with one content character changed (same size: the hardest edit to see). */
function sameSizeEdit(text: string): string {
  return text.replace('"content":"Alpha', '"content":"Alpho');
}

/**
 * A change to the files of the sample cache that a call must see at once: `damage` makes it and
 * answers how to undo it, after which the cache answers as before.
 */
interface Tamper {
  readonly change: string;
  damage(sample: Sample): Promise<() => Promise<unknown>>;
}

const TAMPERS: readonly Tamper[] = [
  {
    change: 'a document replaced by a rename, and the original renamed back',
    async damage({ fileOf, root }) {
      const file = await fileOf('gamma.md');
      const original = await readFile(file, 'utf8');
      await writeFile(join(root, 'replacement'), original.replace('"gamma"', '"GAMMA"'));
      await rename(file, join(root, 'kept'));
      await rename(join(root, 'replacement'), file);
      return () => rename(join(root, 'kept'), file);
    },
  },
  {
    change: 'a truncated document, and its content written back',
    async damage({ fileOf }) {
      const file = await fileOf('greeting.md');
      const original = await readFile(file);
      await truncate(file, 0);
      return () => writeFile(file, original);
    },
  },
  {
    change: 'two documents swapped, and swapped back',
    async damage({ fileOf, root }) {
      const [alpha, gamma] = [await fileOf('alpha.md'), await fileOf('gamma.md')];
      const swap = async () => {
        await rename(alpha, join(root, 'swap'));
        await rename(gamma, alpha);
        await rename(join(root, 'swap'), gamma);
      };
      await swap();
      return swap;
    },
  },
  {
    change: 'a document added behind the manifest, and removed again',
    async damage({ cache }) {
      const content = 'beta gamma smuggled';
      const version = documentVersion(content);
      const smuggled = { id: 'x.md', version, source: 'x.md', content, metadata: {} };
      await writeFile(join(cache, documentFileOf(version)), serializeDocument(smuggled));
      return () => rm(join(cache, documentFileOf(version)));
    },
  },
  {
    change: 'a document removed, and put back',
    async damage({ fileOf }) {
      const file = await fileOf('other.md');
      const original = await readFile(file);
      await rm(file);
      return () => writeFile(file, original);
    },
  },
  {
    change: 'a manifest edited in place, and restored',
    async damage({ cache }) {
      const path = join(cache, 'manifest.json');
      const original = await readFile(path, 'utf8');
      await writeFile(path, original.replace('"document_count": 4', '"document_count": 5'));
      return () => writeFile(path, original);
    },
  },
  {
    change: 'documents/ replaced as a whole by a tampered copy, and the original moved back',
    async damage({ cache, fileOf }) {
      const documents = join(cache, 'documents');
      await cp(documents, join(cache, 'tampered'), { recursive: true });
      const name = (await fileOf('alpha.md')).slice(documents.length + 1);
      const tampered = join(cache, 'tampered', name);
      await writeFile(tampered, sameSizeEdit(await readFile(tampered, 'utf8')));
      await rename(documents, join(cache, 'original'));
      await rename(join(cache, 'tampered'), documents);
      return async () => {
        await rm(documents, { recursive: true });
        await rename(join(cache, 'original'), documents);
      };
    },
  },
  {
    change: 'a 2 GiB sparse document at once, never reading it, and its content written back',
    async damage({ fileOf }) {
      const file = await fileOf('other.md');
      const original = await readFile(file);
      await truncate(file, 2 * 1024 ** 3);
      return async () => {
        await truncate(file, 0);
        await writeFile(file, original);
      };
    },
  },
];

describe.each(MODES)('a verified cache $name', ({ watch }) => {
  it('catches a same-size edit made right after a call, and answers again once it is undone', async () => {
    const { ask, fileOf } = await sample(watch);
    const first = await ask();
    expect(first).toContain('"documents"');
    const file = await fileOf('alpha.md');
    const original = await readFile(file, 'utf8');
    await writeFile(file, sameSizeEdit(original));
    expect(await ask()).toBe('cache_invalid');
    expect(await ask()).toBe('cache_invalid');
    await writeFile(file, original);
    expect(await ask()).toBe(first);
  });

  it.each(TAMPERS)('catches $change', async ({ damage }) => {
    const cache = await sample(watch);
    const first = await cache.ask();
    const repair = await damage(cache);
    expect(await cache.ask()).toBe('cache_invalid');
    await repair();
    expect(await cache.ask()).toBe(first);
  });

  it('answers from a cache rebuilt in place with other documents', async () => {
    const folder = await createTempFolder();
    await writeFiles(folder, { 'sources/a.md': 'alpha beta', 'sources/b.md': 'beta' });
    const cache = join(folder, 'root', 'docs');
    await buildCache({ sources: join(folder, 'sources'), cache, createdAt: new Date(0) });
    const store = createVerifiedCacheStore({ watch });
    stores.push(store);
    const ask = async () =>
      (
        await resolveContext(
          { cache: 'docs', query: 'alpha', budget: 100 },
          { cacheRoot: join(folder, 'root'), caches: store },
        )
      ).documents.map((item) => [item.id, item.score]);
    expect(await ask()).toEqual([
      ['a.md', 0.5],
      ['b.md', 0],
    ]);
    await writeFiles(folder, { 'sources/b.md': 'alpha alpha' });
    await buildCache({
      sources: join(folder, 'sources'),
      cache,
      force: true,
      createdAt: new Date(0),
    });
    expect(await ask()).toEqual([
      ['b.md', 1],
      ['a.md', 0.5],
    ]);
  });

  it('answers a cache that was invalid at its first call once it is repaired', async () => {
    const { ask, fileOf } = await sample(watch);
    const file = await fileOf('alpha.md');
    const original = await readFile(file, 'utf8');
    await writeFile(file, sameSizeEdit(original));
    expect(await ask()).toBe('cache_invalid');
    await writeFile(file, original);
    expect(await ask()).toContain('"documents"');
  });

  it.runIf(process.platform !== 'win32')(
    'answers cache_invalid at once for a document swapped for a symbolic link to a FIFO',
    async () => {
      const { ask, fileOf, root } = await sample(watch);
      const first = await ask();
      const file = await fileOf('alpha.md');
      execFileSync('mkfifo', [join(root, 'fifo')]);
      await rename(file, join(root, 'kept'));
      await symlink(join(root, 'fifo'), file);
      expect(await ask()).toBe('cache_invalid');
      await rm(file);
      await rename(join(root, 'kept'), file);
      expect(await ask()).toBe(first);
    },
  );
});

describe.runIf(watchIsReliableHere)('a verified cache with the directory watch', () => {
  it('is verified once, then answered from memory while nothing changes', async () => {
    const { ask, store } = await sample(true);
    const first = await ask();
    for (let call = 0; call < 5; call += 1) expect(await ask()).toBe(first);
    expect(store.verifications).toBe(1);
  });

  it('watches a cache rebuilt in place again, and answers it from memory', async () => {
    const folder = await createTempFolder();
    await writeFiles(folder, { 'sources/a.md': 'alpha beta', 'sources/b.md': 'beta' });
    const cache = join(folder, 'root', 'docs');
    const build = () =>
      buildCache({ sources: join(folder, 'sources'), cache, force: true, createdAt: new Date(0) });
    await build();
    const store = createVerifiedCacheStore();
    stores.push(store);
    const ask = () =>
      resolveContext(
        { cache: 'docs', query: 'alpha', budget: 100 },
        { cacheRoot: join(folder, 'root'), caches: store },
      );
    await ask();
    await writeFiles(folder, { 'sources/b.md': 'alpha alpha' });
    await build();
    expect((await ask()).documents[0]?.id).toBe('b.md');
    const verified = store.verifications;
    for (let call = 0; call < 3; call += 1) await ask();
    expect(store.verifications).toBe(verified);
  });

  it('verifies once for calls that arrive together', async () => {
    const { ask, store } = await sample(true);
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask()));
    expect(new Set(answers).size).toBe(1);
    expect(store.verifications).toBe(1);
  });
});

describe('the bounds of a verified cache store', () => {
  it('keeps at most maxCaches caches, dropping the least recently used', async () => {
    const root = await createSampleRoot();
    await cp(join(root, 'sample'), join(root, 'copy'), { recursive: true });
    const store = createVerifiedCacheStore({ maxCaches: 1 });
    stores.push(store);
    const ask = (cache: string) =>
      resolveContext({ cache, query: 'beta', budget: 10 }, { cacheRoot: root, caches: store });
    await ask('sample');
    await ask('copy');
    expect(store.size).toBe(1);
    expect(store.characters).toBeGreaterThan(0);
  });

  it('answers but does not keep a cache larger than maxCharacters', async () => {
    const root = await createSampleRoot();
    const store = createVerifiedCacheStore({ maxCharacters: 1 });
    stores.push(store);
    const result = await resolveContext(
      { cache: 'sample', query: 'beta', budget: 10 },
      { cacheRoot: root, caches: store },
    );
    expect(result.selection.documents_considered).toBe(4);
    expect(store.size).toBe(0);
    expect(store.characters).toBe(0);
  });

  it('refuses bounds that are not positive integers', () => {
    expect(() => createVerifiedCacheStore({ maxCaches: 0 })).toThrow(
      expect.objectContaining({ code: 'invalid_options' }),
    );
    expect(() => createVerifiedCacheStore({ maxFileBytes: 1.5 })).toThrow(
      expect.objectContaining({ code: 'invalid_options' }),
    );
  });

  it('drops every cache on close', async () => {
    const root = await createSampleRoot();
    const store = createVerifiedCacheStore();
    await resolveContext(
      { cache: 'sample', query: 'beta', budget: 10 },
      { cacheRoot: root, caches: store },
    );
    expect(store.size).toBe(1);
    store.close();
    expect(store.size).toBe(0);
  });
});

describe('documents/ as the store reads it', () => {
  it('lists every file it holds, subfolders included, as orphans', async () => {
    const root = await createSampleRoot();
    const store = createVerifiedCacheStore();
    stores.push(store);
    await writeFiles(join(root, 'sample'), { 'documents/sub/x.json': '{}' });
    await expect(store.load(join(root, 'sample'))).rejects.toMatchObject({
      code: 'cache_invalid',
      data: { report: { valid: false } },
    });
    expect((await readdir(join(root, 'sample', 'documents'))).includes('sub')).toBe(true);
  });
});
