import { describe, expect, it } from 'vitest';
import {
  createCallParser,
  genericPromptStrategy,
  type PromptStrategy,
  selectPromptStrategy,
} from '../../src/index.js';
import { createBookshopDriver } from '../helpers/in-memory-drivers.js';

describe('getFunctionDescription (mcs §3.1)', () => {
  it('renders the functions as a standard JSON array of name, description and JSON Schema parameters', () => {
    const { driver } = createBookshopDriver();
    const description = JSON.parse(driver.getFunctionDescription()) as {
      name: string;
      parameters: unknown;
    }[];
    expect(description.map((entry) => entry.name)).toEqual([
      'search_books',
      'get_stock',
      'reserve',
    ]);
    expect(description[0]).toMatchObject({
      description: 'Search the catalogue by title.',
      parameters: { required: ['query'] },
    });
  });

  it('renders a condensed form with signatures, constraints and defaults on request', () => {
    const { driver } = createBookshopDriver({ descriptionFormat: 'condensed' });
    expect(driver.getFunctionDescription().split('\n').slice(0, 4)).toEqual([
      'search_books(query: string, in_stock?: boolean)',
      '  Search the catalogue by title.',
      '  - query: Words of the title. (min length 1)',
      '  - in_stock: Default false.',
    ]);
  });

  it('returns the custom tool description unchanged when one is set (mcs §4)', () => {
    const { driver } = createBookshopDriver({
      prompts: { customToolDescription: 'Only search_books(query).' },
    });
    expect(driver.getFunctionDescription('gpt-4o')).toBe('Only search_books(query).');
    expect(driver.getDriverSystemMessage('gpt-4o')).toContain('Only search_books(query).');
  });
});

describe('getDriverSystemMessage (mcs §3.2)', () => {
  const { driver } = createBookshopDriver();

  it('phrases the message per model family', () => {
    expect(driver.getDriverSystemMessage('gpt-4o')).toMatch(/^# Tools/);
    expect(driver.getDriverSystemMessage('claude-sonnet-4')).toContain('<functions>');
    expect(driver.getDriverSystemMessage('meta-llama/Llama-3.1-8B-Instruct')).toMatch(
      /^You are a helpful assistant that can call functions\./,
    );
    expect(driver.getDriverSystemMessage('some-new-model')).toBe(driver.getDriverSystemMessage());
    expect(driver.getDriverSystemMessage()).toMatch(/^You can use the functions described below/);
  });

  it('embeds the description and an example call the parser accepts, in every strategy', () => {
    const parser = createCallParser({ functions: driver.listFunctions() });
    for (const model of [undefined, 'gpt-4o', 'claude-opus-4', 'llama3.1:8b', 'qwen2.5-7b']) {
      const message = driver.getDriverSystemMessage(model);
      expect(message).toContain(driver.getFunctionDescription(model));
      const example = message.match(/\{"tool":"search_books","arguments":\{[^\n]*\}\}/)?.[0] ?? '';
      expect(parser.parse(example)).toMatchObject({
        status: 'calls',
        calls: [{ name: 'search_books', arguments: { query: '...' } }],
      });
    }
  });

  it('lists the strategies it has as target_llms when the meta does not say', () => {
    expect(driver.meta.target_llms[0]).toBe('*');
    expect(driver.meta.target_llms).toEqual(expect.arrayContaining(['gpt-*', 'claude*', 'llama*']));
  });

  it('uses a custom system message, filling its placeholders (mcs §4)', () => {
    const custom = createBookshopDriver({
      prompts: {
        customSystemMessage: 'Tools:\n{{function_description}}\nExample: {{example_call}}',
      },
    }).driver;
    const message = custom.getDriverSystemMessage('gpt-4o');
    expect(message).toMatch(/^Tools:\n\[/);
    expect(message).toContain('Example: {"tool":"search_books","arguments":{"query":"..."}}');
    const computed = createBookshopDriver({
      prompts: {
        customSystemMessage: (context) =>
          `${context.functions.length} functions for ${context.modelName}`,
      },
    }).driver;
    expect(computed.getDriverSystemMessage('o3')).toBe('3 functions for o3');
  });

  it('prefers a custom strategy for its models over the built-in ones', () => {
    const tuned: PromptStrategy = {
      id: 'tuned',
      targetLlms: ['gpt-4o'],
      render: () => 'tuned prompt',
    };
    const { driver: custom } = createBookshopDriver({ prompts: { strategies: [tuned] } });
    expect(custom.getDriverSystemMessage('gpt-4o')).toBe('tuned prompt');
    expect(custom.getDriverSystemMessage('gpt-4o-mini')).toMatch(/^# Tools/);
    expect(custom.meta.target_llms).toContain('gpt-4o');
  });
});

describe('selectPromptStrategy', () => {
  const broad: PromptStrategy = { id: 'broad', targetLlms: ['gpt-*'], render: () => 'broad' };
  const narrow: PromptStrategy = { id: 'narrow', targetLlms: ['gpt-4o*'], render: () => 'narrow' };
  const generic: PromptStrategy = { id: 'mine', targetLlms: ['*'], render: () => 'mine' };

  it('picks the most specific matching pattern, whatever the order', () => {
    expect(selectPromptStrategy([broad, narrow], 'gpt-4o-mini', genericPromptStrategy).id).toBe(
      'narrow',
    );
    expect(selectPromptStrategy([narrow, broad], 'gpt-4.1', genericPromptStrategy).id).toBe(
      'broad',
    );
  });

  it('falls back to the first * strategy, then to the given fallback', () => {
    expect(selectPromptStrategy([broad, generic], 'mistral-large', genericPromptStrategy).id).toBe(
      'mine',
    );
    expect(selectPromptStrategy([broad], undefined, genericPromptStrategy).id).toBe('generic');
  });
});
