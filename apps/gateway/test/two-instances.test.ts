import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type TestRedisServer } from '../../../scripts/redis-server.mjs';
import { startRoundRobinProxy } from '../../../scripts/round-robin-proxy.mjs';
import {
  connectClient,
  connectModernClient,
  type GatewayProcess,
  payload,
  processesMentioning,
  startGateway,
  writeGatewayConfig,
} from './gateway-processes.js';

let redis: TestRedisServer;
let folder: string;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  folder = await mkdtemp(join(tmpdir(), 'x-gateway-two-'));
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await redis?.stop();
  expect(processesMentioning(folder)).toEqual([]);
  await rm(folder, { recursive: true, force: true });
});

/** Two gateways on one Redis (and one artifact directory), behind one round-robin address. */
async function startTwo(gateway: Record<string, unknown>) {
  const config = await writeGatewayConfig(folder, gateway);
  const artifacts = join(folder, 'artifacts');
  // One at a time, each registered for cleanup as soon as it runs: a failed start leaks nothing.
  const instances: GatewayProcess[] = [];
  for (const _ of [0, 1]) {
    const instance = await startGateway(config, [
      '--session-store',
      redis.url,
      '--artifact-dir',
      artifacts,
    ]);
    cleanups.push(() => instance.stop());
    instances.push(instance);
  }
  const proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
  cleanups.push(() => proxy.close());
  return { proxy, instances, artifacts };
}

async function connect(url: URL, sessionId?: string): Promise<Client> {
  const client = await connectClient(url, sessionId);
  cleanups.push(() => client.close());
  return client;
}

const toolIdOf = async (client: Client, query: string) => {
  const browse = await client.callTool({ name: 'tool_browse', arguments: { query, top_k: 1 } });
  const cards = (browse.structuredContent as { cards: { id: string }[] }).cards;
  return cards[0]?.id as string;
};

describe('x-gateway on two instances sharing Redis, behind one address', () => {
  it('views on one instance the artifacts a call made on the other, small and large', async () => {
    const { proxy, instances, artifacts } = await startTwo({});
    const client = await connect(proxy.url);
    const work = await toolIdOf(client, 'numbered work');
    for (const size of [6_000, 400_000]) {
      const executed = await client.callTool({
        name: 'tool_execute',
        arguments: { tool_id: work, args: { n: 1, __x_behaviour: 'large', __x_size: size } },
      });
      const envelope = payload(executed) as { artifacts: { handle: string; bytes: number }[] };
      expect(envelope.artifacts[0]?.bytes).toBe(size);
      const handle = envelope.artifacts[0]?.handle as string;
      for (let view = 0; view < 3; view += 1) {
        const viewed = await client.callTool({
          name: 'tool_view',
          arguments: { handle, selector: 'json_keys' },
        });
        expect(viewed.isError).not.toBe(true);
        expect(payload(viewed)).toMatchObject({ handle, unit: 'keys' });
      }
    }
    expect(proxy.served.every((count) => count >= 4)).toBe(true);
    // The large artifact is a file of the shared directory.
    expect((await readdir(artifacts)).length).toBe(1);
    // Deterministically: made through A, viewed through B by the same session id.
    const direct = await connect(instances[0]?.url as URL);
    const made = await direct.callTool({
      name: 'tool_execute',
      arguments: { tool_id: work, args: { n: 2, __x_behaviour: 'large', __x_size: 9_000 } },
    });
    const handle = (payload(made) as { artifacts: { handle: string }[] }).artifacts[0]?.handle;
    const sessionId = (direct.transport as { sessionId?: string }).sessionId;
    const onB = await connect(instances[1]?.url as URL, sessionId);
    const viewed = await onB.callTool({
      name: 'tool_view',
      arguments: { handle, selector: 'head:1' },
    });
    expect(payload(viewed)).toMatchObject({ handle, unit: 'lines' });
    // Another session does not see the handle.
    const other = await connect(proxy.url);
    const refused = await other.callTool({
      name: 'tool_view',
      arguments: { handle, selector: 'head' },
    });
    expect(refused.isError).toBe(true);
    expect(payload(refused)).toMatchObject({ error: 'VIEW_FAILED' });
  });

  it('holds a session rate limit and the seen set across instances', async () => {
    const { proxy } = await startTwo({
      rateLimits: { metaTools: { tool_execute: { maxCallsPerSession: 4 } } },
      cacheStable: { enabled: true },
    });
    const client = await connect(proxy.url);
    const work = await toolIdOf(client, 'numbered work');
    const outcomes: unknown[] = [];
    for (let call = 0; call < 6; call += 1) {
      const result = await client.callTool({
        name: 'tool_execute',
        arguments: { tool_id: work, args: { n: call } },
      });
      outcomes.push(result.isError === true ? payload(result).error : 'ok');
    }
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'ok', 'RATE_LIMITED', 'RATE_LIMITED']);
    // `work` was seen (browsed and hydrated) through both instances: it comes first, then the
    // marker, then `note`; the next browse, on the other instance, has seen both.
    const browseIds = async () => {
      const result = await client.callTool({
        name: 'tool_browse',
        arguments: { query: 'work note text', top_k: 2 },
      });
      return (result.structuredContent as { cards: { id: string }[] }).cards.map((card) => card.id);
    };
    const first = await browseIds();
    expect(first).toEqual([work, '__cache_breakpoint__', expect.stringContaining('note')]);
    expect(await browseIds()).toEqual([first[2], work]);
    const other = await connect(proxy.url);
    const fresh = await other.callTool({
      name: 'tool_execute',
      arguments: { tool_id: work, args: { n: 1 } },
    });
    expect(fresh.isError).not.toBe(true);
  });
});

