import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createDistilledEncoderProvider,
  type SentenceEncoderParts,
} from '../../src/embeddings/index.js';
import { centredTable, distillTokenTable } from '../../src/embeddings/token-table.js';
import { dot, normalize } from '../../src/embeddings/vectors.js';

/** A vocabulary of whole words, each with its unigram log-probability, and a 3-d output. */
const VOCABULARY: [string, number, number[]][] = [
  ['the', -2, [1, 1, 1]],
  ['weather', -9, [3, 1, 1]],
  ['forecast', -10, [3, 1.2, 1]],
  ['stock', -9, [1, 3, 1]],
  ['price', -9, [1.2, 3, 1]],
];

/** Encoder parts over {@link VOCABULARY}: one piece per known word, runs counted. */
function fakeParts(runs: number[][] = []): SentenceEncoderParts {
  return {
    vocabularySize: VOCABULARY.length,
    tokenize: (text) =>
      text
        .split(' ')
        .map((word) => VOCABULARY.findIndex(([known]) => known === word))
        .filter((id) => id >= 0),
    logProbability: (id) => VOCABULARY[id]?.[1] ?? 0,
    async embedTokens(ids) {
      runs.push([...ids]);
      return ids.map((id) => Float32Array.from(VOCABULARY[id]?.[2] ?? []));
    },
  };
}

function provider(parts = fakeParts()) {
  return createDistilledEncoderProvider({ load: async () => parts });
}

async function cosine(left: string, right: string): Promise<number> {
  const [a, b] = await provider().embed([left, right]);
  return dot(normalize(a as Float32Array), normalize(b as Float32Array));
}

describe('distillTokenTable', () => {
  it('runs every piece once, in order, and keeps each output as its row', async () => {
    const runs: number[][] = [];
    const table = await distillTokenTable(fakeParts(runs));
    expect(runs.flat()).toEqual([0, 1, 2, 3, 4]);
    expect(table.dimensions).toBe(3);
    expect(Array.from(table.rows.subarray(3, 6))).toEqual([3, 1, 1]);
  });
});

describe('centredTable', () => {
  it('leaves rows whose mean is zero in every column', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: -100, max: 100 }), { minLength: 4, maxLength: 4 }), {
          minLength: 1,
          maxLength: 20,
        }),
        (rows) => {
          const { rows: centred } = centredTable({
            dimensions: 4,
            rows: Float32Array.from(rows.flat()),
          });
          for (let column = 0; column < 4; column += 1) {
            let sum = 0;
            for (let row = 0; row < rows.length; row += 1)
              sum += centred[row * 4 + column] as number;
            expect(Math.abs(sum)).toBeLessThan(1e-3);
          }
        },
      ),
    );
  });
});

describe('createDistilledEncoderProvider', () => {
  it('puts texts about one thing closer than texts about another', async () => {
    expect(await cosine('weather', 'the forecast')).toBeGreaterThan(
      await cosine('weather', 'stock price'),
    );
  });

  it('weighs a frequent piece down: it barely moves a text', async () => {
    expect(await cosine('weather', 'weather the')).toBeGreaterThan(0.99);
  });

  it('distills once for every embed, and reads text lower-cased', async () => {
    const runs: number[][] = [];
    const distilled = provider(fakeParts(runs));
    const [upper] = await distilled.embed(['Weather FORECAST']);
    const [lower] = await distilled.embed(['weather forecast']);
    expect(runs.flat()).toEqual([0, 1, 2, 3, 4]);
    expect(Array.from(upper as Float32Array)).toEqual(Array.from(lower as Float32Array));
  });

  it('answers the same vector whatever order the pieces come in', async () => {
    const distilled = provider();
    const words = VOCABULARY.map(([word]) => word);
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(words, { minLength: 1 }), async (picked) => {
        const [forward, backward] = await distilled.embed([
          picked.join(' '),
          [...picked].reverse().join(' '),
        ]);
        (forward as Float32Array).forEach((value, column) => {
          expect(value).toBeCloseTo((backward as Float32Array)[column] as number, 5);
        });
      }),
    );
  });

  it('gives a text without a known piece the zero vector', async () => {
    const [vector] = await provider().embed(['']);
    expect(Array.from(vector as Float32Array)).toEqual([0, 0, 0]);
  });

  it('names its weighting in its id, so caches tell settings apart', () => {
    const other = createDistilledEncoderProvider({
      smoothing: 0.01,
      load: async () => fakeParts(),
    });
    expect(other.id).not.toBe(provider().id);
    expect(provider().id).toMatch(/^distilled-encoder:use-lite@/);
  });

  it('rejects a smoothing that is not a positive finite number', () => {
    for (const smoothing of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createDistilledEncoderProvider({ smoothing })).toThrow(/smoothing/);
    }
  });

  it('rejects with CANCELLED when the signal has aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(provider().embed(['weather'], controller.signal)).rejects.toMatchObject({
      code: 'CANCELLED',
    });
  });

  it('rejects with UNAVAILABLE when the encoder cannot load, and tries again next time', async () => {
    let calls = 0;
    const flaky = createDistilledEncoderProvider({
      load: async () => {
        calls += 1;
        if (calls === 1) throw new Error('no model');
        return fakeParts();
      },
    });
    await expect(flaky.embed(['weather'])).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(flaky.embed(['weather'])).resolves.toHaveLength(1);
  });
});
