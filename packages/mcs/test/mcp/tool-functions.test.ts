import { describe, expect, it } from 'vitest';
import { renderToolList, toolsToFunctions } from '../../src/mcp/index.js';

const objectSchema = { type: 'object' as const, properties: {} };

describe('toolsToFunctions', () => {
  it('maps each tool to a function with its inputSchema, read as JSON Schema 2020-12', () => {
    const { functions, skipped } = toolsToFunctions([
      { name: 'search', description: 'Search.', inputSchema: objectSchema },
      { name: 'titled', title: 'Only a title', inputSchema: objectSchema },
    ]);
    expect(skipped).toEqual([]);
    expect(functions).toEqual([
      { name: 'search', description: 'Search.', parameters: objectSchema, dialect: '2020-12' },
      { name: 'titled', description: 'Only a title', parameters: objectSchema, dialect: '2020-12' },
    ]);
  });

  it('skips tools with unusable names or repeated names, keeping the others', () => {
    const { functions, skipped } = toolsToFunctions([
      { name: 'has space', inputSchema: objectSchema },
      { name: 'ok', inputSchema: objectSchema },
      { name: 'ok', inputSchema: objectSchema },
      { name: 'x'.repeat(129), inputSchema: objectSchema },
    ]);
    expect(functions.map((definition) => definition.name)).toEqual(['ok']);
    expect(skipped.map((tool) => tool.reason)).toEqual([
      'the name is not 1-128 characters of A-Za-z0-9_.:/-',
      'the name is listed twice',
      'the name is not 1-128 characters of A-Za-z0-9_.:/-',
    ]);
  });
});

describe('renderToolList', () => {
  it('lists the usable tools as tools/list has them, without protocol metadata', () => {
    const tools = [
      {
        name: 'echo',
        title: 'Echo',
        description: 'Echoes.',
        inputSchema: objectSchema,
        annotations: { readOnlyHint: true },
        _meta: { internal: true },
      },
      { name: 'bad name', inputSchema: objectSchema },
    ];
    const { functions } = toolsToFunctions(tools);
    expect(JSON.parse(renderToolList(tools, functions))).toEqual({
      tools: [
        {
          name: 'echo',
          title: 'Echo',
          description: 'Echoes.',
          inputSchema: objectSchema,
          annotations: { readOnlyHint: true },
        },
      ],
    });
  });
});
