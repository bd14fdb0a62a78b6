import { afterEach, describe, expect, it } from 'vitest';
import { createUpstream, type Upstream } from '../../src/upstreams/index.js';
import { expectResultTooLarge, firstText, fixturePath, nodeServer, rejection } from './helpers.js';

const LARGE_RESULT_SERVER = fixturePath('large-result-server.mjs');
const MiB = 1024 * 1024;
const opened: Upstream[] = [];

function open(...args: Parameters<typeof createUpstream>): Upstream {
  const upstream = createUpstream(...args);
  opened.push(upstream);
  return upstream;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((upstream) => upstream.close()));
});

describe('the size of messages read from a stdio upstream', () => {
  it('reads an answer above the SDK bound of 10 MiB by default', async () => {
    const upstream = open('big', nodeServer(LARGE_RESULT_SERVER), { stderr: 'ignore' });
    const result = await upstream.callTool('blob', { bytes: 12 * MiB });
    expect(firstText(result)).toHaveLength(12 * MiB);
  });

  it('fails only the call whose answer is above maxMessageBytes, naming the limit and the setting, and keeps the process', async () => {
    const upstream = open('big', nodeServer(LARGE_RESULT_SERVER, { maxMessageBytes: MiB }), {
      stderr: 'ignore',
    });
    expect(firstText(await upstream.callTool('echo', { text: 'before' }))).toBe('before');
    const pid = upstream.pid;
    const error = await rejection(upstream.callTool('blob', { bytes: 2 * MiB }));
    expectResultTooLarge(error, MiB, 2 * MiB);
    expect(upstream.status).toBe('ready');
    expect(firstText(await upstream.callTool('echo', { text: 'after' }))).toBe('after');
    expect(upstream.pid).toBe(pid);
  });

  it('fails the right one of several calls in flight', async () => {
    const upstream = open('big', nodeServer(LARGE_RESULT_SERVER), {
      stderr: 'ignore',
      maxMessageBytes: MiB,
    });
    await upstream.connect();
    const [small, large, other] = await Promise.allSettled([
      upstream.callTool('echo', { text: 'one' }),
      upstream.callTool('blob', { bytes: 3 * MiB }),
      upstream.callTool('echo', { text: 'two' }),
    ]);
    expect(small.status === 'fulfilled' && firstText(small.value)).toBe('one');
    expect(large.status === 'rejected' && large.reason).toMatchObject({
      data: { reason: 'RESULT_TOO_LARGE' },
    });
    expect(other.status === 'fulfilled' && firstText(other.value)).toBe('two');
  });

  it('drops a notification above the bound and answers the call that sent it', async () => {
    const upstream = open('big', nodeServer(LARGE_RESULT_SERVER, { maxMessageBytes: MiB }), {
      stderr: 'ignore',
    });
    await upstream.connect();
    const pid = upstream.pid;
    // The notification and the answer arrive while this call is the only one pending: the
    // notification carries no id at either end, so it must not take the call's answer.
    const result = await upstream.callTool('noise', { bytes: 2 * MiB });
    expect(firstText(result)).toBe('after the noise');
    expect(upstream.pid).toBe(pid);
  });

  it('refuses a maxMessageBytes outside 1 KiB to 512 MiB', () => {
    expect(() =>
      createUpstream('big', nodeServer(LARGE_RESULT_SERVER), { maxMessageBytes: 10 }),
    ).toThrow(/maxMessageBytes must be an integer from 1024/);
  });
});
