import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  processesMentioning,
  startRedisServer,
  startRoundRobinProxy,
  type TestRedisServer,
  useScratch,
} from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallRecord,
  catalogUpstream,
  echoOutcome,
  GARBAGE_SERVER,
  startBystander,
  text,
  waitFor,
} from './fault-helpers.js';
import { type HttpProcess, startHttp } from './process-helpers.js';

const scratch = useScratch('x-pd-faults-', {
  beforeRemove: (folder) => {
    // No x-pd, upstream or helper of this file is left behind.
    expect(processesMentioning(folder)).toEqual([]);
  },
});
let config: string;
let redis: TestRedisServer;

/** What a call whose upstream failed answers: `Upstream 'NAME' failed (CODE): ...`. */
const upstreamFailure = (name: string, codes: string) =>
  new RegExp(`^Upstream '${name}' failed \\((${codes})\\): `);

beforeAll(async () => {
  redis = await startRedisServer();
  config = join(scratch.folder, 'mcp.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        jobs: await catalogUpstream(scratch.folder, 'jobs', 1_500),
        // A generous limit for the bystanders' upstream: a busy machine never fails them.
        steady: await catalogUpstream(scratch.folder, 'steady', 60_000),
        // The folder argument is ignored; it marks the process as this file's.
        garbage: {
          command: process.execPath,
          args: [GARBAGE_SERVER, scratch.folder],
          timeoutMs: 1_500,
        },
      },
    }),
  );
});

afterAll(async () => {
  await redis?.stop();
});

/** Starts `count` wraps; whatever started is stopped after the test, even when one failed. */
async function startWraps(count: number, args: readonly string[] = []): Promise<HttpProcess[]> {
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startHttp(['wrap', '--config', config, ...args])),
  );
  const wraps = started.flatMap((outcome) =>
    outcome.status === 'fulfilled' ? [outcome.value] : [],
  );
  for (const wrap of wraps) scratch.cleanups.push(() => wrap.stop());
  for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
  return wraps;
}

