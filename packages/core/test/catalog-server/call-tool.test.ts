import type { CallToolResult } from '@modelcontextprotocol/server';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Catalog,
  type CatalogServerOptions,
  createCatalogServer,
  MAX_ARGUMENT_DEPTH,
} from '../../src/catalog-server/index.js';
import { loadCatalogOnce, SERVERS_CATALOG } from './fixtures.js';

const WEATHER: Catalog = [
  {
    name: 'get_weather',
    description: 'Weather for a city.',
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1 },
        days: { type: 'integer', minimum: 1, maximum: 7 },
        unit: { enum: ['C', 'F'] },
        notes: { type: 'string' },
        extra: { type: 'object' },
      },
      required: ['city'],
      additionalProperties: false,
    },
  },
  {
    name: 'draft7',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { tags: { type: 'array', items: [{ type: 'string' }] } },
    },
  },
  {
    name: 'draft4',
    inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
  },
  { name: 'anything', inputSchema: { type: 'object' } },
];

const pairs: TestPair[] = [];
afterEach(async () => {
  await Promise.all(pairs.splice(0).map((pair) => pair.close()));
});

async function connect(catalog: Catalog, options: CatalogServerOptions = {}): Promise<TestPair> {
  const pair = await createTestPair(createCatalogServer(catalog, options));
  pairs.push(pair);
  return pair;
}

async function call(pair: TestPair, name: string, args?: Record<string, unknown>) {
  const params = args === undefined ? { name } : { name, arguments: args };
  return (await pair.client.callTool(params)) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  const [content] = result.content;
  if (content?.type !== 'text') throw new Error('expected one text content');
  return content.text;
}

