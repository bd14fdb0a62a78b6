import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createUpstream, type Upstream } from '../../src/upstreams/index.js';
import { rejection } from './helpers.js';

const opened: Upstream[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((upstream) => upstream.close()));
});

/** A loopback port that refuses connections: bound once, then closed. */
async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('an upstream that cannot start', () => {
  it('over HTTP, is reported as refused, naming the URL', async () => {
    const url = `http://127.0.0.1:${await refusedPort()}/mcp`;
    const upstream = createUpstream(
      'down',
      { type: 'http', url },
      { reconnect: { maxAttempts: 1 } },
    );
    opened.push(upstream);
    const error = await rejection(upstream.connect());
    expect(error).toMatchObject({ code: 'UNAVAILABLE', data: { systemCode: 'ECONNREFUSED' } });
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message).toContain(url);
    expect(error.message).not.toContain('no protocol revision in common');
  });
});
