import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLargeText } from '../../src/catalog-server/index.js';

/** The length of the answer with no row: `{"tool":<name>,"rows":[` + `\n],"padding":""}`. */
function envelopeLength(tool: string): number {
  return 33 + JSON.stringify(tool).length;
}

describe('createLargeText', () => {
  it('is JSON of exactly the asked size, one row per line', () => {
    const text = createLargeText('search', 5_000);
    expect(text).toHaveLength(5_000);
    const parsed = JSON.parse(text) as { tool: string; rows: Array<Record<string, unknown>> };
    expect(parsed.tool).toBe('search');
    expect(parsed.rows.length).toBeGreaterThan(20);
    expect(text.split('\n')).toHaveLength(parsed.rows.length + 2);
    expect(Object.keys(parsed.rows[0] ?? {})).toEqual([
      'row',
      'id',
      'name',
      'category',
      'value',
      'score',
      'active',
    ]);
  });

  it('gives the same bytes for the same tool and size, and other rows for another tool', () => {
    expect(createLargeText('a', 3_000)).toBe(createLargeText('a', 3_000));
    expect(createLargeText('b', 3_000)).not.toBe(createLargeText('a', 3_000));
  });

  it('keeps the rows of a smaller size as a prefix of a larger one', () => {
    const small = JSON.parse(createLargeText('tool', 2_000)) as { rows: unknown[] };
    const big = JSON.parse(createLargeText('tool', 20_000)) as { rows: unknown[] };
    expect(big.rows.slice(0, small.rows.length)).toEqual(small.rows);
  });

  it('returns the empty envelope when the size is smaller', () => {
    expect(createLargeText('x', 0)).toBe('{"tool":"x","rows":[\n],"padding":""}');
    expect(createLargeText('x', 0)).toHaveLength(envelopeLength('x'));
  });

  it('hits every size from the envelope up, as valid JSON (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.nat({ max: 20_000 }), (tool, extra) => {
        const size = envelopeLength(tool) + extra;
        const text = createLargeText(tool, size);
        expect(text).toHaveLength(size);
        expect(JSON.parse(text)).toHaveProperty('tool', tool);
      }),
    );
  });
});
