import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCallParser, type FunctionDefinition } from '../../src/index.js';
import { findDuplicateKey } from '../../src/parser/duplicate-keys.js';

const NAMES = ['read_file', 'delete_file', 'search-books', 'shop.get'];
const FUNCTIONS: FunctionDefinition[] = NAMES.map((name) => ({
  name,
  parameters: { type: 'object' },
}));
const parser = createCallParser({ functions: FUNCTIONS });

const NAME = fc.constantFrom(...NAMES);
const ARGUMENTS = fc.dictionary(
  fc
    .string({ minLength: 1, maxLength: 6 })
    .filter((key) => !/^(?:__proto__|constructor|prototype)$/.test(key)),
  fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean()),
  { maxKeys: 3 },
);

/** A chat-completions response whose first choice calls `calls`. */
function chatCompletion(calls: ReadonlyArray<{ name: string; arguments: object }>): string {
  return JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: 'gpt-4o',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          tool_calls: calls.map((call, index) => ({
            id: `call_${index}`,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
        },
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  });
}

describe('duplicate keys', () => {
  it('refuses two "tool" keys in one call instead of running the last', () => {
    const result = parser.parse('{"tool": "read_file", "tool": "delete_file", "arguments": {}}');
    expect(result).toMatchObject({
      status: 'malformed',
      calls: [],
      issues: [{ reason: 'duplicate_key', message: expect.stringContaining('"tool" twice') }],
    });
  });

  it('refuses a key written twice in an arguments string', () => {
    const result = parser.parse(
      '{"tool_calls":[{"function":{"name":"read_file","arguments":"{\\"path\\":\\"a\\",\\"path\\":\\"b\\"}"}}]}',
    );
    expect(result).toMatchObject({ status: 'malformed', issues: [{ reason: 'duplicate_key' }] });
  });

  it('leaves data that repeats a key alone', () => {
    expect(parser.parse('Totals: {"a": 1, "a": 2}')).toEqual({ status: 'no_call' });
  });

  it('runs none of the calls when any name is written twice (property)', () => {
    fc.assert(
      fc.property(NAME, NAME, ARGUMENTS, (first, second, args) => {
        const text = `{"tool": ${JSON.stringify(first)}, "tool": ${JSON.stringify(second)}, "arguments": ${JSON.stringify(args)}}`;
        const result = parser.parse(text);
        expect(result.status).toBe('malformed');
        if (result.status === 'malformed') {
          expect(result.calls).toEqual([]);
          expect(result.issues.map((issue) => issue.reason)).toEqual(['duplicate_key']);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('finds no duplicate in what JSON.stringify writes, and finds a repeated key (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ maxLength: 5 }), (value, key) => {
        expect(findDuplicateKey(JSON.stringify(value))).toBeUndefined();
        const repeated = `{"outer": ${JSON.stringify(value)}, ${JSON.stringify(key)}: 1, ${JSON.stringify(key)}: 2}`;
        expect(findDuplicateKey(repeated)).toBe(key === 'outer' ? 'outer' : key);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a whole chat-completions response', () => {
  it('finds the calls of choices[0].message.tool_calls', () => {
    const result = parser.parse(chatCompletion([{ name: 'read_file', arguments: { path: 'a' } }]));
    expect(result).toEqual({
      status: 'calls',
      calls: [{ name: 'read_file', arguments: { path: 'a' }, style: 'openai', id: 'call_0' }],
    });
  });

  it('reads only the first choice, since choices are alternatives', () => {
    const response = JSON.parse(chatCompletion([{ name: 'read_file', arguments: {} }])) as {
      choices: unknown[];
    };
    const second = JSON.parse(chatCompletion([{ name: 'delete_file', arguments: {} }])) as {
      choices: unknown[];
    };
    response.choices.push(second.choices[0]);
    expect(parser.parse(JSON.stringify(response))).toMatchObject({
      status: 'calls',
      calls: [{ name: 'read_file' }],
    });
  });

  it('answers no_call for a response whose message is only text', () => {
    const text = JSON.stringify({
      choices: [{ index: 0, message: { role: 'assistant', content: 'Dune is in stock.' } }],
    });
    expect(parser.parse(text)).toEqual({ status: 'no_call' });
  });

  it('finds every call, in order, with its arguments (property)', () => {
    const call = fc.record({ name: NAME, arguments: ARGUMENTS });
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 4 }), (calls) => {
        const result = parser.parse(chatCompletion(calls));
        expect(result.status).toBe('calls');
        if (result.status === 'calls') {
          expect(
            result.calls.map(({ name, arguments: args }) => ({ name, arguments: args })),
          ).toEqual(calls);
        }
      }),
      { numRuns: 200 },
    );
  });
});
