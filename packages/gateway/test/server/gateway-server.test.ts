import { countJsonTokens } from '@x/core/tokens';
import { createTestPair, type TestPair } from '@x/test-kit';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ARTIFACT_HANDLE_PATTERN } from '../../src/artifacts/artifact.js';
import type { ChoiceCard } from '../../src/cards/choice-card.js';
import type { GatewayErrorPayload } from '../../src/error-payload/error-payload.js';
import { type ResultEnvelope, ResultEnvelopeSchema } from '../../src/firewall/result-envelope.js';
import { createGatewayServer } from '../../src/server/gateway-server.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../src/server/runtime.js';
import { anyText, toolIdArbitrary } from '../arbitraries.js';
import { firstText, referenceUpstreams, type SpyingUpstream, structured } from '../helpers.js';

/** The ceiling on the gateway's `tools/list` (issue 19: at most 300 tokens). */
const GATEWAY_TOOLS_LIST_TOKENS = 300;

let pairs: TestPair[];
let upstreams: Record<'everything' | 'filesystem' | 'memory', SpyingUpstream>;
let runtime: GatewayRuntime;

beforeEach(async () => {
  pairs = [];
  upstreams = await referenceUpstreams(pairs);
  runtime = await createGatewayRuntime({ upstreams: Object.values(upstreams) });
});

afterEach(async () => {
  runtime.close();
  for (const pair of pairs.reverse()) await pair.close();
});

async function gateway(options: Parameters<typeof createGatewayServer>[1] = {}) {
  const pair = await createTestPair(createGatewayServer(runtime, options));
  pairs.push(pair);
  return pair.client;
}

function idOf(name: string, namespace: string): string {
  const id = runtime.catalog.toolIds.find((toolId) => toolId.startsWith(`${namespace}:${name}#`));
  if (id === undefined) throw new Error(`no ${namespace}:${name}`);
  return id;
}

