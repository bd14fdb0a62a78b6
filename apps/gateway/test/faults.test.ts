import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type TestRedisServer } from '../../../scripts/redis-server.mjs';
import { startRoundRobinProxy } from '../../../scripts/round-robin-proxy.mjs';
import {
  CATALOG,
  CATALOG_SERVER,
  connectClient,
  payload,
  processesMentioning,
  startGateway,
} from './gateway-processes.js';

const GARBAGE_SERVER = fileURLToPath(new URL('./fixtures/garbage-server.mjs', import.meta.url));

let folder: string;
let config: string;
let redis: TestRedisServer;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-gateway-faults-'));
  redis = await startRedisServer();
  const upstream = async (name: string) => {
    const catalog = join(folder, `${name}-catalog.json`);
    await writeFile(catalog, JSON.stringify(CATALOG));
    return {
      command: process.execPath,
      args: [CATALOG_SERVER, '--catalog', catalog],
      timeoutMs: 1_500,
    };
  };
  config = join(folder, 'mcp.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        jobs: await upstream('jobs'),
        steady: await upstream('steady'),
        garbage: { command: process.execPath, args: [GARBAGE_SERVER], timeoutMs: 1_500 },
      },
    }),
  );
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await redis?.stop();
  // No gateway, upstream or helper of this file is left behind.
  expect(processesMentioning(folder)).toEqual([]);
  await rm(folder, { recursive: true, force: true });
});

async function connect(url: URL): Promise<Client> {
  const client = await connectClient(url);
  cleanups.push(() => client.close());
  return client;
}

/** The id of `namespace`'s tool `name`, once the gateway lists it (an upstream may still be starting). */
const toolIdOf = (client: Client, namespace: string, name: string) =>
  waitFor(async () => {
    const listing = await client.callTool({
      name: 'tool_browse',
      arguments: { path: `/${namespace}` },
    });
    const cards = (listing.structuredContent as { cards?: { id: string; name: string }[] }).cards;
    return cards?.find((card) => card.name === name)?.id;
  });

const execute = (client: Client, toolId: string, args: Record<string, unknown>) =>
  client.callTool({ name: 'tool_execute', arguments: { tool_id: toolId, args } });

/**
 * A session making echo calls in a loop until stopped, each checked to echo its own `n`.
 * Resolves with the outcome of every call: `ok`, `crossed`, or the error text.
 */
function bystander(client: Client, toolId: string, tag: number) {
  let running = true;
  const outcomes: string[] = [];
  const done = (async () => {
    for (let n = tag * 100_000; running; n += 1) {
      try {
        const result = await execute(client, toolId, { n });
        const summary = String(payload(result).summary ?? '');
        outcomes.push(
          result.isError === true
            ? String(payload(result).error)
            : summary.includes(`"n":${n}`)
              ? 'ok'
              : 'crossed',
        );
      } catch (error) {
        outcomes.push(String(error));
      }
    }
  })();
  return {
    outcomes,
    async stop() {
      running = false;
      await done;
      return outcomes;
    },
  };
}

