/**
 * Per-caller tool policies inside one gateway (issue 33): the role's catalog, the dispatch
 * controls path, argument constraints, and the resources of a server the role may not see.
 */
import type { Client } from '@modelcontextprotocol/client';
import { createPolicyEngine } from '@x/core/policy';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restrictCatalog } from '../../src/browse/catalog.js';
import { createGatewayControls } from '../../src/controls/gateway-controls.js';
import type { GatewayErrorPayload } from '../../src/error-payload/error-payload.js';
import { GatewayError } from '../../src/errors.js';
import {
  createPrimitiveRuntime,
  type PrimitiveRuntime,
} from '../../src/primitives/primitive-runtime.js';
import { createGatewayServer, type GatewayServerOptions } from '../../src/server/gateway-server.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../src/server/runtime.js';
import { type FakeUpstream, fakeUpstream, simpleTool, structured } from '../helpers.js';

const policies = createPolicyEngine({
  roles: {
    limited: {
      deny: ['alpha/a_write', 'beta'],
      arguments: { 'alpha/a_read': { path: { pathPrefix: '/srv' } } },
    },
  },
});

let pairs: TestPair[];
let alpha: FakeUpstream;
let beta: FakeUpstream;
let runtime: GatewayRuntime;
let primitives: PrimitiveRuntime;

function withPrimitives(upstream: FakeUpstream, uri: string) {
  return {
    ...upstream,
    listResources: async () => [{ uri, name: `${upstream.name} notes`, description: 'Notes.' }],
    listPrompts: async () => [],
    readResource: async () => ({ contents: [{ uri, text: `${upstream.name} text` }] }),
    getPrompt: async () => ({ messages: [] }),
  };
}

beforeEach(async () => {
  pairs = [];
  alpha = fakeUpstream('alpha', [simpleTool('a_read', ['path']), simpleTool('a_write', ['path'])]);
  beta = fakeUpstream('beta', [simpleTool('b_run')]);
  runtime = await createGatewayRuntime({ upstreams: [alpha, beta] });
  primitives = await createPrimitiveRuntime({
    upstreams: [
      withPrimitives(alpha, 'mem://alpha/notes'),
      withPrimitives(beta, 'mem://beta/notes'),
    ],
  });
});

afterEach(async () => {
  primitives.close();
  runtime.close();
  for (const pair of pairs.reverse()) await pair.close();
});

async function gateway(
  role: string | undefined,
  options: GatewayServerOptions = {},
): Promise<Client> {
  const pair = await createTestPair(
    createGatewayServer(runtime, { policies, role, primitives, ...options }),
  );
  pairs.push(pair);
  return pair.client;
}

function idOf(prefix: string): string {
  const id = runtime.catalog.toolIds.find((toolId) => toolId.startsWith(prefix));
  if (id === undefined) throw new Error(`no tool ${prefix}`);
  return id;
}

/** The error payload of a call, with the id the caller sent replaced. */
async function errorOf(client: Client, name: string, args: Record<string, unknown>, id: string) {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError).toBe(true);
  return JSON.stringify(structured<GatewayErrorPayload>(result)).replaceAll(id, '<id>');
}

/** The suggestions of the `HYDRATE_FAILED` that `resolve` throws. */
function suggestionsOf(resolve: () => unknown): unknown {
  try {
    resolve();
  } catch (error) {
    if (GatewayError.isInstance(error) && error.code === 'HYDRATE_FAILED') {
      return error.data?.suggestions;
    }
    throw error;
  }
  throw new Error('expected HYDRATE_FAILED');
}

