import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuseRankings } from '../src/search/index.js';

const ranking = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), {
  maxLength: 7,
});

describe('fuseRankings', () => {
  it('sums 1 / (k + rank) over the rankings that hold an id', () => {
    expect(fuseRankings([['x', 'y'], ['y']], 1)).toEqual([
      { id: 'y', score: 1 / 3 + 1 / 2 },
      { id: 'x', score: 1 / 2 },
    ]);
  });

  it('breaks ties by id and counts a repeated id at its first place', () => {
    expect(
      fuseRankings([
        ['b', 'a', 'b'],
        ['a', 'b'],
      ]).map((hit) => hit.id),
    ).toEqual(['a', 'b']);
  });

  it('holds every id once, scores descending, whatever the order of the rankings', () => {
    fc.assert(
      fc.property(fc.array(ranking, { maxLength: 4 }), fc.nat(100), (rankings, k) => {
        const fused = fuseRankings(rankings, k);
        expect(new Set(fused.map((hit) => hit.id))).toEqual(new Set(rankings.flat()));
        for (let i = 1; i < fused.length; i += 1) {
          expect(fused[i - 1]?.score).toBeGreaterThanOrEqual(fused[i]?.score as number);
        }
        expect(fuseRankings([...rankings].reverse(), k)).toEqual(fused);
      }),
    );
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects k = %s', (k) => {
    expect(() => fuseRankings([['a']], k)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});