async function waitFor<Value>(attempt: () => Promise<Value | undefined>, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('x-gateway under upstream faults', () => {
  it('classifies a killed, a hung and a garbled upstream while other sessions keep succeeding', async () => {
    const gateway = await startGateway(config);
    cleanups.push(() => gateway.stop());
    const faulty = await connect(gateway.url);
    const steadyClient = await connect(gateway.url);
    const jobs = await toolIdOf(faulty, 'jobs', 'work');
    const steady = await toolIdOf(steadyClient, 'steady', 'work');
    const garble = await toolIdOf(faulty, 'garbage', 'garble');
    const watcher = bystander(steadyClient, steady, 1);

    // Killed mid-call: the slow call ends with a retryable UPSTREAM_UNAVAILABLE.
    const slow = execute(faulty, jobs, { n: 1, __x_behaviour: 'slow', __x_delay_ms: 10_000 });
    const [jobsPid] = await waitFor(async () => {
      const pids = processesMentioning(join(folder, 'jobs-catalog.json'));
      return pids.length === 1 ? pids : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    process.kill(jobsPid as number, 'SIGKILL');
    const killed = payload(await slow);
    expect(killed).toMatchObject({ error: 'UPSTREAM_UNAVAILABLE', retryable: true });
    // It comes back (reconnect with backoff) and serves the same session.
    await waitFor(async () => {
      const result = await execute(faulty, jobs, { n: 2 });
      return result.isError === true ? undefined : result;
    });

    // Hung: a retryable UPSTREAM_TIMEOUT after the upstream's timeoutMs.
    const hung = payload(await execute(faulty, jobs, { n: 3, __x_behaviour: 'hang' }));
    expect(hung).toMatchObject({ error: 'UPSTREAM_TIMEOUT', retryable: true });

    // Garbage: a line that is not JSON, then a result of the wrong shape.
    const garbled = payload(await execute(faulty, garble, {}));
    expect(['UPSTREAM_ERROR', 'UPSTREAM_TIMEOUT']).toContain(garbled.error);

    const outcomes = await watcher.stop();
    expect(outcomes.length).toBeGreaterThan(5);
    expect(outcomes.filter((outcome) => outcome !== 'ok')).toEqual([]);
    const after = await execute(faulty, jobs, { n: 4 });
    expect(after.isError).not.toBe(true);
  });
});

describe('x-gateway on two instances under instance and Redis faults', () => {
  async function startTwo() {
    const instances = await Promise.all(
      [0, 1].map(() => startGateway(config, ['--session-store', redis.url])),
    );
    for (const instance of instances) cleanups.push(() => instance.stop());
    // Both instances list the steady upstream's tools before the load starts.
    for (const instance of instances) await toolIdOf(await connect(instance.url), 'steady', 'work');
    const proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
    cleanups.push(() => proxy.close());
    return { instances, proxy };
  }

  it('keeps serving every session on the survivor when one instance is killed mid-load', async () => {
    const { instances, proxy } = await startTwo();
    const clients = await Promise.all([0, 1, 2].map(() => connect(proxy.url)));
    const steady = await toolIdOf(clients[0] as Client, 'steady', 'work');
    const watchers = clients.map((client, index) => bystander(client, steady, index + 1));
    await waitFor(async () =>
      watchers.every((watcher) => watcher.outcomes.length >= 3) ? true : undefined,
    );
    const before = watchers.map((watcher) => watcher.outcomes.length);
    process.kill(-(instances[1]?.child.pid as number), 'SIGKILL');
    await waitFor(async () =>
      watchers.every((watcher, index) => watcher.outcomes.length >= (before[index] ?? 0) + 6)
        ? true
        : undefined,
    );
    const outcomes = await Promise.all(watchers.map((watcher) => watcher.stop()));
    for (const [index, sessionOutcomes] of outcomes.entries()) {
      const afterKill = sessionOutcomes.slice((before[index] ?? 0) + 1);
      // Requests routed to the dead instance fail with the proxy's 502; the others succeed.
      expect(
        afterKill.filter((outcome) => outcome !== 'ok' && !/502|Bad Gateway/.test(outcome)),
      ).toEqual([]);
      expect(afterKill.filter((outcome) => outcome === 'ok').length).toBeGreaterThan(2);
    }
    // The survivor serves a session alone, directly.
    const direct = await connect(instances[0]?.url as URL);
    expect((await execute(direct, steady, { n: 7 })).isError).not.toBe(true);
  });

  it('answers 503 while Redis restarts, then serves new sessions on both instances', async () => {
    const { proxy } = await startTwo();
    const client = await connect(proxy.url);
    const steady = await toolIdOf(client, 'steady', 'work');
    const watcher = bystander(client, steady, 5);
    await waitFor(async () => (watcher.outcomes.length >= 4 ? true : undefined));
    const before = watcher.outcomes.length;
    await redis.restart();
    await waitFor(async () => (watcher.outcomes.length >= before + 4 ? true : undefined));
    const outcomes = await watcher.stop();
    // Before: all ok. During and after: a 503 (store unavailable) or a 404 (the restarted,
    // empty Redis no longer knows the session), never a wrong answer.
    expect(outcomes.slice(0, before).filter((outcome) => outcome !== 'ok')).toEqual([]);
    expect(
      outcomes
        .slice(before)
        .filter(
          (outcome) =>
            outcome !== 'ok' && !/Service Unavailable|Session not found|503|404/.test(outcome),
        ),
    ).toEqual([]);
    const fresh = await waitFor(() => connect(proxy.url));
    for (let call = 0; call < 4; call += 1) {
      expect((await execute(fresh, steady, { n: call })).isError).not.toBe(true);
    }
  });
});