/** A session at `url` that has read the descriptions of `tools`, so it may call them. */
async function connect(url: URL, tools: readonly string[]): Promise<Client> {
  const client = new Client({ name: 'x-pd-faults', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  scratch.cleanups.push(() => client.close());
  const read = await client.readResource({
    uri: `resource:///tool_descriptions?tools=${tools.join(',')}`,
  });
  // The read grants exactly the tools it describes in full: each must be there, none "not found".
  const first = read.contents[0];
  const body = JSON.parse(first !== undefined && 'text' in first ? first.text : '{}');
  expect(tools.map((tool) => body[tool]?.error ?? 'described')).toEqual(
    tools.map(() => 'described'),
  );
  return client;
}

const call = async (client: Client, tool: string, args: Record<string, unknown>) =>
  text(await client.callTool({ name: tool, arguments: args }));

describe('x-pd wrap under upstream faults', () => {
  it('classifies a crashed, a hung and a garbled upstream while another session keeps succeeding', async () => {
    const [wrap] = (await startWraps(1)) as [HttpProcess];
    const faulty = await connect(wrap.url, ['jobs__work', 'garbage__garble']);
    const steady = await connect(wrap.url, ['steady__work']);
    expect(await echoOutcome(faulty, 'jobs__work', 1)).toBe('ok');
    const watcher = startBystander(steady, 'steady__work', 1);

    // The upstream process dies in the middle of the call: a retryable UNAVAILABLE.
    const crashed = await call(faulty, 'jobs__work', { n: 2, __x_behaviour: 'crash' });
    expect(crashed).toMatch(upstreamFailure('jobs', 'UNAVAILABLE'));
    // The next call starts the upstream again (with backoff) and serves the same session.
    await waitFor(async () =>
      (await echoOutcome(faulty, 'jobs__work', 3)) === 'ok' ? true : undefined,
    );

    // Hung: TIMEOUT once the upstream's timeoutMs has passed.
    const started = performance.now();
    const hung = await call(faulty, 'jobs__work', { n: 4, __x_behaviour: 'hang' });
    expect(hung).toMatch(upstreamFailure('jobs', 'TIMEOUT'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_400);

    // Garbage: a line that is not JSON, then a result of the wrong shape.
    expect(await call(faulty, 'garbage__garble', {})).toMatch(
      upstreamFailure('garbage', 'UPSTREAM_ERROR|TIMEOUT'),
    );

    const calls = await watcher.stop();
    expect(calls.length).toBeGreaterThan(5);
    expect(calls.filter((record) => record.outcome !== 'ok')).toEqual([]);
    // The wrap still serves both sessions and a new one.
    expect(await echoOutcome(faulty, 'jobs__work', 5)).toBe('ok');
    const fresh = await connect(wrap.url, ['jobs__work', 'steady__work']);
    expect(await echoOutcome(fresh, 'jobs__work', 6)).toBe('ok');
    expect(await echoOutcome(fresh, 'steady__work', 7)).toBe('ok');
  });
});

describe('x-pd wrap on two instances under instance and Redis faults', () => {
  /** Two wraps on one Redis behind the round-robin proxy, each with its upstreams started. */
  async function startTwo() {
    const instances = await startWraps(2, ['--session-store', redis.url]);
    for (const instance of instances) {
      expect(
        await echoOutcome(await connect(instance.url, ['steady__work']), 'steady__work', 0),
      ).toBe('ok');
    }
    const proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
    scratch.cleanups.push(() => proxy.close());
    return { instances, proxy };
  }

  it('fails over to the survivor when one instance is killed mid-load: only calls in flight on it fail', async () => {
    const { instances, proxy } = await startTwo();
    const clients = await Promise.all([0, 1, 2].map(() => connect(proxy.url, ['steady__work'])));
    const watchers = clients.map((client, index) =>
      startBystander(client, 'steady__work', index + 1),
    );
    await waitFor(async () =>
      watchers.every((watcher) => watcher.calls.length >= 3) ? true : undefined,
    );
    const victim = instances[1] as HttpProcess;
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
      // Calls ended before the kill and calls sent once it was dead all succeed, grants
      // included: the proxy sends a refused request on to the survivor, which has the session
      // and its grants from Redis.
      const settled = calls.filter(
        (record) => record.endedAt < killedAt || record.startedAt >= deadAt,
      );
      expect(settled.filter((record) => record.outcome !== 'ok')).toEqual([]);
      // A call in flight on the killed instance may fail, plainly (502, a dropped connection,
      // the client's timeout), never with another call's answer.
      const inFlight = calls.filter((record) => !settled.includes(record));
      expect(inFlight.filter(unexplained(/502|Bad Gateway|fetch failed|timed out/))).toEqual([]);
    }
    expect(proxy.failovers).toBeGreaterThan(0);
  });

  it('answers only 503 or 404 while Redis restarts, then serves new sessions on both instances', async () => {
    const { proxy } = await startTwo();
    const client = await connect(proxy.url, ['steady__work']);
    const watcher = startBystander(client, 'steady__work', 5);
    await waitFor(async () => (watcher.calls.length >= 4 ? true : undefined));
    const restartedAt = performance.now();
    await redis.restart();
    await waitFor(async () => (watcher.startedSince(restartedAt) >= 4 ? true : undefined));
    const calls = await watcher.stop();
    const before = calls.filter((record) => record.endedAt < restartedAt);
    expect(before.filter((record) => record.outcome !== 'ok')).toEqual([]);
    // During and after: the store is unavailable (503, or, for a call that was past the session
    // check when Redis went away, a JSON-RPC error that names no backend) or, restarted empty, no
    // longer knows the session (404); never a wrong answer, never the Redis address.
    const storeFailure =
      /503|Service Unavailable|session store is unavailable|404|Session not found/;
    expect(calls.filter((record) => record.outcome.includes('redis://'))).toEqual([]);
    expect(
      calls.filter((record) => !before.includes(record)).filter(unexplained(storeFailure)),
    ).toEqual([]);
    const fresh = await waitFor(() => connect(proxy.url, ['steady__work']));
    for (let n = 0; n < 4; n += 1) expect(await echoOutcome(fresh, 'steady__work', n)).toBe('ok');
    expect(proxy.served.every((count) => count > 4)).toBe(true);
  });
});

/** A filter keeping the calls that neither succeeded nor failed in a way `allowed` matches. */
function unexplained(allowed: RegExp) {
  return (record: CallRecord) => record.outcome !== 'ok' && !allowed.test(record.outcome);
}
