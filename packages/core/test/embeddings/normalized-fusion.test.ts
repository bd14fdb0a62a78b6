import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuseNormalized, type QueryPart } from '../../src/embeddings/normalized-fusion.js';

const part = (lexical: number[], cosine: number[]): QueryPart => ({
  lexical: Float64Array.from(lexical),
  cosine: Float64Array.from(cosine),
});

describe('fuseNormalized', () => {
  it('adds the lexical share of the best score and the cosine rescaled to [0, 1]', () => {
    const fused = fuseNormalized(part([4, 2, 0], [0.2, 0.6, 0.4]), [], 1);
    expect([...fused]).toEqual([1 + 0, 0.5 + 1, 0 + 0.5].map((x) => expect.closeTo(x, 12)));
  });

  it('adds the best sentence part, and divides the whole query’s cosine weight by the sentences', () => {
    const whole = part([2, 1, 0], [0.5, 0.1, 0.3]);
    const first = part([3, 0, 0], [0.9, 0.1, 0.1]);
    const second = part([0, 0, 1], [0.0, 0.2, 1.0]);
    const fused = fuseNormalized(whole, [first, second], 1);
    const wholeScores = [1 + 0.5 * 1, 0.5 + 0.5 * 0, 0 + 0.5 * 0.5];
    const firstScores = [1 + 1, 0 + 0, 0 + 0];
    const secondScores = [0 + 0, 0 + 0.2, 1 + 1];
    expect([...fused]).toEqual(
      wholeScores.map((score, i) =>
        expect.closeTo(score + Math.max(firstScores[i] as number, secondScores[i] as number), 12),
      ),
    );
  });

  it('gives 0 shares where every score is 0 or every cosine is the same', () => {
    expect([...fuseNormalized(part([0, 0], [0.3, 0.3]), [], 1)]).toEqual([0, 0]);
  });

  const documents = fc.integer({ min: 1, max: 12 });
  const partOf = (size: number) =>
    fc.record({
      lexical: fc.array(fc.double({ min: 0, max: 50, noNaN: true }), {
        minLength: size,
        maxLength: size,
      }),
      cosine: fc.array(fc.double({ min: -1, max: 1, noNaN: true }), {
        minLength: size,
        maxLength: size,
      }),
    });

  it('keeps every score finite and within its bound', () => {
    fc.assert(
      fc.property(
        documents.chain((size) =>
          fc.tuple(
            partOf(size),
            fc.array(partOf(size), { maxLength: 4 }),
            fc.double({ min: 0, max: 5, noNaN: true }),
          ),
        ),
        ([whole, sentences, weight]) => {
          const parts = sentences.map((s) => part(s.lexical, s.cosine));
          const fused = fuseNormalized(part(whole.lexical, whole.cosine), parts, weight);
          const bound =
            1 + weight / Math.max(1, parts.length) + (parts.length >= 2 ? 1 + weight : 0);
          for (const score of fused) {
            expect(Number.isFinite(score)).toBe(true);
            expect(score).toBeGreaterThanOrEqual(0);
            expect(score).toBeLessThanOrEqual(bound + 1e-9);
          }
        },
      ),
    );
  });

  it('orders by the words alone at weight 0', () => {
    fc.assert(
      fc.property(documents.chain(partOf), (whole) => {
        const fused = fuseNormalized(part(whole.lexical, whole.cosine), [], 0);
        const top = Math.max(0, ...whole.lexical);
        expect([...fused]).toEqual(whole.lexical.map((x) => (top > 0 ? x / top : 0)));
      }),
    );
  });
});
