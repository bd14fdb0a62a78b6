import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatJsonPath,
  lookupJsonPath,
  MAX_JSON_PATH_STEPS,
  parseJsonPath,
} from '../../../src/firewall/view/json-path.js';
import { anyText, jsonPathStepArbitrary } from '../../arbitraries.js';
import { thrownCode } from '../../gateway-failures.js';

describe('parseJsonPath', () => {
  it('reads member, quoted and index steps', () => {
    expect(parseJsonPath('$')).toEqual([]);
    expect(parseJsonPath('$.items[0][\'a b\']["c\\"d"][-1].$ref')).toEqual([
      { kind: 'member', name: 'items' },
      { kind: 'index', index: 0 },
      { kind: 'member', name: 'a b' },
      { kind: 'member', name: 'c"d' },
      { kind: 'index', index: -1 },
      { kind: 'member', name: '$ref' },
    ]);
  });

  it('refuses filters, wildcards, slices, recursion and malformed steps with VIEW_FAILED', () => {
    for (const path of [
      '',
      'items',
      '$..a',
      '$.*',
      '$[*]',
      '$[0:2]',
      '$[?(@.a)]',
      "$['a'",
      "$['a\\n']",
      '$[01]',
      '$[-0]',
      '$.1a',
      '$[1',
      `$${'.a'.repeat(MAX_JSON_PATH_STEPS + 1)}`,
    ]) {
      expect(thrownCode(() => parseJsonPath(path))).toBe('VIEW_FAILED');
    }
  });

  it('round-trips steps through formatJsonPath (property)', () => {
    fc.assert(
      fc.property(fc.array(jsonPathStepArbitrary, { maxLength: 8 }), (steps) => {
        const path = formatJsonPath(steps);
        expect(parseJsonPath(path)).toEqual(steps);
        expect(formatJsonPath(parseJsonPath(path))).toBe(path);
      }),
    );
  });

  it('never throws anything but VIEW_FAILED on hostile text (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText(80),
          anyText(80).map((text) => `$${text}`),
        ),
        (text) => {
          const outcome = thrownCode(() => parseJsonPath(text));
          expect(outcome === undefined || outcome === 'VIEW_FAILED').toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('lookupJsonPath', () => {
  const value = { items: [{ name: 'a' }, { name: 'b' }], empty: null };

  it('finds values by member and index, negative indexes from the end', () => {
    expect(lookupJsonPath(value, parseJsonPath('$.items[-1].name'))).toEqual({
      found: true,
      value: 'b',
    });
    expect(lookupJsonPath(value, parseJsonPath('$.empty'))).toEqual({ found: true, value: null });
  });

  it('names the longest existing prefix when a step is missing', () => {
    expect(lookupJsonPath(value, parseJsonPath('$.items[5].name'))).toEqual({
      found: false,
      existing: '$.items',
    });
    expect(lookupJsonPath(value, parseJsonPath('$.items.name'))).toEqual({
      found: false,
      existing: '$.items',
    });
  });

  it('reads own properties only, never the prototype', () => {
    for (const path of ['$.constructor', "$['__proto__']", '$.toString', '$.items.length']) {
      expect(lookupJsonPath(value, parseJsonPath(path)).found).toBe(false);
    }
  });
});
