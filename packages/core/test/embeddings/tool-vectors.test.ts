import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFolderVectorStore,
  createSessionVectorStore,
  createToolVectors,
  defaultVectorCacheDirectory,
  type EmbeddingProvider,
  vectorKey,
} from '../../src/embeddings/index.js';
import { createMemorySessionStore } from '../../src/sessions/index.js';

/** A provider that counts what it embeds: a text's vector is its length and its vowel count. */
function countingProvider(): EmbeddingProvider & { embedded: string[] } {
  const embedded: string[] = [];
  return {
    id: 'counting',
    embedded,
    embed: async (texts) => {
      embedded.push(...texts);
      return texts.map((text) =>
        Float32Array.of(text.length, (text.match(/[aeiou]/g) ?? []).length + 1),
      );
    },
  };
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-core-vectors-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('createToolVectors', () => {
  it('embeds in the background, is ready once done, and a second run over the same folder embeds only changed texts', async () => {
    const store = join(folder, 'a');
    const first = countingProvider();
    const reports: unknown[] = [];
    const vectors = createToolVectors({
      texts: ['alpha', 'beta'],
      provider: first,
      store: createFolderVectorStore(store),
      onReady: (report) => reports.push(report),
    });
    expect(vectors.state).toBe('pending');
    await vectors.settled;
    expect(vectors.ready).toBe(true);
    expect(reports).toEqual([expect.objectContaining({ tools: 2, cached: 0, embedded: 2 })]);
    const second = countingProvider();
    const again = createToolVectors({
      texts: ['alpha', 'gamma'],
      provider: second,
      store: createFolderVectorStore(store),
    });
    await again.settled;
    expect(second.embedded).toEqual(['gamma']);
    const [similar] = await again.similarities(['alpha']);
    expect(similar?.[0]).toBeCloseTo(1, 5);
  });

  it('skips a torn line of the cache file instead of failing', async () => {
    const store = join(folder, 'torn');
    const vectors = createToolVectors({
      texts: ['one'],
      provider: countingProvider(),
      store: createFolderVectorStore(store),
    });
    await vectors.settled;
    await writeFile(
      join(store, 'vectors.jsonl'),
      `${await readFile(join(store, 'vectors.jsonl'), 'utf8')}{"k":"x","v":"AAA`,
    );
    const provider = countingProvider();
    await createToolVectors({ texts: ['one'], provider, store: createFolderVectorStore(store) })
      .settled;
    expect(provider.embedded).toEqual([]);
  });

  it('keeps vectors in a session store (Redis when configured) under the model and content key', async () => {
    const sessions = createMemorySessionStore();
    await createToolVectors({
      texts: ['one'],
      provider: countingProvider(),
      store: createSessionVectorStore(sessions),
    }).settled;
    expect(await sessions.keys('vectors:')).toEqual([`vectors:${vectorKey('counting', 'one')}`]);
  });

  it('is failed, and similarities reject, when the model fails', async () => {
    const errors: unknown[] = [];
    const vectors = createToolVectors({
      texts: ['one'],
      provider: {
        id: 'down',
        embed: async () => {
          throw new Error('down');
        },
      },
      onError: (error) => errors.push(error),
    });
    await vectors.settled;
    expect(vectors.state).toBe('failed');
    expect(errors).toHaveLength(1);
    await expect(vectors.similarities(['x'])).rejects.toThrow();
  });

  it('defaults to a vectors folder in the user cache directory', () => {
    expect(defaultVectorCacheDirectory()).toMatch(/x-mcp[\\/](Cache[\\/])?vectors$/);
  });
});
