import type { Tool } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { SchemaTrustOptionsSchema } from '../../src/controls/controls-options.js';
import { createSchemaTrust } from '../../src/controls/schema-trust.js';
import { GatewayError } from '../../src/errors.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../src/server/runtime.js';
import { fakeUpstream, simpleTool } from '../helpers.js';

const misspeltType: Tool = {
  name: 'misspelt',
  inputSchema: { type: 'object', properties: { x: { type: 'strnig' } } } as Tool['inputSchema'],
};
function deepSchema(depth: number): Tool['inputSchema'] {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < depth; level += 1) {
    schema = { type: 'object', properties: { next: schema } };
  }
  return schema as Tool['inputSchema'];
}
const deep: Tool = { name: 'deep', inputSchema: deepSchema(6) };
const draft07: Tool = {
  name: 'draft07',
  inputSchema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { when: { type: 'string', format: 'date' } },
  } as Tool['inputSchema'],
};

let runtime: GatewayRuntime | undefined;
afterEach(() => {
  runtime?.close();
  runtime = undefined;
});

async function trust(options: object) {
  return createSchemaTrust(SchemaTrustOptionsSchema.parse(options));
}

describe('schema trust at ingest', () => {
  it('flags meta-invalid and over-complex schemas in the refresh report and keeps the tools (lenient)', async () => {
    const upstream = fakeUpstream('up', [simpleTool('fine', ['a']), misspeltType, deep, draft07]);
    runtime = await createGatewayRuntime({
      upstreams: [upstream],
      schemaTrust: await trust({ limits: { maxDepth: 8 } }),
    });
    const report = runtime.lastRefresh.schemas;
    expect(report?.mode).toBe('lenient');
    expect(report?.checked).toBe(4);
    expect(report?.flagged.map((item) => [item.tool_id.split('#')[0], item.upstream])).toEqual([
      ['up:deep', 'up'],
      ['up:misspelt', 'up'],
    ]);
    expect(report?.flagged[0]?.reason).toMatch(/deeper than 8/);
    expect(report?.flagged[1]?.reason).toMatch(/type/);
    expect(runtime.catalog.size).toBe(4);
  });

  it('answers SCHEMA_INVALID, not ARGS_INVALID, when a flagged tool is executed, and nothing reaches upstream', async () => {
    const upstream = fakeUpstream('up', [simpleTool('fine', ['a']), misspeltType]);
    runtime = await createGatewayRuntime({ upstreams: [upstream], schemaTrust: await trust({}) });
    const id = runtime.catalog.toolIds.find((toolId) => toolId.startsWith('up:misspelt#')) ?? '';
    const failure = await runtime.execute(id, { x: 1 }).catch((error: unknown) => error);
    expect(GatewayError.isInstance(failure) && failure.code).toBe('SCHEMA_INVALID');
    expect(upstream.calls).toEqual([]);
    const fine = runtime.catalog.toolIds.find((toolId) => toolId.startsWith('up:fine#')) ?? '';
    await expect(runtime.execute(fine, { a: 'x' })).resolves.toMatchObject({ result: {} });
  });

  it('refuses the whole catalog in strict mode, naming the tools', async () => {
    const upstream = fakeUpstream('up', [simpleTool('fine'), misspeltType]);
    const failure = await createGatewayRuntime({
      upstreams: [upstream],
      schemaTrust: await trust({ mode: 'strict' }),
    }).catch((error: unknown) => error);
    expect(GatewayError.isInstance(failure) && failure.code).toBe('SCHEMA_INVALID');
    expect((failure as Error).message).toMatch(/catalog refused: 1 upstream schema.*up:misspelt#/);
  });

  it('keeps the previous catalog when a strict refresh brings a bad schema, and reports why', async () => {
    const upstream = fakeUpstream('up', [simpleTool('fine')]);
    runtime = await createGatewayRuntime({
      upstreams: [upstream],
      schemaTrust: await trust({ mode: 'strict' }),
    });
    upstream.tools = [simpleTool('fine'), simpleTool('other'), misspeltType];
    const report = await runtime.refresh();
    expect(report.error?.error).toBe('SCHEMA_INVALID');
    expect(report.schemas).toEqual({ mode: 'strict', checked: 1, flagged: [] });
    expect(runtime.catalog.size).toBe(1);
  });

  it('accepts schemas of every supported dialect and bounds size and properties', async () => {
    const wide: Tool = {
      name: 'wide',
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(
          Array.from({ length: 30 }, (_, index) => [`p${index}`, { type: 'string' }]),
        ),
      },
    };
    const upstream = fakeUpstream('up', [draft07, wide, simpleTool('fine', ['a', 'b'])]);
    runtime = await createGatewayRuntime({
      upstreams: [upstream],
      schemaTrust: await trust({ limits: { maxProperties: 20 } }),
    });
    expect(runtime.lastRefresh.schemas?.flagged.map((item) => item.reason)).toEqual([
      'the schema has more than 20 properties',
    ]);
    const small = await trust({ limits: { maxLength: 40 } });
    expect(small.limits.maxLength).toBe(40);
  });
});
