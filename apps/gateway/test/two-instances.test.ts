/**
 * The gateway's per-caller state (artifacts, the rate-limit window and the seen set of
 * cache-stable browsing) in both protocol eras, on one instance and on two instances sharing
 * Redis behind one round-robin address. A caller is one bearer token: its 2025 session, or in
 * the 2026-07-28 era (no session, no affinity) the scope of its token.
 */
import { mkdtemp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  callerOptions,
  ERAS,
  type Era,
  processesMentioning,
  startRedisServer,
  startTopology,
  type TestRedisServer,
  TOPOLOGIES,
  type Topology,
  useScratch,
  writeCallerTokens,
} from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payload, startGateway, writeGatewayConfig } from './gateway-processes.js';

let redis: TestRedisServer;
const scratch = useScratch('x-gateway-two-', {
  beforeRemove: (folder) => {
    expect(processesMentioning(folder)).toEqual([]);
  },
});

beforeAll(async () => {
  redis = await startRedisServer();
});

afterAll(async () => {
  await redis?.stop();
});

/** `topology` of gateways with `gateway` settings and two callers' tokens; its address and artifact folder. */
async function startGateways(topology: Topology, gateway: Record<string, unknown>) {
  const config = await writeGatewayConfig(scratch.folder, gateway);
  const { file, tokens } = await writeCallerTokens(scratch.folder, ['user', 'user']);
  const artifacts = await mkdtemp(join(scratch.folder, 'artifacts-'));
  const started = await startTopology(
    topology,
    redis.url,
    // Large artifacts go to a shared folder where instances share a store, else stay in memory.
    (extra) =>
      startGateway(config, [
        '--tokens',
        file,
        ...(extra.length === 0 ? [] : ['--artifact-dir', artifacts, ...extra]),
      ]),
    (stop) => scratch.cleanups.push(stop),
  );
  return { ...started, tokens, artifacts };
}

/** A client calling `url` as the caller of `token` in `era`. */
async function connectAs(url: URL, era: Era, token: string): Promise<Client> {
  const options = callerOptions(era, token);
  const client = new Client({ name: 'gateway-test', version: '0.0.0' }, options.client);
  await client.connect(new StreamableHTTPClientTransport(url, options.transport));
  scratch.cleanups.push(() => client.close());
  expect(client.getProtocolEra()).toBe(era);
  return client;
}

const toolIdOf = async (client: Client, query: string) => {
  const browse = await client.callTool({ name: 'tool_browse', arguments: { query, top_k: 1 } });
  const cards = (browse.structuredContent as { cards: { id: string }[] }).cards;
  return cards[0]?.id as string;
};

describe.each(TOPOLOGIES.flatMap((topology) => ERAS.map((era) => ({ topology, era }))))(
  'x-gateway state, $era era, $topology',
  ({ topology, era }) => {
    it('views the artifacts a call made, small and large, on every instance; another caller cannot', async () => {
      const { url, served, tokens, artifacts } = await startGateways(topology, {});
      const [alice = '', bob = ''] = tokens;
      const client = await connectAs(url, era, alice);
      const work = await toolIdOf(client, 'numbered work');
      const handles: string[] = [];
      for (const size of [6_000, 400_000]) {
        const executed = await client.callTool({
          name: 'tool_execute',
          arguments: { tool_id: work, args: { n: 1, __x_behaviour: 'large', __x_size: size } },
        });
        const envelope = payload(executed) as { artifacts: { handle: string; bytes: number }[] };
        expect(envelope.artifacts[0]?.bytes).toBe(size);
        const handle = envelope.artifacts[0]?.handle as string;
        handles.push(handle);
        // Behind the round-robin address, consecutive views land on both instances.
        for (let view = 0; view < 3; view += 1) {
          const viewed = await client.callTool({
            name: 'tool_view',
            arguments: { handle, selector: 'json_keys' },
          });
          expect(viewed.isError).not.toBe(true);
          expect(payload(viewed)).toMatchObject({ handle, unit: 'keys' });
        }
      }
      if (served !== undefined) {
        expect(served.every((count) => count >= 4)).toBe(true);
        // The large artifact is a file of the shared artifact directory.
        expect((await readdir(artifacts)).length).toBe(1);
      }
      const other = await connectAs(url, era, bob);
      for (const handle of handles) {
        const refused = await other.callTool({
          name: 'tool_view',
          arguments: { handle, selector: 'head' },
        });
        expect(refused.isError).toBe(true);
        expect(payload(refused)).toMatchObject({ error: 'VIEW_FAILED' });
      }
    });

    it('holds the rate-limit window and the seen set per caller', async () => {
      const { url, served, tokens } = await startGateways(topology, {
        rateLimits: { metaTools: { tool_execute: { maxCallsPerSession: 4 } } },
        cacheStable: { enabled: true },
      });
      const [alice = '', bob = ''] = tokens;
      const client = await connectAs(url, era, alice);
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
      // `work` was seen (browsed and hydrated): it comes first, then the marker, then `note`;
      // the next browse has seen both.
      const browseIds = async (caller: Client) => {
        const result = await caller.callTool({
          name: 'tool_browse',
          arguments: { query: 'work note text', top_k: 2 },
        });
        return (result.structuredContent as { cards: { id: string }[] }).cards.map(
          (card) => card.id,
        );
      };
      const first = await browseIds(client);
      expect(first).toEqual([work, '__cache_breakpoint__', expect.stringContaining('note')]);
      expect(await browseIds(client)).toEqual([first[2], work]);
      if (served !== undefined) expect(served.every((count) => count >= 4)).toBe(true);
      // Another caller has its own window and its own seen set.
      const other = await connectAs(url, era, bob);
      const fresh = await other.callTool({
        name: 'tool_execute',
        arguments: { tool_id: work, args: { n: 1 } },
      });
      expect(fresh.isError).not.toBe(true);
      // It has seen `work` (hydrated by that call) but not the browses above.
      expect(await browseIds(other)).toEqual(first);
    });
  },
);
