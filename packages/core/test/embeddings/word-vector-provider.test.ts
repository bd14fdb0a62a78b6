import { describe, expect, it } from 'vitest';
import {
  createHybridSearch,
  createWordVectorProvider,
  WORD_VECTOR_STOP_WORDS,
  type WordVectorTable,
} from '../../src/embeddings/index.js';
import { dot, normalize } from '../../src/embeddings/vectors.js';
import { createSearchIndex } from '../../src/search/index.js';

/** A tiny table, most frequent word first: weather words on one axis, money on another. */
const WORDS: [string, number[]][] = [
  ['the', [0.1, 0.1, 0.1]],
  ['weather', [1, 0.1, 0]],
  ['temperature', [0.9, 0.2, 0]],
  ['forecast', [1, 0, 0.1]],
  ['stock', [0, 1, 0.1]],
  ['price', [0.1, 0.9, 0]],
  ['city', [0.2, 0.2, 1]],
];

const TABLE: WordVectorTable = {
  dimensions: 3,
  words: WORDS.map(([word]) => word),
  vectors: Float32Array.from(WORDS.flatMap(([, vector]) => vector)),
};

function provider(options: { removedComponents?: number } = {}) {
  return createWordVectorProvider({ table: TABLE, name: 'tiny', ...options });
}

async function cosine(left: string, right: string): Promise<number> {
  const [a, b] = await provider({ removedComponents: 0 }).embed([left, right]);
  return dot(normalize(a as Float32Array), normalize(b as Float32Array));
}

describe('createWordVectorProvider', () => {
  it('puts texts about one thing closer than texts about another', async () => {
    expect(await cosine('temperature', 'weather forecast')).toBeGreaterThan(
      await cosine('temperature', 'stock price'),
    );
  });

  it('reads words case-blind and splits camel case and punctuation', async () => {
    const [plain, written] = await provider().embed(['stock price', 'getStock-PRICE']);
    expect([...(written as Float32Array)]).toEqual([...(plain as Float32Array)]);
  });

  it('skips stop words and unknown words, and gives the zero vector to a text without a known word', async () => {
    expect(WORD_VECTOR_STOP_WORDS.has('the')).toBe(true);
    const [bare, padded, unknown, empty] = await provider().embed([
      'weather',
      'the weather of zyzzyva',
      'zyzzyva',
      '',
    ]);
    expect([...(padded as Float32Array)]).toEqual([...(bare as Float32Array)]);
    expect([...(unknown as Float32Array)]).toEqual([0, 0, 0]);
    expect([...(empty as Float32Array)]).toEqual([0, 0, 0]);
  });

  it('removes the dominant directions of the table: what is left is orthogonal to them', async () => {
    const all = await provider({ removedComponents: 3 }).embed(['weather city stock']);
    for (const value of all[0] as Float32Array) expect(Math.abs(value)).toBeLessThan(1e-5);
  });

  it('embeds the same text to the same bytes in two providers, and names table and settings in its id', async () => {
    const [first] = await provider().embed(['city weather']);
    const [second] = await provider().embed(['city weather']);
    expect(Buffer.from((first as Float32Array).buffer)).toEqual(
      Buffer.from((second as Float32Array).buffer),
    );
    expect(provider().id).toBe('word-vectors:tiny#sif-a0.001-pc5');
  });

  it('rejects an aborted embedding with CANCELLED', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(provider().embed(['weather'], controller.signal)).rejects.toMatchObject({
      code: 'CANCELLED',
    });
  });

  it.each([
    [{ name: '' }, /name/],
    [{ smoothing: 0 }, /smoothing/],
    [{ smoothing: Number.NaN }, /smoothing/],
    [{ removedComponents: -1 }, /removedComponents/],
    [{ removedComponents: 0.5 }, /removedComponents/],
    [{ table: { ...TABLE, dimensions: 0 } }, /dimensions/],
    [{ table: { ...TABLE, vectors: new Float32Array(5) } }, /vectors/],
  ])('rejects the options %j with INVALID_ARGUMENT', (options, message) => {
    expect(() => createWordVectorProvider({ table: TABLE, name: 'tiny', ...options })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(message),
      }),
    );
  });

  it('finds by meaning in a hybrid search what the words of the query miss', async () => {
    const tools = [
      { id: 'forecast_now', text: 'weather forecast for a city' },
      { id: 'quotes', text: 'stock price' },
    ];
    const lexical = createSearchIndex<(typeof tools)[number], 'text'>({
      fields: { text: {} },
      id: (tool) => tool.id,
      text: (tool) => tool.text,
    });
    lexical.add(tools);
    const search = createHybridSearch({
      documents: tools,
      id: (tool) => tool.id,
      embeddingText: (tool) => tool.text,
      lexical,
      provider: provider({ removedComponents: 0 }),
      fusion: 'score',
    });
    const result = await search.search('temperature');
    expect(lexical.search('temperature')).toEqual([]);
    expect(result.hits[0]?.id).toBe('forecast_now');
  });
});
