import { describe, expect, it } from 'vitest';
import { FUNCTION_DETAILS_NAME } from '../../src/index.js';
import { createBookshopDriver } from '../helpers/in-memory-drivers.js';

describe('the schema-only prompt style (mcs §7)', () => {
  it('describes one line per function and the details function, instead of the schemas', () => {
    const { driver: inline } = createBookshopDriver();
    const { driver } = createBookshopDriver({ prompts: { style: 'schema-only' } });
    const description = driver.getFunctionDescription();
    const lines = description.split('\n');
    expect(lines[0]).toBe('search_books(query, in_stock?): Search the catalogue by title.');
    expect(lines.at(-1)).toMatch(/^function_details\(name\): /);
    expect(description).not.toContain('minLength');
    expect(description.length).toBeLessThan(inline.getFunctionDescription().length);
    expect(driver.getDriverSystemMessage('gpt-4o')).toContain(
      '{"tool":"function_details","arguments":{"name":"search_books"}}',
    );
  });

  it('answers function_details itself with the full definition, and never reaches the bridge', async () => {
    const { driver, log } = createBookshopDriver({ prompts: { style: 'schema-only' } });
    const details = await driver.processLlmResponse(
      '{"tool": "function_details", "arguments": {"name": "search_books"}}',
    );
    expect(details).toEqual({
      name: 'search_books',
      description: 'Search the catalogue by title.',
      parameters: driver.listFunctions()[0]?.parameters,
    });
    expect(log).toEqual([]);
    await expect(
      driver.processLlmResponse('{"tool": "function_details", "arguments": {"name": "nope"}}'),
    ).rejects.toMatchObject({ code: 'CALL_INVALID' });
  });

  it('still validates calls against the full schema', async () => {
    const { driver } = createBookshopDriver({ prompts: { style: 'schema-only' } });
    expect(
      driver.parseLlmResponse('{"tool": "search_books", "arguments": {"query": ""}}'),
    ).toMatchObject({ status: 'malformed', issues: [{ reason: 'invalid_arguments' }] });
  });

  it('gives native tools with one-line descriptions and open parameters, details last', () => {
    const { driver } = createBookshopDriver({ prompts: { style: 'schema-only' } });
    const tools = driver.getNativeTools('openai');
    expect(tools.at(-1)).toMatchObject({ function: { name: FUNCTION_DETAILS_NAME } });
    expect(tools[0]).toEqual({
      type: 'function',
      function: {
        name: 'search_books',
        description: 'Search the catalogue by title.',
        parameters: { type: 'object' },
      },
    });
  });

  it('leaves function_details to the inline style as an unknown function', () => {
    const { driver } = createBookshopDriver();
    expect(
      driver.parseLlmResponse(
        '{"tool": "function_details", "arguments": {"name": "search_books"}}',
      ),
    ).toMatchObject({ status: 'malformed', issues: [{ reason: 'unknown_function' }] });
  });
});