// Runs after the 2025 tests above: it adds a file to the shared artifact directory they count.
describe('x-gateway on two instances in the 2026-07-28 era', () => {
  it('in the 2026-07-28 era (no session, no affinity): artifacts, the rate limit and the seen set hold per caller scope across instances', async () => {
    const { proxy } = await startTwo({
      rateLimits: { metaTools: { tool_execute: { maxCallsPerSession: 3 } } },
      cacheStable: { enabled: true },
    });
    const client = await connectModernClient(proxy.url);
    cleanups.push(() => client.close());
    expect(client.getProtocolEra()).toBe('modern');
    const work = await toolIdOf(client, 'numbered work');
    const executed = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: work, args: { n: 1, __x_behaviour: 'large', __x_size: 400_000 } },
    });
    const handle = (payload(executed) as { artifacts: { handle: string }[] }).artifacts[0]
      ?.handle as string;
    // Each request goes to the other instance: both views land on a server that did not store it.
    for (let view = 0; view < 2; view += 1) {
      const viewed = await client.callTool({
        name: 'tool_view',
        arguments: { handle, selector: 'json_keys' },
      });
      expect(viewed.isError).not.toBe(true);
      expect(payload(viewed)).toMatchObject({ handle, unit: 'keys' });
    }
    const outcomes: unknown[] = [];
    for (let call = 0; call < 3; call += 1) {
      const result = await client.callTool({
        name: 'tool_execute',
        arguments: { tool_id: work, args: { n: call } },
      });
      outcomes.push(result.isError === true ? payload(result).error : 'ok');
    }
    expect(outcomes).toEqual(['ok', 'ok', 'RATE_LIMITED']);
    expect(proxy.served.every((count) => count >= 3)).toBe(true);
    // A 2025 client is a session of its own: it does not see the anonymous scope's artifact.
    const legacy = await connect(proxy.url);
    const refused = await legacy.callTool({
      name: 'tool_view',
      arguments: { handle, selector: 'head' },
    });
    expect(payload(refused)).toMatchObject({ error: 'VIEW_FAILED' });
  });
});
