import { describe, expect, it } from 'vitest';
import { checkReadiness, describeReadiness, upstreamsReadiness } from '../../src/health/index.js';
import type { Upstream, UpstreamStatus } from '../../src/upstreams/index.js';

/** An upstream that only has a name, a status and a `connect` that counts its calls. */
function fake(name: string, status: UpstreamStatus) {
  const upstream = {
    name,
    status,
    connects: 0,
    connect: async () => {
      upstream.connects += 1;
    },
  };
  return upstream;
}

async function check(...upstreams: ReturnType<typeof fake>[]) {
  return upstreamsReadiness(() => upstreams as unknown as Upstream[]).check();
}

describe('upstreamsReadiness', () => {
  it('is ready with one upstream connected, with none tried yet, or with none at all', async () => {
    expect(await check(fake('a', 'ready'), fake('b', 'failed'))).toEqual({ ready: true });
    expect(await check(fake('a', 'idle'), fake('b', 'reconnecting'))).toEqual({ ready: true });
    expect(await check()).toEqual({ ready: true });
  });

  it('is not ready when every upstream tried is down, naming each, and restarts the lost ones only', async () => {
    const lost = fake('a', 'reconnecting');
    const starting = fake('b', 'connecting');
    const gaveUp = fake('c', 'failed');
    expect(await check(lost, starting, gaveUp)).toEqual({
      ready: false,
      reason: 'no upstream is connected (a reconnecting, b connecting, c failed)',
    });
    expect([lost.connects, starting.connects, gaveUp.connects]).toEqual([1, 0, 1]);
  });

  it('reports through checkReadiness in one line', async () => {
    const report = await checkReadiness([
      upstreamsReadiness(() => [fake('a', 'failed')] as unknown as Upstream[]),
      { name: 'broken', check: () => Promise.reject(new Error('probe crashed')) },
    ]);
    expect(describeReadiness(report)).toBe(
      'not ready: upstreams: no upstream is connected (a failed); broken: probe crashed',
    );
  });
});
