import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/client';
import {
  processesMentioning,
  startRedisServer,
  startRoundRobinProxy,
  type TestRedisServer,
  useScratch,
} from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG,
  CATALOG_SERVER,
  connectClient,
  payload,
  startGateway,
} from './gateway-processes.js';

const GARBAGE_SERVER = fileURLToPath(new URL('./fixtures/garbage-server.mjs', import.meta.url));

const scratch = useScratch('x-gateway-faults-', {
  beforeRemove: (folder) => {
    // No gateway, upstream or helper of this file is left behind.
    expect(processesMentioning(folder)).toEqual([]);
  },
});
let config: string;
let redis: TestRedisServer;

beforeAll(async () => {
  redis = await startRedisServer();
  // Only the upstream made to hang needs a short limit; the bystanders' upstream gets a generous
  // one, so a busy machine never turns a slow answer into a failure the test does not ask about.
  const upstream = async (name: string, timeoutMs: number) => {
    const catalog = join(scratch.folder, `${name}-catalog.json`);
    await writeFile(catalog, JSON.stringify(CATALOG));
    return {
      command: process.execPath,
      args: [CATALOG_SERVER, '--catalog', catalog],
      timeoutMs,
    };
  };
  config = join(scratch.folder, 'mcp.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        jobs: await upstream('jobs', 1_500),
        steady: await upstream('steady', 60_000),
        garbage: { command: process.execPath, args: [GARBAGE_SERVER], timeoutMs: 1_500 },
      },
    }),
  );
});

afterAll(async () => {
  await redis?.stop();
});

async function connect(url: URL): Promise<Client> {
  const client = await connectClient(url);
  scratch.cleanups.push(() => client.close());
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

/** How long a bystander waits for one answer: a call lost with a killed instance ends here. */
const CALL_TIMEOUT_MS = 4_000;

/** One bystander call: `ok`, `crossed` (another call's answer), or the error text; when it ran. */
interface CallRecord {
  outcome: string;
  startedAt: number;
  endedAt: number;
}

/**
 * A session making echo calls in a loop until stopped, each checked to echo its own `n` (unique
 * to the session through `tag`). `calls` records every call's outcome and when it ran.
 */
function bystander(client: Client, toolId: string, tag: number) {
  let running = true;
  const calls: CallRecord[] = [];
  const done = (async () => {
    for (let n = tag * 100_000; running; n += 1) {
      const startedAt = performance.now();
      let outcome: string;
      try {
        const result = await client.callTool(
          { name: 'tool_execute', arguments: { tool_id: toolId, args: { n } } },
          { timeout: CALL_TIMEOUT_MS },
        );
        const summary = String(payload(result).summary ?? '');
        outcome =
          result.isError === true
            ? String(payload(result).error)
            : summary.includes(`"n":${n}}`)
              ? 'ok'
              : 'crossed';
      } catch (error) {
        outcome = String(error);
      }
      calls.push({ outcome, startedAt, endedAt: performance.now() });
    }
  })();
  return {
    calls,
    /** How many calls started at or after `time`. */
    startedSince: (time: number) => calls.filter((call) => call.startedAt >= time).length,
    async stop() {
      running = false;
      await done;
      return calls;
    },
  };
}

/** Bytes `pid` has read so far (`rchar` of /proc/PID/io): grows when a stdio upstream reads a call. */
async function bytesRead(pid: number): Promise<number> {
  const io = await readFile(`/proc/${pid}/io`, 'utf8');
  return Number(/^rchar: (\d+)$/m.exec(io)?.[1]);
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
    scratch.cleanups.push(() => gateway.stop());
    const faulty = await connect(gateway.url);
    const steadyClient = await connect(gateway.url);
    const jobs = await toolIdOf(faulty, 'jobs', 'work');
    const steady = await toolIdOf(steadyClient, 'steady', 'work');
    const garble = await toolIdOf(faulty, 'garbage', 'garble');
    const watcher = bystander(steadyClient, steady, 1);

    // Killed mid-call: the slow call ends with a retryable UPSTREAM_UNAVAILABLE.
    const [jobsPid] = await waitFor(async () => {
      const pids = processesMentioning(join(scratch.folder, 'jobs-catalog.json'));
      return pids.length === 1 ? pids : undefined;
    });
    const idle = await bytesRead(jobsPid as number);
    const slow = execute(faulty, jobs, { n: 1, __x_behaviour: 'slow', __x_delay_ms: 10_000 });
    // The upstream has read the call from its stdin: it is in the middle of it.
    await waitFor(async () => ((await bytesRead(jobsPid as number)) > idle ? true : undefined));
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

    const calls = await watcher.stop();
    expect(calls.length).toBeGreaterThan(5);
    expect(calls.filter((call) => call.outcome !== 'ok')).toEqual([]);
    const after = await execute(faulty, jobs, { n: 4 });
    expect(after.isError).not.toBe(true);
  });
});

