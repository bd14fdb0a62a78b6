/**
 * `/healthz` and `/readyz` of `x-gateway serve --http` on a real Redis session store and real
 * stdio upstreams: not ready, with the reason, while Redis is stopped or every upstream is down;
 * ready again once they are back.
 */

import { rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { descendantPids, startRedisServer, type TestRedisServer, waitUntilGone } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogUpstream,
  fetchRoute,
  type ObservedGateway,
  startObservedGateway,
  writeServers,
} from './observed-gateway.js';

const SWITCHABLE = fileURLToPath(new URL('./fixtures/switchable-upstream.mjs', import.meta.url));

/** The `/readyz` answer. */
interface Readiness {
  status: number;
  body: { ready: boolean; checks: { name: string; ready: boolean; reason?: string }[] };
}

let folder: string;
let redis: TestRedisServer;
let gateway: ObservedGateway;
let markers: string[];

async function readiness(): Promise<Readiness> {
  const response = await fetchRoute(gateway.url, '/readyz');
  return { status: response.status, body: (await response.json()) as Readiness['body'] };
}

/** Polls `/readyz` (the signal itself) until it says `ready`; bounded by the test's timeout. */
async function untilReadiness(ready: boolean): Promise<Readiness> {
  for (;;) {
    const found = await readiness();
    if (found.body.ready === ready) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-gateway-ready-'));
  redis = await startRedisServer();
  markers = [join(folder, 'first-down'), join(folder, 'second-down')];
  const [first, second] = markers as [string, string];
  const config = await writeServers(folder, (catalog) => ({
    first: catalogUpstream(catalog, [SWITCHABLE, first]),
    second: catalogUpstream(catalog, [SWITCHABLE, second]),
  }));
  gateway = await startObservedGateway(config, ['--quiet', '--session-store', redis.url]);
});

afterAll(async () => {
  await gateway?.stop();
  await redis?.stop();
  await rm(folder, { recursive: true, force: true });
});

describe('x-gateway /healthz and /readyz', () => {
  it('is live and ready with its upstreams up and Redis answering', async () => {
    const health = await fetchRoute(gateway.url, '/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(await readiness()).toEqual({
      status: 200,
      body: {
        ready: true,
        checks: [
          { name: 'upstreams', ready: true },
          { name: 'session-store', ready: true },
        ],
      },
    });
  });

  it('is not ready while Redis is stopped, and ready again once it is back', async () => {
    await redis.pause();
    const down = await untilReadiness(false);
    expect(down.status).toBe(503);
    expect(down.body.checks).toEqual([
      { name: 'upstreams', ready: true },
      {
        name: 'session-store',
        ready: false,
        reason: 'unreachable (The session store is unavailable.)',
      },
    ]);
    // Still live: the process serves, it only cannot serve sessions.
    expect((await fetchRoute(gateway.url, '/healthz')).status).toBe(200);
    await redis.restart();
    expect((await untilReadiness(true)).status).toBe(200);
  });

  it('is not ready while every upstream is down, naming each, and ready again once one is back', async () => {
    const upstreams = descendantPids(gateway.child.pid as number);
    expect(upstreams).toHaveLength(2);
    // While a marker exists its upstream cannot start again.
    for (const marker of markers) writeFileSync(marker, '');
    for (const pid of upstreams) process.kill(pid, 'SIGKILL');
    await waitUntilGone(upstreams);
    const down = await untilReadiness(false);
    expect(down.status).toBe(503);
    expect(down.body.checks[0]).toEqual({
      name: 'upstreams',
      ready: false,
      reason: expect.stringMatching(/^no upstream is connected \(first \w+, second \w+\)$/),
    });
    expect(down.body.checks[1]).toEqual({ name: 'session-store', ready: true });
    rmSync(markers[1] as string);
    const back = await untilReadiness(true);
    expect(back.status).toBe(200);
    rmSync(markers[0] as string);
  });
});
