import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatViewSelector,
  MAX_GREP_PATTERN_LENGTH,
  MAX_SELECTOR_LENGTH,
  parseViewSelector,
  type ViewSelector,
} from '../../../src/firewall/view/view-selector.js';
import { anyText, jsonPathStepArbitrary } from '../../arbitraries.js';
import { thrownCode } from '../../gateway-failures.js';

const count = fc.integer({ min: 0, max: 999_999_999 });
const path = fc.array(jsonPathStepArbitrary, { maxLength: 4 });

const selectorArbitrary: fc.Arbitrary<ViewSelector> = fc.oneof(
  fc.constant({ kind: 'head' as const }),
  fc.integer({ min: 1, max: 999_999_999 }).map((n) => ({ kind: 'head' as const, count: n })),
  fc
    .tuple(fc.integer({ min: 1, max: 999_999_999 }), count)
    .filter(([start, end]) => end >= start)
    .map(([start, end]) => ({ kind: 'lines' as const, start, end })),
  fc.constant({ kind: 'json_keys' as const }),
  path.map((steps) => ({ kind: 'json_keys' as const, path: steps })),
  fc
    .tuple(count, count, fc.option(path, { nil: undefined }))
    .filter(([start, end]) => end >= start)
    .map(([start, end, steps]) =>
      steps === undefined
        ? { kind: 'rows' as const, start, end }
        : { kind: 'rows' as const, start, end, path: steps },
    ),
  path.map((steps) => ({ kind: 'json_path' as const, path: steps })),
  fc
    .string({ minLength: 1, maxLength: MAX_GREP_PATTERN_LENGTH })
    .map((pattern) => ({ kind: 'grep' as const, pattern })),
);

describe('parseViewSelector', () => {
  it('reads every form', () => {
    expect(parseViewSelector('head')).toEqual({ kind: 'head' });
    expect(parseViewSelector('head:5')).toEqual({ kind: 'head', count: 5 });
    expect(parseViewSelector('lines:3-9')).toEqual({ kind: 'lines', start: 3, end: 9 });
    expect(parseViewSelector('json_keys')).toEqual({ kind: 'json_keys' });
    expect(parseViewSelector('json_keys:$.a')).toEqual({
      kind: 'json_keys',
      path: [{ kind: 'member', name: 'a' }],
    });
    expect(parseViewSelector('rows:0-9:$.items')).toEqual({
      kind: 'rows',
      start: 0,
      end: 9,
      path: [{ kind: 'member', name: 'items' }],
    });
    expect(parseViewSelector('$[0]')).toEqual({
      kind: 'json_path',
      path: [{ kind: 'index', index: 0 }],
    });
    expect(parseViewSelector('grep:(?i)error: .*')).toEqual({
      kind: 'grep',
      pattern: '(?i)error: .*',
    });
  });

  it('refuses unknown and malformed selectors with VIEW_FAILED', () => {
    for (const selector of [
      '',
      'tail',
      'HEAD',
      'head:0',
      'head:-1',
      'lines:0-3',
      'lines:5-3',
      'lines:1-2:$.a',
      'rows:3',
      'rows:a-b',
      'grep:',
      `grep:${'a'.repeat(MAX_GREP_PATTERN_LENGTH + 1)}`,
      `head${' '.repeat(MAX_SELECTOR_LENGTH)}`,
      'json_keys:items',
      '$.',
    ]) {
      expect(thrownCode(() => parseViewSelector(selector))).toBe('VIEW_FAILED');
    }
    expect(thrownCode(() => parseViewSelector(42 as unknown as string))).toBe('VIEW_FAILED');
  });

  it('round-trips every selector through formatViewSelector (property)', () => {
    fc.assert(
      fc.property(selectorArbitrary, (selector) => {
        const text = formatViewSelector(selector);
        fc.pre(text.length <= MAX_SELECTOR_LENGTH);
        expect(parseViewSelector(text)).toEqual(selector);
        expect(formatViewSelector(parseViewSelector(text))).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws anything but VIEW_FAILED on hostile text (property)', () => {
    const prefixed = fc
      .tuple(
        fc.constantFrom('', 'head:', 'lines:', 'rows:', 'json_keys:', 'grep:', '$'),
        anyText(60),
      )
      .map(([prefix, rest]) => `${prefix}${rest}`);
    fc.assert(
      fc.property(prefixed, (text) => {
        const outcome = thrownCode(() => parseViewSelector(text));
        expect(outcome === undefined || outcome === 'VIEW_FAILED').toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
