import { describe, expect, it } from 'vitest';
import { createCallParser, type FunctionDefinition, McsError } from '../../src/index.js';

const FUNCTIONS: FunctionDefinition[] = [
  {
    name: 'search_books',
    description: 'Search the catalogue.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' }, max_results: { type: 'integer', maximum: 50 } },
      required: ['query'],
      additionalProperties: false,
    },
  },
  {
    name: 'shop_get_book',
    parameters: { type: 'object', properties: { isbn: { type: 'string' } }, required: ['isbn'] },
  },
];

const parser = createCallParser({ functions: FUNCTIONS });

describe('createCallParser', () => {
  it('answers no_call for prose, and does not treat it as an error', () => {
    expect(parser.parse('Dune is a novel by Frank Herbert.')).toEqual({ status: 'no_call' });
  });

  it('keeps the call ids models give (OpenAI tool_calls, Anthropic tool_use)', () => {
    const openAi = parser.parse(
      '{"tool_calls":[{"id":"call_42","type":"function","function":{"name":"search_books","arguments":"{\\"query\\":\\"emma\\"}"}}]}',
    );
    const anthropic = parser.parse(
      '{"type":"tool_use","id":"toolu_7","name":"search_books","input":{"query":"emma"}}',
    );
    expect(openAi).toMatchObject({ status: 'calls', calls: [{ id: 'call_42', style: 'openai' }] });
    expect(anthropic).toMatchObject({
      status: 'calls',
      calls: [{ id: 'toolu_7', style: 'anthropic' }],
    });
  });

  it('reads empty and missing arguments as an empty object', () => {
    const defaults = createCallParser({
      functions: [{ name: 'ping', parameters: { type: 'object' } }],
    });
    expect(defaults.parse('{"tool": "ping"}')).toMatchObject({
      calls: [{ name: 'ping', arguments: {} }],
    });
    expect(defaults.parse('{"function_call": {"name": "ping", "arguments": ""}}')).toMatchObject({
      calls: [{ name: 'ping', arguments: {} }],
    });
  });

  it('suggests the function the model probably meant, including a forgotten prefix', () => {
    const misspelt = parser.parse('{"tool": "Search-Books", "arguments": {"query": "x"}}');
    const unprefixed = parser.parse('{"tool": "get_book", "arguments": {"isbn": "1"}}');
    expect(misspelt).toMatchObject({
      issues: [{ message: expect.stringContaining('Did you mean "search_books"?') }],
    });
    expect(unprefixed).toMatchObject({
      issues: [{ message: expect.stringContaining('Did you mean "shop_get_book"?') }],
    });
  });

  it('suggests the function behind a small typo, and none for a name far from every function', () => {
    const typo = parser.parse('{"tool": "serch_books", "arguments": {"query": "x"}}');
    const unrelated = parser.parse('{"tool": "weather", "arguments": {}}');
    expect(typo).toMatchObject({
      issues: [{ message: expect.stringContaining('Did you mean "search_books"?') }],
    });
    expect(unrelated).toMatchObject({
      issues: [{ message: 'There is no function named "weather".' }],
    });
  });

  it('lists each schema violation in the retry prompt, with the available functions', () => {
    const result = parser.parse(
      '{"tool": "search_books", "arguments": {"max_results": 99, "author": "x"}}',
    );
    expect(result.status).toBe('malformed');
    if (result.status !== 'malformed') return;
    expect(result.issues[0]?.reason).toBe('invalid_arguments');
    expect(result.issues[0]?.errors).toEqual(
      expect.arrayContaining([
        "/ must have required property 'query'",
        '/ must NOT have additional properties: "author"',
        '/max_results must be <= 50',
      ]),
    );
    expect(result.retryPrompt).toContain('Available functions: search_books, shop_get_book.');
    expect(result.retryPrompt).toContain('/max_results must be <= 50');
  });

  it('gives the same retry prompt for the same mistake', () => {
    const text = '{"tool": "nope", "arguments": {}}';
    expect(parser.parse(text)).toEqual(parser.parse(text));
  });

  it('refuses input that is not text instead of throwing', () => {
    expect(parser.parse(42 as unknown as string)).toMatchObject({
      status: 'malformed',
      issues: [{ reason: 'input_not_text' }],
    });
  });

  it('honours configured limits', () => {
    const strict = createCallParser({
      functions: FUNCTIONS,
      limits: { maxInputChars: 20, maxCalls: 1 },
    });
    expect(strict.parse('x'.repeat(21))).toMatchObject({ issues: [{ reason: 'input_too_large' }] });
    const two = createCallParser({ functions: FUNCTIONS, limits: { maxCalls: 1 } });
    expect(
      two.parse(
        '{"tool":"search_books","arguments":{"query":"a"}} {"tool":"search_books","arguments":{"query":"b"}}',
      ),
    ).toMatchObject({ issues: [{ reason: 'too_many_calls' }] });
  });

  it('never pollutes Object.prototype, whatever keys the text holds', () => {
    const hostile = [
      '{"tool":"search_books","arguments":{"query":"a","__proto__":{"polluted":true}}}',
      "{'tool': 'search_books', 'arguments': {'query': 'a', 'constructor': {'prototype': {'polluted': true}}}}",
      '{"tool_calls":[{"function":{"name":"search_books","arguments":"{\\"__proto__\\":{\\"polluted\\":true}}"}}]}',
    ];
    for (const text of hostile) {
      expect(parser.parse(text)).toMatchObject({
        status: 'malformed',
        issues: [{ reason: 'forbidden_key' }],
      });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('validates with the dialect a function declares, and reads OpenAPI 3.0 nullable', () => {
    const dialects = createCallParser({
      functions: [
        {
          name: 'pair',
          dialect: '2020-12',
          parameters: {
            type: 'object',
            properties: {
              pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] },
            },
          },
        },
        {
          name: 'maybe',
          parameters: { type: 'object', properties: { note: { type: 'string', nullable: true } } },
        },
      ],
    });
    expect(dialects.parse('{"tool":"pair","arguments":{"pair":["a",1]}}').status).toBe('calls');
    expect(dialects.parse('{"tool":"pair","arguments":{"pair":[1,"a"]}}').status).toBe('malformed');
    expect(dialects.parse('{"tool":"maybe","arguments":{"note":null}}').status).toBe('calls');
  });

  it('throws FUNCTION_INVALID for a bad function set and CONFIG_INVALID for bad limits', () => {
    const attempts: [() => unknown, string][] = [
      [
        () => createCallParser({ functions: [{ name: 'has space', parameters: {} }] }),
        'FUNCTION_INVALID',
      ],
      [
        () =>
          createCallParser({
            functions: [FUNCTIONS[0] as FunctionDefinition, FUNCTIONS[0] as FunctionDefinition],
          }),
        'FUNCTION_INVALID',
      ],
      [
        () => createCallParser({ functions: [{ name: 'f', parameters: { type: 'nonsense' } }] }),
        'FUNCTION_INVALID',
      ],
      [
        () =>
          createCallParser({
            functions: [{ name: 'f', parameters: { $schema: 'http://example.org/s' } }],
          }),
        'FUNCTION_INVALID',
      ],
      [() => createCallParser({ functions: FUNCTIONS, limits: { maxDepth: 0 } }), 'CONFIG_INVALID'],
    ];
    for (const [attempt, code] of attempts) {
      expect(attempt).toThrow(McsError);
      try {
        attempt();
      } catch (error) {
        expect((error as McsError).code).toBe(code);
      }
    }
  });
});
