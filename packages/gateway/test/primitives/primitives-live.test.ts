import type { Client } from '@modelcontextprotocol/client';
import type { UpstreamPool } from '@x/core/upstreams';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ChoiceCard, ChoiceCardSchema } from '../../src/cards/choice-card.js';
import type { ResultEnvelope } from '../../src/firewall/result-envelope.js';
import {
  createPrimitiveRuntime,
  type PrimitiveRuntime,
  primitiveUpstreamsFromPool,
} from '../../src/primitives/primitive-runtime.js';
import { createGatewayServer } from '../../src/server/gateway-server.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../src/server/runtime.js';
import { upstreamsFromPool } from '../../src/server/upstream.js';
import { fakeUpstream, firstText, structured } from '../helpers.js';
import { EVERYTHING_BIN, openLivePool } from '../live-upstreams.js';

let pool: UpstreamPool;
let runtime: GatewayRuntime;
let primitives: PrimitiveRuntime;
let pairs: TestPair[] = [];

beforeAll(async () => {
  pool = openLivePool({ everything: [EVERYTHING_BIN] });
  runtime = await createGatewayRuntime({ upstreams: upstreamsFromPool(pool) });
  primitives = await createPrimitiveRuntime({ upstreams: primitiveUpstreamsFromPool(pool) });
});

afterAll(async () => {
  primitives.close();
  runtime.close();
  await pool.close();
});

afterEach(async () => {
  for (const pair of pairs.reverse()) await pair.close();
  pairs = [];
});

async function gateway(options: Parameters<typeof createGatewayServer>[1] = {}): Promise<Client> {
  const pair = await createTestPair(createGatewayServer(runtime, { primitives, ...options }));
  pairs.push(pair);
  return pair.client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  return { result, payload: structured(result) };
}

async function cardOf(client: Client, tool: string, query: string, name: string) {
  const { payload } = await call(client, tool, { query, top_k: 50 });
  const card = (payload.cards as ChoiceCard[]).find((entry) => entry.name === name);
  if (card === undefined) throw new Error(`no card named ${name}`);
  return card;
}

describe('resources and prompts of the live everything server', () => {
  it('lists the four primitive meta-tools beside the three tool meta-tools', async () => {
    expect(primitives.lastRefresh).toMatchObject({ failed: [] });
    expect(primitives.catalog.count('resource')).toBeGreaterThan(0);
    const { tools } = await (await gateway()).listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'tool_browse',
      'tool_execute',
      'tool_view',
      'resource_browse',
      'resource_read',
      'prompt_browse',
      'prompt_get',
    ]);
  });

  it('advertises no primitive meta-tool when no upstream offers resources or prompts', async () => {
    const empty = fakeUpstream('empty', []);
    const bare = await createPrimitiveRuntime({
      upstreams: [
        {
          ...empty,
          listResources: async () => [],
          listPrompts: async () => [],
          readResource: async () => ({ contents: [] }),
          getPrompt: async () => ({ messages: [] }),
        },
      ],
    });
    const { tools } = await (await gateway({ primitives: bare })).listTools();
    bare.close();
    expect(tools.map((tool) => tool.name)).toEqual(['tool_browse', 'tool_execute', 'tool_view']);
    const client = await gateway({ primitives: bare });
    await expect(
      client.callTool({ name: 'resource_browse', arguments: { query: 'x' } }),
    ).rejects.toThrow(/Unknown tool: resource_browse/);
  });

  it('browses resources by query (bounded by top_k) and by path, with primitive ids', async () => {
    const client = await gateway();
    const { payload, result } = await call(client, 'resource_browse', {
      query: 'architecture document',
      top_k: 2,
    });
    const cards = payload.cards as ChoiceCard[];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(2);
    expect(cards[0]?.name).toBe('architecture.md');
    for (const card of cards) {
      expect(card.kind).toBe('resource');
      expect(card.id).toMatch(/^resource::everything:[A-Za-z_][A-Za-z0-9_.-]*#[0-9a-f]{8}$/);
      expect(ChoiceCardSchema.safeParse(card).success).toBe(true);
    }
    expect(firstText(result).split('\n')[0]).toContain('resource_read(resource_id)');
    const root = await call(client, 'resource_browse', { path: '/' });
    expect((root.payload.cards as ChoiceCard[]).map((card) => card.id)).toEqual(['/everything']);
    const all = await call(client, 'resource_browse', { path: '/everything' });
    expect((all.payload.cards as ChoiceCard[]).length).toBe(primitives.catalog.count('resource'));
    const both = await call(client, 'resource_browse', { query: 'x', path: '/' });
    expect(both.payload).toMatchObject({ error: 'ARGS_INVALID' });
  });

  it('reads a resource through the firewall and drills into the artifact with tool_view', async () => {
    const client = await gateway({ firewall: { maxInlineTokens: 50 } });
    const card = await cardOf(client, 'resource_browse', 'architecture', 'architecture.md');
    const { payload } = await call(client, 'resource_read', { resource_id: card.id });
    const envelope = payload as unknown as ResultEnvelope;
    expect(envelope.status).toBe('ok');
    expect(envelope.provenance).toMatchObject({
      tool_id: card.id,
      upstream_name: 'demo://resource/static/document/architecture.md',
      firewall: 'artifact',
    });
    const handle = envelope.artifacts[0]?.handle as string;
    const view = await call(client, 'tool_view', { handle, selector: 'head:3' });
    expect(view.result.isError).toBeUndefined();
    expect(firstText(view.result)).toContain('Architecture');
  });

  it('validates prompt arguments before the upstream and renders a valid prompt', async () => {
    const client = await gateway();
    const card = await cardOf(client, 'prompt_browse', 'city arguments', 'Arguments Prompt');
    expect(card.kind).toBe('prompt');
    expect(card.id).toMatch(/^prompt::everything:args-prompt#[0-9a-f]{8}$/);
    const missing = await call(client, 'prompt_get', { prompt_id: card.id, args: {} });
    expect(missing.payload).toMatchObject({
      error: 'ARGS_INVALID',
      details: { arguments: expect.arrayContaining([expect.objectContaining({ name: 'city' })]) },
    });
    for (const args of [{ city: 3 }, { city: 'Paris', planet: 'Earth' }, 'city=Paris']) {
      const refused = await call(client, 'prompt_get', { prompt_id: card.id, args });
      expect(refused.payload).toMatchObject({ error: 'ARGS_INVALID' });
    }
    const rendered = await call(client, 'prompt_get', {
      prompt_id: card.id,
      args: { city: 'Paris' },
    });
    expect(rendered.result.isError).toBeUndefined();
    expect((rendered.payload as unknown as ResultEnvelope).summary).toContain('Paris');
  });

  it('answers RESOURCE_NOT_FOUND, PROMPT_NOT_FOUND and ARGS_INVALID for bad ids', async () => {
    const client = await gateway();
    const missingResource = await call(client, 'resource_read', {
      resource_id: 'resource::everything:gone#00000000',
    });
    expect(missingResource.payload).toMatchObject({ error: 'RESOURCE_NOT_FOUND' });
    const missingPrompt = await call(client, 'prompt_get', {
      prompt_id: 'prompt::everything:gone#00000000',
    });
    expect(missingPrompt.payload).toMatchObject({ error: 'PROMPT_NOT_FOUND' });
    const wrongKind = await call(client, 'resource_read', {
      resource_id: 'everything:echo#00000000',
    });
    expect(wrongKind.payload).toMatchObject({ error: 'ARGS_INVALID', retryable: false });
  });
});