describe('the gateway server', () => {
  it('lists exactly tool_browse, tool_execute and tool_view', async () => {
    const client = await gateway();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['tool_browse', 'tool_execute', 'tool_view']);
    for (const tool of tools) expect(tool.name).toMatch(/^[A-Za-z0-9_./-]{1,64}$/);
  });

  it('costs at most 300 cl100k_base tokens in tools/list and still says how to use each tool', async () => {
    const client = await gateway();
    const { tools } = await client.listTools();
    expect(countJsonTokens(tools)).toBeLessThanOrEqual(GATEWAY_TOOLS_LIST_TOKENS);
    const [browse, execute, view] = tools;
    expect(browse?.description).toMatch(/query.*path.*not both/s);
    expect(browse?.description).toContain('tool_execute');
    expect(browse?.inputSchema.properties).toHaveProperty('top_k');
    expect(execute?.inputSchema.required).toEqual(['tool_id']);
    expect(execute?.description).toContain('tool_view');
    expect(view?.inputSchema.required).toEqual(['handle', 'selector']);
    for (const tool of tools) expect(tool.inputSchema.additionalProperties).toBe(false);
  });

  it('ranks every tool for a query and renders budgeted cards, best first', async () => {
    const client = await gateway();
    const result = await client.callTool({
      name: 'tool_browse',
      arguments: { query: 'write text to a file', top_k: 3 },
    });
    expect(result.isError).toBeUndefined();
    const { cards } = structured<{ cards: ChoiceCard[] }>(result);
    expect(cards).toHaveLength(3);
    expect(cards[0]?.id).toBe(idOf('write_file', 'filesystem'));
    const scores = cards.map((card) => card.score ?? 0);
    expect(scores).toEqual([...scores].sort((left, right) => right - left));
    const lines = firstText(result).split('\n');
    expect(lines[0]).toBe('3 tools, best first. Run one with tool_execute(tool_id, args):');
    expect(lines[1]?.startsWith(`${cards[0]?.id}: `)).toBe(true);
    expect(JSON.stringify(cards)).not.toContain('inputSchema');
  });

  it('returns ten cards by default and refuses top_k above 50', async () => {
    const client = await gateway();
    const many = await client.callTool({ name: 'tool_browse', arguments: { query: 'file' } });
    expect(structured<{ cards: ChoiceCard[] }>(many).cards).toHaveLength(10);
    const tooMany = await client.callTool({
      name: 'tool_browse',
      arguments: { query: 'file', top_k: 51 },
    });
    expect(tooMany.isError).toBe(true);
    expect(structured<GatewayErrorPayload>(tooMany).error).toBe('ARGS_INVALID');
  });

  it('browses the ChoiceGraph by path and tells PATH_INVALID from PATH_NOT_FOUND', async () => {
    const client = await gateway();
    const root = await client.callTool({ name: 'tool_browse', arguments: { path: '/' } });
    expect(structured<{ cards: ChoiceCard[] }>(root).cards.map((card) => card.id)).toEqual([
      '/everything',
      '/filesystem',
      '/memory',
    ]);
    const memory = await client.callTool({ name: 'tool_browse', arguments: { path: '/memory' } });
    expect(structured<{ cards: ChoiceCard[] }>(memory).cards).toHaveLength(9);
    const invalid = await client.callTool({ name: 'tool_browse', arguments: { path: '/memory/' } });
    expect(structured<GatewayErrorPayload>(invalid)).toMatchObject({
      error: 'PATH_INVALID',
      path: '/memory/',
      retryable: false,
    });
    const missing = await client.callTool({ name: 'tool_browse', arguments: { path: '/nope' } });
    expect(structured<GatewayErrorPayload>(missing)).toMatchObject({
      error: 'PATH_NOT_FOUND',
      path: '/nope',
    });
  });

  it('refuses browse with both or neither of query and path', async () => {
    const client = await gateway();
    for (const args of [{}, { query: 'x', path: '/' }, { query: 'x', extra: 1 }]) {
      const result = await client.callTool({ name: 'tool_browse', arguments: args });
      expect(result.isError).toBe(true);
      expect(structured<GatewayErrorPayload>(result).error).toBe('ARGS_INVALID');
    }
  });

  it('executes a tool and returns a ResultEnvelope with the upstream blocks of a small result as its content', async () => {
    const client = await gateway();
    const toolId = idOf('echo', 'everything');
    const result = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: toolId, args: { message: 'hi' } },
    });
    const envelope = ResultEnvelopeSchema.parse(structured(result));
    expect(envelope).toMatchObject({
      status: 'ok',
      artifacts: [],
      views: [],
      provenance: { tool_id: toolId, upstream_name: 'echo', firewall: 'inline' },
    });
    expect(envelope.summary).toContain('"message":"hi"');
    expect(result.content).toEqual([{ type: 'text', text: envelope.summary }]);
    expect(result.isError).toBeUndefined();
    expect(upstreams.everything.calls).toEqual([{ name: 'echo', args: { message: 'hi' } }]);
  });

  it('never lets arguments that break the schema reach the upstream', async () => {
    const client = await gateway();
    const toolId = idOf('write_file', 'filesystem');
    for (const args of [{}, { path: 1, content: 'x' }, { path: 'a' }, 'not an object']) {
      const result = await client.callTool({
        name: 'tool_execute',
        arguments: { tool_id: toolId, args },
      });
      const payload = structured<GatewayErrorPayload>(result);
      expect(result.isError).toBe(true);
      expect(payload.error).toBe('ARGS_INVALID');
    }
    const missing = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: toolId, args: { path: 'a' } },
    });
    expect(structured<GatewayErrorPayload>(missing).details).toMatchObject({
      input_schema: { properties: { path: { type: 'string' }, content: { type: 'string' } } },
    });
    expect(upstreams.filesystem.calls).toEqual([]);
  });

  it('answers malformed and unknown tool ids without calling any upstream', async () => {
    const client = await gateway();
    const malformed = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: 'not an id' },
    });
    expect(structured<GatewayErrorPayload>(malformed).error).toBe('ARGS_INVALID');
    const unknown = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: 'filesystem:write_file#00000000', args: { path: 'a', content: 'b' } },
    });
    const payload = structured<GatewayErrorPayload>(unknown);
    expect(payload.error).toBe('HYDRATE_FAILED');
    expect(payload.details?.suggestions).toContain(idOf('write_file', 'filesystem'));
    expect(Object.values(upstreams).flatMap((upstream) => upstream.calls)).toEqual([]);
  });

  it('stores a large result as an artifact and drills into it with tool_view', async () => {
    const client = await gateway({ firewall: { maxInlineTokens: 200 } });
    const toolId = idOf('echo', 'everything');
    const message = Array.from({ length: 400 }, (_, index) => `line ${index + 1} of the log`).join(
      '\n',
    );
    const result = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: toolId, args: { message } },
    });
    const envelope = ResultEnvelopeSchema.parse(structured(result)) as ResultEnvelope;
    expect(envelope.provenance.firewall).toBe('artifact');
    expect(envelope.artifacts).toHaveLength(1);
    const handle = envelope.artifacts[0]?.handle as string;
    expect(handle).toMatch(ARTIFACT_HANDLE_PATTERN);
    expect(envelope.summary.endsWith('…')).toBe(true);
    expect(envelope.facts).toMatchObject({ format: 'json', json_type: 'object' });
    expect(envelope.views[0]).toEqual({
      handle,
      selector: 'json_keys',
      shows: 'the top-level keys',
    });

    const keys = await client.callTool({
      name: 'tool_view',
      arguments: { handle, selector: 'json_keys' },
    });
    expect(JSON.parse(structured<{ text: string }>(keys).text)).toEqual({
      type: 'object',
      keys: ['arguments', 'tool'],
    });
    const echoed = await client.callTool({
      name: 'tool_view',
      arguments: { handle, selector: '$.arguments.message' },
    });
    expect(structured<{ text: string; truncated: boolean }>(echoed)).toMatchObject({
      truncated: true,
      text: expect.stringMatching(/^"line 1 of the log\\nline 2 of the log/),
    });
    expect(structured<{ text: string }>(echoed).text).toHaveLength(8_000);
    const grep = await client.callTool({
      name: 'tool_view',
      arguments: { handle, selector: 'grep:line 39[0-9] of' },
    });
    expect(structured<{ total: number; unit: string }>(grep)).toMatchObject({
      total: 1,
      unit: 'matches',
    });
  });

  it('gives every stored result a new random handle, which only its own session can view', async () => {
    const first = await gateway({ firewall: { maxInlineTokens: 10 } });
    const second = await gateway({ firewall: { maxInlineTokens: 10 } });
    const call = { tool_id: idOf('echo', 'everything'), args: { message: 'x'.repeat(200) } };
    const handles: string[] = [];
    for (const client of [first, first, second]) {
      const result = await client.callTool({ name: 'tool_execute', arguments: call });
      handles.push(structured<ResultEnvelope>(result).artifacts[0]?.handle as string);
    }
    // The same content three times: three handles, none derived from the content.
    expect(new Set(handles).size).toBe(3);
    for (const handle of handles) expect(handle).toMatch(ARTIFACT_HANDLE_PATTERN);
    const view = async (client: typeof first, handle: string) =>
      client.callTool({ name: 'tool_view', arguments: { handle, selector: 'head' } });
    expect((await view(first, handles[0] as string)).isError).toBeUndefined();
    expect((await view(second, handles[2] as string)).isError).toBeUndefined();
    // The second session stored the same content, yet the first session's handle is unknown to it.
    const foreign = await view(second, handles[0] as string);
    expect(structured<GatewayErrorPayload>(foreign)).toMatchObject({
      error: 'VIEW_FAILED',
      details: { reason: 'unknown handle' },
    });
  });

  it('answers VIEW_FAILED for a handle of another session, a bad handle or a bad selector', async () => {
    const owner = await gateway({ firewall: { maxInlineTokens: 10 } });
    const stranger = await gateway();
    const result = await owner.callTool({
      name: 'tool_execute',
      arguments: { tool_id: idOf('echo', 'everything'), args: { message: 'y'.repeat(300) } },
    });
    const handle = structured<ResultEnvelope>(result).artifacts[0]?.handle as string;
    const attempts: Array<[typeof owner, string, string]> = [
      [stranger, handle, 'head'],
      [owner, 'art_nope', 'head'],
      [owner, handle, 'tail'],
      [owner, handle, 'lines:0-3'],
      [owner, handle, '$.missing'],
      [owner, handle, 'grep:('],
    ];
    for (const [client, target, selector] of attempts) {
      const view = await client.callTool({
        name: 'tool_view',
        arguments: { handle: target, selector },
      });
      expect(view.isError).toBe(true);
      expect(structured<GatewayErrorPayload>(view).error).toBe('VIEW_FAILED');
    }
  });

  it('answers an unknown tool with a JSON-RPC error', async () => {
    const client = await gateway();
    await expect(client.callTool({ name: 'tool_hydrate', arguments: {} })).rejects.toThrow(
      /Unknown tool/,
    );
  });

  it('answers the same call with the same bytes', async () => {
    const client = await gateway();
    const call = { name: 'tool_browse', arguments: { query: 'knowledge graph entities' } };
    const first = await client.callTool(call);
    const second = await client.callTool(call);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('answers any tool_id and args with a clean error and never reaches an upstream (property)', async () => {
    const client = await gateway();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyText(60), toolIdArbitrary),
        fc.oneof(fc.jsonValue(), fc.constant(undefined)),
        async (toolId, args) => {
          const result = await client.callTool({
            name: 'tool_execute',
            arguments: args === undefined ? { tool_id: toolId } : { tool_id: toolId, args },
          });
          const payload = structured<GatewayErrorPayload>(result);
          expect(result.isError).toBe(true);
          expect(['ARGS_INVALID', 'HYDRATE_FAILED']).toContain(payload.error);
          expect(payload.message).toMatch(/^[^\p{Cc}]*$/u);
        },
      ),
      { numRuns: 60 },
    );
    expect(Object.values(upstreams).flatMap((upstream) => upstream.calls)).toEqual([]);
  });

  it('answers any path with cards, PATH_INVALID or PATH_NOT_FOUND (property)', async () => {
    const client = await gateway();
    const segment = fc.stringMatching(/^[a-z0-9*_-]{0,6}$/);
    const path = fc.oneof(
      anyText(40),
      fc.array(segment, { maxLength: 4 }).map((segments) => `/${segments.join('/')}`),
    );
    await fc.assert(
      fc.asyncProperty(path, async (value) => {
        const result = await client.callTool({ name: 'tool_browse', arguments: { path: value } });
        if (result.isError === true) {
          expect(['PATH_INVALID', 'PATH_NOT_FOUND']).toContain(
            structured<GatewayErrorPayload>(result).error,
          );
        } else {
          expect(Array.isArray(structured<{ cards: unknown[] }>(result).cards)).toBe(true);
        }
      }),
      { numRuns: 80 },
    );
  });
});
