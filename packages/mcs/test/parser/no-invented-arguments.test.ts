import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCallParser, type FunctionDefinition } from '../../src/index.js';

/** A function whose schema accepts any key: an invented argument would pass validation. */
const OPEN: FunctionDefinition[] = [{ name: 'lookup', parameters: { type: 'object' } }];
const parser = createCallParser({ functions: OPEN });

function openAiCall(argumentsText: string): string {
  return JSON.stringify({
    tool_calls: [
      { id: 'c1', type: 'function', function: { name: 'lookup', arguments: argumentsText } },
    ],
  });
}

function mcsCall(argumentsText: string): string {
  return JSON.stringify({ tool: 'lookup', arguments: argumentsText });
}

function countNulls(value: unknown): number {
  if (value === null) return 1;
  if (typeof value !== 'object') return 0;
  return Object.values(value).reduce<number>((count, item) => count + countNulls(item), 0);
}

describe('arguments that are not JSON', () => {
  it.each([
    ['an OpenAI tool_calls entry', openAiCall],
    ['the mcs call shape', mcsCall],
  ])(
    'refuses "{broken" in %s with a retry prompt that says so, instead of inventing a key',
    (_, write) => {
      const result = parser.parse(write('{broken'));
      expect(result).toMatchObject({
        status: 'malformed',
        calls: [],
        issues: [{ reason: 'arguments_not_json', name: 'lookup' }],
      });
      if (result.status !== 'malformed') throw new Error('unreachable');
      expect(result.retryPrompt).toContain('are a string that is not JSON');
      expect(result.retryPrompt).toContain('Nothing was run');
    },
  );

  it('refuses truncated arguments and a value left out, which a repair would have to guess', () => {
    for (const text of ['{"city": "Par', '{"city": }', '{"a": 1', '[1, 2']) {
      expect(parser.parse(openAiCall(text))).toMatchObject({
        status: 'malformed',
        issues: [{ reason: 'arguments_not_json' }],
      });
    }
    expect(parser.parse('{"tool": "lookup", "arguments": {"city": }}')).toMatchObject({
      status: 'malformed',
      issues: [{ reason: 'unparseable_json' }],
    });
  });

  it('repairs near-JSON whose meaning is certain, and reports every repair', () => {
    const cases: [string, Record<string, unknown>][] = [
      ["{city: 'Seoul', days: 2,}", { city: 'Seoul', days: 2 }],
      ['{"flag": True, "none": None}', { flag: true, none: null }],
      ['{"a": 1 /* note */}', { a: 1 }],
    ];
    for (const [text, expected] of cases) {
      expect(parser.parse(openAiCall(text))).toEqual({
        status: 'calls',
        calls: [{ name: 'lookup', arguments: expected, style: 'openai', id: 'c1', repaired: true }],
      });
    }
    expect(parser.parse("{'tool': 'lookup', 'arguments': {'q': 'x'}}")).toEqual({
      status: 'calls',
      calls: [{ name: 'lookup', arguments: { q: 'x' }, style: 'mcs', repaired: true }],
    });
    expect(parser.parse(openAiCall('{"q": "x"}'))).toEqual({
      status: 'calls',
      calls: [{ name: 'lookup', arguments: { q: 'x' }, style: 'openai', id: 'c1' }],
    });
  });

  it('never yields a null the text did not write, whatever the arguments string', () => {
    const unit = fc.constantFrom('{', '}', '[', ']', '"', "'", ':', ',', ' ', 'a', '1', 'x');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 30 }), (tail) => {
        const text = `{${tail}`;
        for (const write of [openAiCall, mcsCall]) {
          const result = parser.parse(write(text));
          if (result.status !== 'calls') continue;
          const written = text.match(/\bnull\b/g)?.length ?? 0;
          expect(countNulls(result.calls[0]?.arguments)).toBeLessThanOrEqual(written);
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it('reads an object written with unquoted keys and a trailing comma as the object itself', () => {
    const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
    const value = fc.oneof(fc.integer(), fc.boolean(), fc.stringMatching(/^[a-zA-Z0-9 ]{0,10}$/));
    fc.assert(
      fc.property(fc.dictionary(key, value, { minKeys: 1, maxKeys: 5 }), (object) => {
        const body = Object.entries(object)
          .map(([name, item]) => `${name}: ${JSON.stringify(item)}`)
          .join(', ');
        const result = parser.parse(openAiCall(`{${body},}`));
        expect(result).toEqual({
          status: 'calls',
          calls: [{ name: 'lookup', arguments: object, style: 'openai', id: 'c1', repaired: true }],
        });
      }),
      { numRuns: 500 },
    );
  });
});