describe('tools/call', () => {
  it('echoes the arguments as sorted-key JSON text and as structured content', async () => {
    const pair = await connect(WEATHER);
    const result = await call(pair, 'get_weather', { unit: 'C', city: 'Oslo', days: 3 });
    expect(result.isError).toBeUndefined();
    expect(textOf(result)).toBe(
      '{"arguments":{"city":"Oslo","days":3,"unit":"C"},"tool":"get_weather"}',
    );
    expect(result.structuredContent).toEqual({
      tool: 'get_weather',
      arguments: { unit: 'C', city: 'Oslo', days: 3 },
    });
  });

  it('reports every invalid argument on its own line in an isError result', async () => {
    const pair = await connect(WEATHER);
    const result = await call(pair, 'get_weather', { days: 9, unit: 'K', colour: 'red' });
    expect(result.isError).toBe(true);
    expect(textOf(result).split('\n')).toEqual([
      'Invalid arguments for tool get_weather:',
      "/ must have required property 'city'",
      '/ must NOT have additional properties: "colour"',
      '/days must be <= 7',
      '/unit must be equal to one of the allowed values: ["C","F"]',
    ]);
  });

  it('validates a call without arguments as an empty object', async () => {
    const pair = await connect(WEATHER);
    const result = await call(pair, 'get_weather');
    expect(textOf(result)).toBe(
      "Invalid arguments for tool get_weather:\n/ must have required property 'city'",
    );
  });

  it('honours a draft-07 $schema, where items may be an array', async () => {
    const pair = await connect(WEATHER);
    expect((await call(pair, 'draft7', { tags: ['a', 2] })).isError).toBeUndefined();
    expect(textOf(await call(pair, 'draft7', { tags: [1] }))).toContain('/tags/0 must be string');
  });

  it('lists a tool whose $schema ajv does not support, and says so when it is called', async () => {
    const pair = await connect(WEATHER);
    const { tools } = await pair.client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('draft4');
    const result = await call(pair, 'draft4', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'Tool draft4 cannot be called: its input schema does not compile: unsupported $schema "http://json-schema.org/draft-04/schema#" (supported: draft-07, 2019-09, 2020-12)',
    );
  });

  it('lists a catalog tool whose schema is invalid, and answers its calls with isError', async () => {
    const pair = await connect(await loadCatalogOnce(SERVERS_CATALOG), {
      prefixServer: true,
      pageSize: 0,
    });
    const { tools } = await pair.client.listTools();
    const broken = tools.find((tool) => tool.name.endsWith('__read_pdf'));
    expect(broken).toBeDefined();
    const result = await call(pair, broken?.name ?? '', { sources: [] });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /its input schema does not compile: schema is invalid: .*exclusiveMinimum/,
    );
    const search = await call(pair, 'web-search__web_search', {
      query: '天气',
      num_results: 'five',
    });
    expect(textOf(search)).toContain('/num_results must be number');
  });

  it('answers an unknown tool with a JSON-RPC invalid-params error naming it', async () => {
    const pair = await connect(WEATHER);
    await expect(call(pair, 'get_wether', {})).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown tool: "get_wether"'),
    });
  });

  it('cuts an absurdly long unknown name in the error message', async () => {
    const pair = await connect(WEATHER);
    const error = await call(pair, 'x'.repeat(100_000), {}).catch((caught: Error) => caught);
    expect((error as Error).message.length).toBeLessThan(300);
  });

  it('removes reserved arguments before validation', async () => {
    const pair = await connect(WEATHER);
    const result = await call(pair, 'get_weather', {
      city: 'Oslo',
      __x_behaviour: 'echo',
      __x_size: 5,
    });
    expect(result.structuredContent).toEqual({ tool: 'get_weather', arguments: { city: 'Oslo' } });
  });

  it('rejects an unknown or out-of-range reserved argument instead of ignoring it', async () => {
    const pair = await connect(WEATHER);
    const typo = await call(pair, 'get_weather', { city: 'Oslo', __x_behavior: 'fail' });
    expect(typo.isError).toBe(true);
    expect(textOf(typo)).toBe(
      'Invalid reserved arguments:\nunknown reserved argument(s) "__x_behavior" (known: __x_behaviour, __x_size, __x_delay_ms)',
    );
    const negative = await call(pair, 'get_weather', { city: 'Oslo', __x_size: -1 });
    expect(textOf(negative)).toMatch(/^Invalid reserved arguments:\n__x_size: /);
    const unknownBehaviour = await call(pair, 'get_weather', { __x_behaviour: 'explode' });
    expect(textOf(unknownBehaviour)).toMatch(/^Invalid reserved arguments:\n__x_behaviour: /);
  });

  it('validates and echoes a 5 MB argument', async () => {
    const pair = await connect(WEATHER);
    const notes = 'n'.repeat(5_000_000);
    const result = await call(pair, 'get_weather', { city: 'Oslo', notes });
    expect(textOf(result)).toBe(
      JSON.stringify({ arguments: { city: 'Oslo', notes }, tool: 'get_weather' }),
    );
    const invalid = await call(pair, 'get_weather', { city: 'Oslo', notes: [notes] });
    expect(textOf(invalid)).toContain('/notes must be string');
  });

  it('answers arguments nested deeper than the limit with isError, and accepts the limit', async () => {
    const pair = await connect(WEATHER);
    let deep: unknown = {};
    for (let level = 0; level < 100_000; level += 1) deep = { deeper: deep };
    const tooDeep = await call(pair, 'anything', { deep });
    expect(textOf(tooDeep)).toBe(
      `Invalid arguments for tool anything:\n/ nests deeper than ${MAX_ARGUMENT_DEPTH} levels`,
    );
    let atLimit: unknown = 1;
    for (let level = 1; level < MAX_ARGUMENT_DEPTH; level += 1) atLimit = [atLimit];
    const fine = await call(pair, 'anything', { atLimit });
    expect(fine.isError).toBeUndefined();
  });

  it('never lets a __proto__ argument reach a prototype chain', async () => {
    const pair = await connect(WEATHER);
    const args = JSON.parse('{"__proto__": {"city": "Oslo"}, "x": 1}') as Record<string, unknown>;
    const result = await call(pair, 'get_weather', args);
    expect(textOf(result)).toContain("/ must have required property 'city'");
    expect(({} as Record<string, unknown>).city).toBeUndefined();
  });
});
