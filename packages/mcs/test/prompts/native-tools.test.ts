import { describe, expect, it } from 'vitest';
import {
  createCallParser,
  type FunctionDefinition,
  type NativeToolFormat,
  nativeToolFormatFor,
  toNativeTools,
} from '../../src/index.js';
import { createBookshopDriver } from '../helpers/in-memory-drivers.js';

const FUNCTIONS: FunctionDefinition[] = [
  {
    name: 'get_book',
    description: 'Get one book.',
    parameters: {
      type: 'object',
      properties: { isbn: { type: 'string' } },
      required: ['isbn'],
    },
  },
  { name: 'ping', parameters: { type: 'object' } },
];

/** A tool call as each API returns it, for the function `get_book`. */
const API_CALLS: Record<NativeToolFormat, unknown> = {
  openai: {
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'get_book', arguments: '{"isbn":"0-306-40615-2"}' },
      },
    ],
  },
  anthropic: {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Looking it up.' },
      { type: 'tool_use', id: 'toolu_1', name: 'get_book', input: { isbn: '0-306-40615-2' } },
    ],
  },
  gemini: { functionCall: { name: 'get_book', args: { isbn: '0-306-40615-2' } } },
};

describe('native tool formats', () => {
  it('writes the tool definitions of the OpenAI, Anthropic and Gemini APIs', () => {
    expect(toNativeTools(FUNCTIONS, 'openai')).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_book',
          description: 'Get one book.',
          parameters: FUNCTIONS[0]?.parameters,
        },
      },
      { type: 'function', function: { name: 'ping', parameters: { type: 'object' } } },
    ]);
    expect(toNativeTools(FUNCTIONS, 'anthropic')).toEqual([
      { name: 'get_book', description: 'Get one book.', input_schema: FUNCTIONS[0]?.parameters },
      { name: 'ping', input_schema: { type: 'object' } },
    ]);
    expect(toNativeTools(FUNCTIONS, 'gemini')).toEqual([
      {
        functionDeclarations: [
          {
            name: 'get_book',
            description: 'Get one book.',
            parametersJsonSchema: FUNCTIONS[0]?.parameters,
          },
          { name: 'ping', parametersJsonSchema: { type: 'object' } },
        ],
      },
    ]);
  });

  it.each(Object.entries(API_CALLS))('reads back a %s tool call', (format, message) => {
    const parser = createCallParser({ functions: FUNCTIONS });
    expect(parser.parse(JSON.stringify(message))).toMatchObject({
      status: 'calls',
      calls: [{ name: 'get_book', arguments: { isbn: '0-306-40615-2' }, style: format }],
    });
  });

  it('chooses the format by model family, and none outside the three', () => {
    expect(nativeToolFormatFor('gpt-4o-mini')).toBe('openai');
    expect(nativeToolFormatFor('o3-mini')).toBe('openai');
    expect(nativeToolFormatFor('anthropic/claude-sonnet-4')).toBe('anthropic');
    expect(nativeToolFormatFor('gemini-2.5-pro')).toBe('gemini');
    expect(nativeToolFormatFor('llama-3.1-8b')).toBeUndefined();
  });

  it('is offered by every driver, from its function list', () => {
    const { driver } = createBookshopDriver();
    const tools = driver.getNativeTools('anthropic');
    expect(tools.map((tool) => tool.name)).toEqual(
      driver.listFunctions().map((definition) => definition.name),
    );
  });
});