describe('x-gateway on two instances under instance and Redis faults', () => {
  async function startTwo() {
    const started = await Promise.allSettled(
      [0, 1].map(() => startGateway(config, ['--session-store', redis.url])),
    );
    // Whatever started is stopped, even when the other instance failed to start.
    const instances = started.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value] : [],
    );
    for (const instance of instances) scratch.cleanups.push(() => instance.stop());
    for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
    // Both instances list the steady upstream's tools before the load starts.
    for (const instance of instances) await toolIdOf(await connect(instance.url), 'steady', 'work');
    const proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
    scratch.cleanups.push(() => proxy.close());
    return { instances, proxy };
  }

  it('fails over to the survivor when one instance is killed mid-load: only calls in flight on it fail', async () => {
    const { instances, proxy } = await startTwo();
    const clients = await Promise.all([0, 1, 2].map(() => connect(proxy.url)));
    const steady = await toolIdOf(clients[0] as Client, 'steady', 'work');
    const watchers = clients.map((client, index) => bystander(client, steady, index + 1));
    await waitFor(async () =>
      watchers.every((watcher) => watcher.calls.length >= 3) ? true : undefined,
    );
    const victim = instances[1] as (typeof instances)[number];
    const exited = new Promise((resolve) => victim.child.once('exit', resolve));
    const killedAt = performance.now();
    process.kill(-(victim.child.pid as number), 'SIGKILL');
    await exited;
    const deadAt = performance.now();
    await waitFor(async () =>
      watchers.every((watcher) => watcher.startedSince(deadAt) >= 6) ? true : undefined,
    );
    const sessions = await Promise.all(watchers.map((watcher) => watcher.stop()));
    for (const calls of sessions) {
      // Calls ended before the kill and calls sent once it was dead all succeed: the proxy sends
      // a refused request on to the survivor, which rebuilds the session from Redis.
      const settled = calls.filter((call) => call.endedAt < killedAt || call.startedAt >= deadAt);
      expect(settled.filter((call) => call.outcome !== 'ok')).toEqual([]);
      // A call in flight on the killed instance may fail, and then plainly: the proxy's 502 when
      // the instance died before answering, a failed fetch when it died mid-answer (the proxy
      // drops the client's connection), or the client's timeout when the answer stream had
      // started (the SDK does not resume it); never a wrong answer.
      const inFlight = calls.filter((call) => !settled.includes(call));
      expect(
        inFlight.filter(
          (call) =>
            call.outcome !== 'ok' && !/502|Bad Gateway|fetch failed|timed out/.test(call.outcome),
        ),
      ).toEqual([]);
    }
    expect(proxy.failovers).toBeGreaterThan(0);
    // The survivor serves a session alone, directly.
    const direct = await connect(instances[0]?.url as URL);
    expect((await execute(direct, steady, { n: 7 })).isError).not.toBe(true);
  });

  it('answers 503 while Redis restarts, then serves new sessions on both instances', async () => {
    const { proxy } = await startTwo();
    const client = await connect(proxy.url);
    const steady = await toolIdOf(client, 'steady', 'work');
    const watcher = bystander(client, steady, 5);
    await waitFor(async () => (watcher.calls.length >= 4 ? true : undefined));
    const restartedAt = performance.now();
    await redis.restart();
    await waitFor(async () => (watcher.startedSince(restartedAt) >= 4 ? true : undefined));
    const calls = await watcher.stop();
    // Before: all ok. During and after: a 503 (store unavailable) or a 404 (the restarted,
    // empty Redis no longer knows the session), never a wrong answer.
    const before = calls.filter((call) => call.endedAt < restartedAt);
    expect(before.filter((call) => call.outcome !== 'ok')).toEqual([]);
    expect(
      calls
        .filter((call) => !before.includes(call))
        .filter(
          (call) =>
            call.outcome !== 'ok' &&
            !/Service Unavailable|Session not found|503|404/.test(call.outcome),
        ),
    ).toEqual([]);
    const fresh = await waitFor(() => connect(proxy.url));
    for (let call = 0; call < 4; call += 1) {
      expect((await execute(fresh, steady, { n: call })).isError).not.toBe(true);
    }
  });
});
