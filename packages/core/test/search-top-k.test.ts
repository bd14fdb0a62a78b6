import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectTop } from '../src/search/top-k.js';

describe('selectTop', () => {
  it('gives the first `limit` items of a full sort, with and without keys (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 40 }),
        fc.integer({ min: 0, max: 12 }),
        fc.boolean(),
        (values, limit, withKeys) => {
          const keys = Float64Array.from(values);
          const items = Int32Array.from(values.keys());
          // Higher key first, then lower index: a strict total order.
          const isBetter = (a: number, b: number): boolean =>
            (keys[a] as number) > (keys[b] as number) ||
            ((keys[a] as number) === (keys[b] as number) && a < b);
          const expected = [...items]
            .sort((a, b) => (isBetter(a, b) ? -1 : isBetter(b, a) ? 1 : 0))
            .slice(0, limit);
          const top = selectTop(items, items.length, limit, isBetter, withKeys ? keys : undefined);
          expect(top).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