describe('restrictCatalog', () => {
  it('keeps the ids, and drops the left-out tools from lists, servers and suggestions', () => {
    const full = runtime.catalog;
    const narrow = restrictCatalog(full, (entry) => entry.upstreamName === 'a_read');
    expect(narrow.toolIds).toEqual([idOf('alpha:a_read#')]);
    expect(narrow.servers.map((server) => server.name)).toEqual(['alpha']);
    expect(narrow.route('write', 10)).toEqual([]);
    const near = idOf('alpha:a_write#').replace(/#.*/, '#00000000');
    expect(suggestionsOf(() => full.resolve(near))).toContain(idOf('alpha:a_write#'));
    expect(suggestionsOf(() => narrow.resolve(near))).toEqual([]);
    expect(suggestionsOf(() => narrow.resolve(idOf('alpha:a_write#')))).toEqual([]);
  });
});

describe('a role policy in gateway mode', () => {
  it('answers a denied id exactly as an unknown one, with and without dispatch controls', async () => {
    const denied = idOf('alpha:a_write#');
    const unknown = denied.replace(/#.*/, '#00000000');
    for (const options of [{}, { controls: createGatewayControls(runtime, { dryRun: true }) }]) {
      const client = await gateway('limited', options);
      for (const dryRun of 'controls' in options ? [false, true] : [false]) {
        const args = (id: string) => ({
          tool_id: id,
          args: { path: '/srv/x' },
          ...(dryRun ? { dry_run: true } : {}),
        });
        expect(await errorOf(client, 'tool_execute', args(denied), denied)).toBe(
          await errorOf(client, 'tool_execute', args(unknown), unknown),
        );
      }
    }
    expect(alpha.calls).toEqual([]);
    const open = await gateway('anyone-else');
    const ran = await open.callTool({
      name: 'tool_execute',
      arguments: { tool_id: denied, args: { path: '/etc/x' } },
    });
    expect(ran.isError).not.toBe(true);
    expect(alpha.calls).toEqual([{ name: 'a_write', args: { path: '/etc/x' } }]);
  });

  it('matches tool id patterns against the catalog ids', async () => {
    const byId = createPolicyEngine({ roles: { ids: { deny: ['alpha:a_write#*'] } } });
    const client = await gateway('ids', { policies: byId });
    const browsed = await client.callTool({ name: 'tool_browse', arguments: { path: '/' } });
    const text = JSON.stringify(browsed);
    expect(text).toContain('a_read');
    expect(text).not.toContain('a_write');
    expect(text).toContain('b_run');
  });

  it('refuses an argument outside its constraint before the upstream sees it', async () => {
    const client = await gateway('limited');
    const read = idOf('alpha:a_read#');
    const refused = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: read, args: { path: '/srv/../etc/passwd' } },
    });
    expect(structured<GatewayErrorPayload>(refused)).toMatchObject({
      error: 'ARGS_INVALID',
      details: { tool_id: read, field: 'args.path' },
    });
    expect(alpha.calls).toEqual([]);
    const allowed = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: read, args: { path: '/srv/notes.txt' } },
    });
    expect(allowed.isError).not.toBe(true);
    expect(alpha.calls).toEqual([{ name: 'a_read', args: { path: '/srv/notes.txt' } }]);
  });

  it('hides the resources of a server the role may not see', async () => {
    const client = await gateway('limited');
    const browsed = await client.callTool({
      name: 'resource_browse',
      arguments: { query: 'notes', top_k: 50 },
    });
    const ids = (structured<{ cards: { id: string }[] }>(browsed).cards ?? []).map(
      (card) => card.id,
    );
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^resource::alpha:/);
    const betaId = primitives.catalog
      .ids('resource')
      .find((id) => id.startsWith('resource::beta:'));
    if (betaId === undefined) throw new Error('no beta resource');
    const unknown = betaId.replace(/#.*/, '#00000000');
    expect(await errorOf(client, 'resource_read', { resource_id: betaId }, betaId)).toBe(
      await errorOf(client, 'resource_read', { resource_id: unknown }, unknown),
    );
    const open = await gateway(undefined);
    const read = await open.callTool({ name: 'resource_read', arguments: { resource_id: betaId } });
    expect(read.isError).not.toBe(true);
  });
});
