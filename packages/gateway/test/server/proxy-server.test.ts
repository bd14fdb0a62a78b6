import type { Tool } from '@modelcontextprotocol/server';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GatewayErrorPayload } from '../../src/error-payload/error-payload.js';
import { createProxyServer, createProxyServerFactory } from '../../src/server/proxy-server.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../src/server/runtime.js';
import { CLIENT_SAFE_NAME_PATTERN } from '../../src/tool-id/client-safe-name.js';
import {
  type FakeUpstream,
  fakeUpstream,
  referenceUpstreams,
  type SpyingUpstream,
  simpleTool,
  structured,
} from '../helpers.js';

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

async function proxy(options: Parameters<typeof createProxyServer>[1] = {}) {
  const pair = await createTestPair(createProxyServer(runtime, options));
  pairs.push(pair);
  return pair.client;
}

function idOf(prefix: string): string {
  return runtime.catalog.toolIds.find((toolId) => toolId.startsWith(prefix)) as string;
}

describe('the proxy server', () => {
  it('lists tool_hydrate, tool_execute and one stripped, client-safe entry per upstream tool', async () => {
    const client = await proxy();
    const { tools } = await client.listTools();
    expect(tools.slice(0, 2).map((tool) => tool.name)).toEqual(['tool_hydrate', 'tool_execute']);
    const stripped = tools.slice(2);
    expect(stripped).toHaveLength(36);
    const cards = runtime.catalog.cards();
    stripped.forEach((tool, index) => {
      expect(Object.keys(tool)).toEqual(['name', 'description', 'inputSchema']);
      expect(tool.inputSchema).toEqual({ type: 'object' });
      expect(tool.name).toMatch(CLIENT_SAFE_NAME_PATTERN);
      expect(tool.description).toBe(cards[index]?.description);
    });
  });

  it('offers the canonical tool ids as names', async () => {
    const client = await proxy({ toolNames: 'canonical' });
    const { tools } = await client.listTools();
    expect(tools.slice(2).map((tool) => tool.name)).toEqual(runtime.catalog.toolIds);
  });

  it('hydrates by canonical id or listed name, keyed by tool_id', async () => {
    const client = await proxy();
    const toolId = idOf('filesystem:write_file#');
    const { tools } = await client.listTools();
    const listed = tools.find((tool) => tool.name.startsWith('filesystem__write_file_')) as Tool;
    for (const reference of [toolId, listed.name]) {
      const result = await client.callTool({
        name: 'tool_hydrate',
        arguments: { tool_id: reference },
      });
      expect(structured(result)).toMatchObject({
        tool_id: toolId,
        name: 'write_file',
        input_schema: { required: ['path', 'content'] },
      });
    }
  });

  it('executes with validation first and returns the upstream result unchanged', async () => {
    const client = await proxy();
    const toolId = idOf('everything:echo#');
    const invalid = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: toolId, args: { message: 42 } },
    });
    expect(structured<GatewayErrorPayload>(invalid).error).toBe('ARGS_INVALID');
    expect(upstreams.everything.calls).toEqual([]);
    const result = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: toolId, args: { message: 'hi' } },
    });
    expect(result).toEqual({
      content: [{ type: 'text', text: '{"arguments":{"message":"hi"},"tool":"echo"}' }],
      structuredContent: { tool: 'echo', arguments: { message: 'hi' } },
    });
  });

  it('answers a direct call of a stripped entry by pointing to tool_execute', async () => {
    const client = await proxy();
    const { tools } = await client.listTools();
    const listed = tools[2] as Tool;
    const result = await client.callTool({ name: listed.name, arguments: {} });
    expect(structured<GatewayErrorPayload>(result)).toMatchObject({
      error: 'ARGS_INVALID',
      details: { tool_id: runtime.catalog.toolIds[0] },
    });
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it('pages tools/list with cursors when asked to', async () => {
    const client = await proxy({ pageSize: 10 });
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      names.push(...page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(names).toHaveLength(38);
    await expect(client.listTools({ cursor: 'x' })).rejects.toThrow(/Invalid cursor/);
  });
});

describe('the proxy server factory', () => {
  let upstream: FakeUpstream;
  let own: GatewayRuntime;

  beforeEach(async () => {
    upstream = fakeUpstream('notes', [simpleTool('add', ['text'])]);
    own = await createGatewayRuntime({ upstreams: [upstream] });
  });

  afterEach(() => own.close());

  it('tells every session when the catalog changes', async () => {
    const factory = createProxyServerFactory(own);
    const pair = await createTestPair(
      await factory({
        sessionId: undefined,
        role: undefined,
        transport: 'stdio',
        era: 'legacy',
        scope: 'stdio:test',
      }),
    );
    pairs.push(pair);
    const notified = new Promise<void>((resolve) =>
      pair.client.setNotificationHandler('notifications/tools/list_changed', () => resolve()),
    );
    upstream.tools = [simpleTool('add', ['text']), simpleTool('list')];
    await own.refresh();
    await notified;
    expect((await pair.client.listTools()).tools).toHaveLength(4);
  });
});
