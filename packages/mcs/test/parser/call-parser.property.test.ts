import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALL_STYLES,
  createCallParser,
  FORBIDDEN_KEYS,
  type FunctionDefinition,
  formatCall,
} from '../../src/index.js';
import { bracketSoup } from './bracket-soup.js';

const NAMES = ['do_it', 'search-books', 'shop.get', 'fs:read', 'api/v1_list', 'x'];
const FUNCTIONS: FunctionDefinition[] = NAMES.map((name) => ({
  name,
  parameters: { type: 'object' },
}));
const parser = createCallParser({ functions: FUNCTIONS });

const STATUSES = new Set(['no_call', 'calls', 'malformed']);

/** Characters that stress the scanner: brackets, quotes, escapes, comments, fences. */
const JSONISH = bracketSoup(200, [
  '\\',
  '/',
  '*',
  '~',
  '1',
  'tool',
  'arguments',
  'do_it',
  'true',
  '__proto__',
]);

function hasForbiddenKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasForbiddenKey);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(
    ([key, item]) => FORBIDDEN_KEYS.has(key) || hasForbiddenKey(item),
  );
}

const ARGUMENTS = fc
  .dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), {
    maxKeys: 5,
  })
  .filter((value) => !hasForbiddenKey(value));

const CALL = fc.record({ name: fc.constantFrom(...NAMES), arguments: ARGUMENTS });

/** What a model writes around a call: any text, or a soup of brackets, quotes and fences. */
const PROSE = fc.oneof(fc.string({ maxLength: 120 }), bracketSoup(40, ['\\', '/', '*']));

function sameJson(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

describe('the call parser, by property', () => {
  it('never throws and always answers with a known status, on any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), JSONISH), (text) => {
        const result = parser.parse(text);
        expect(STATUSES.has(result.status)).toBe(true);
        if (result.status === 'malformed') expect(result.retryPrompt.length).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on any JSON value, written as text', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        expect(STATUSES.has(parser.parse(JSON.stringify(value)).status)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('finds a well-formed call embedded anywhere in prose, in every style', () => {
    fc.assert(
      fc.property(
        CALL,
        fc.constantFrom(...CALL_STYLES),
        PROSE,
        PROSE,
        fc.boolean(),
        (call, style, before, after, fenced) => {
          const written = formatCall(call, style, { fenced });
          const text = fenced ? `${before}\n${written}\n${after}` : `${before}${written}${after}`;
          const result = parser.parse(text);
          expect(result.status).toBe('calls');
          if (result.status !== 'calls') return;
          expect(result.calls).toHaveLength(1);
          expect(result.calls[0]?.name).toBe(call.name);
          expect(sameJson(result.calls[0]?.arguments, call.arguments)).toBe(true);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('round-trips: parsing a formatted call gives the same name, arguments and style', () => {
    fc.assert(
      fc.property(
        CALL,
        fc.constantFrom(...CALL_STYLES),
        fc.integer({ min: 0, max: 4 }),
        (call, style, indent) => {
          const result = parser.parse(formatCall(call, style, { indent }));
          expect(result.status).toBe('calls');
          if (result.status !== 'calls') return;
          expect(result.calls).toHaveLength(1);
          const [parsed] = result.calls;
          expect(parsed?.name).toBe(call.name);
          expect(parsed?.style).toBe(style);
          expect(sameJson(parsed?.arguments, call.arguments)).toBe(true);
        },
      ),
      { numRuns: 800 },
    );
  });

  it('finds every call of a list, in order, whatever their styles', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(CALL, fc.constantFrom(...CALL_STYLES)), { minLength: 1, maxLength: 5 }),
        PROSE,
        (entries, separator) => {
          const text = entries
            .map(([call, style]) => formatCall(call, style))
            .join(`\n${separator}\n`);
          const result = parser.parse(text);
          expect(result.status).toBe('calls');
          if (result.status !== 'calls') return;
          expect(result.calls.map((call) => call.name)).toEqual(entries.map(([call]) => call.name));
        },
      ),
      { numRuns: 300 },
    );
  });
});
