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

  it('over stdio, is reported with its exit code and the tail of its stderr', async () => {
    const script = "process.stderr.write('loading\\nmissing API_KEY\\n'); process.exit(3)";
    const upstream = createUpstream(
      'exits',
      { type: 'stdio', command: process.execPath, args: ['-e', script] },
      { stderr: 'pipe', reconnect: { maxAttempts: 1 } },
    );
    opened.push(upstream);
    const error = await rejection(upstream.connect());
    expect(error).toMatchObject({ code: 'UNAVAILABLE', data: { exitCode: 3 } });
    expect(error.message).toContain('exited with code 3');
    expect(error.message).toContain('stderr: loading | missing API_KEY');
  });

  it('over stdio, names a command that is not found', async () => {
    const upstream = createUpstream(
      'missing',
      { type: 'stdio', command: 'x-no-such-command-here' },
      { stderr: 'pipe', reconnect: { maxAttempts: 1 } },
    );
    opened.push(upstream);
    const error = await rejection(upstream.connect());
    expect(error).toMatchObject({ code: 'UNAVAILABLE', data: { systemCode: 'ENOENT' } });
    expect(error.message).toContain('the command was not found (ENOENT)');
    expect(error.message).not.toContain('x-no-such-command-here');
  });
});
