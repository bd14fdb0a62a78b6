import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NEAREST, nearestNames } from '../../src/text/nearest-names.js';

const foldCase = (name: string) => name.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
const names = fc.array(fc.stringMatching(/^[a-z_]{0,12}$/), { maxLength: 20 });

describe('nearestNames', () => {
  it('ranks typos by edit distance and keeps a forgotten prefix as close', () => {
    const tools = ['list_orders', 'get_order', 'shop_search', 'delete_user'];
    expect(nearestNames('get_ordr', tools)).toEqual(['get_order']);
    expect(nearestNames('search', tools)).toEqual(['shop_search']);
    expect(nearestNames('weather', tools)).toEqual([]);
  });

  it('compares in the key form and answers with the candidates as written', () => {
    expect(nearestNames('CustomerID', ['customer_id', 'order_id'], { key: foldCase })).toEqual([
      'customer_id',
    ]);
  });

  it('ranks every candidate when closeOnly is false', () => {
    expect(nearestNames('ab', ['zzzz', 'ax', 'xb'], { closeOnly: false, limit: 5 })).toEqual([
      'ax',
      'xb',
      'zzzz',
    ]);
  });

  it('has no nearest names for a name whose key is empty', () => {
    expect(nearestNames('__', ['a', 'ab'], { key: foldCase })).toEqual([]);
  });

  it('answers at most limit distinct candidates, each one of the inputs', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), names, fc.nat(6), (name, candidates, limit) => {
        const nearest = nearestNames(name, candidates, { limit, closeOnly: false });
        expect(nearest.length).toBe(name === '' ? 0 : Math.min(limit, new Set(candidates).size));
        expect(new Set(nearest).size).toBe(nearest.length);
        for (const candidate of nearest) expect(candidates).toContain(candidate);
      }),
    );
  });

  it('depends on the inputs alone: an exact match comes first, and the answer is repeatable', () => {
    fc.assert(
      fc.property(names, fc.nat(19), (candidates, pick) => {
        fc.pre(candidates.length > 0);
        const name = candidates[pick % candidates.length] as string;
        fc.pre(name !== '');
        const nearest = nearestNames(name, candidates);
        expect(nearest[0]).toBe(name);
        expect(nearestNames(name, candidates)).toEqual(nearest);
        expect(nearest.length).toBeLessThanOrEqual(MAX_NEAREST);
      }),
    );
  });

  it('returns a subset of the ranked list when closeOnly filters, in the same order', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), names, (name, candidates) => {
        const all = nearestNames(name, candidates, { closeOnly: false, limit: 100 });
        const close = nearestNames(name, candidates, { limit: 100 });
        expect(all.filter((candidate) => close.includes(candidate))).toEqual(close);
      }),
    );
  });
});
