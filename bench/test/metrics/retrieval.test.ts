import { describe, expect, it } from 'vitest';
import { mean, ndcgAtK, recallAtK, reciprocalRank } from '../../src/metrics/retrieval.js';

// Graded judgements: a is highly relevant, b and d relevant, c judged not relevant.
const judgements = new Map([
  ['a', 2],
  ['b', 1],
  ['c', 0],
  ['d', 1],
]);

describe('retrieval metrics', () => {
  it('computes nDCG@3 with graded gains and log2 discounts', () => {
    // DCG = 1/log2(2) + 0/log2(3) + 2/log2(4) = 2; ideal = 2/1 + 1/log2(3) + 1/2.
    const ideal = 2 + 1 / Math.log2(3) + 0.5;
    expect(ndcgAtK(['b', 'c', 'a', 'x'], judgements, 3)).toBeCloseTo(2 / ideal, 12);
    expect(ndcgAtK(['b', 'c', 'a', 'x'], judgements, 3)).toBeCloseTo(0.6388, 4);
    expect(ndcgAtK(['a', 'b', 'd'], judgements, 3)).toBe(1);
  });

  it('computes recall@k over the relevant documents only', () => {
    expect(recallAtK(['b', 'c', 'a'], judgements, 2)).toBeCloseTo(1 / 3, 12);
    expect(recallAtK(['b', 'c', 'a'], judgements, 3)).toBeCloseTo(2 / 3, 12);
    expect(recallAtK(['a', 'b', 'd', 'c'], judgements, 10)).toBe(1);
  });

  it('computes the reciprocal rank of the first relevant document', () => {
    expect(reciprocalRank(['b', 'a'], judgements)).toBe(1);
    expect(reciprocalRank(['x', 'c', 'd'], judgements)).toBeCloseTo(1 / 3, 12);
    expect(reciprocalRank(['x', 'c'], judgements)).toBe(0);
  });

  it('gives 0 for every figure when nothing is relevant, and means of empty lists are 0', () => {
    const none = new Map([['c', 0]]);
    expect(ndcgAtK(['c'], none, 10)).toBe(0);
    expect(recallAtK(['c'], none, 10)).toBe(0);
    expect(mean([])).toBe(0);
    expect(mean([0.5, 1])).toBe(0.75);
  });
});
