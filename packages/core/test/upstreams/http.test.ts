import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUpstream, type Upstream } from '../../src/upstreams/index.js';
import { firstText, fixturePath, OFFICIAL, rejection } from './helpers.js';

const opened: Upstream[] = [];
const children: ChildProcess[] = [];

function open(url: string, headers?: Record<string, string>): Upstream {
  const upstream = createUpstream(
    'web',
    { type: 'http', url, ...(headers ? { headers } : {}) },
    {
      reconnect: { initialDelayMs: 50, maxDelayMs: 50 },
    },
  );
  opened.push(upstream);
  return upstream;
}

/** Starts the official everything server over Streamable HTTP, bound to 127.0.0.1 only. */
async function startEverythingHttp(port = 0): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      pathToFileURL(fixturePath('loopback-preload.mjs')).href,
      OFFICIAL.everything,
      'streamableHttp',
    ],
    { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  children.push(child);
  let output = '';
  const listening = new Promise<number>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /FIXTURE_LISTENING (\d+)/.exec(output);
      if (match?.[1] !== undefined) {
        resolve(Number(match[1]));
      }
    });
    child.once('exit', () => reject(new Error(`everything exited early: ${output}`)));
  });
  return { child, port: await listening };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((upstream) => upstream.close()));
  await Promise.all(children.splice(0).map(stop));
});

describe('an upstream over Streamable HTTP', () => {
  let statusServer: Server;
  let statusBase: string;

  beforeAll(async () => {
    // Answers every request with the status named by its path, echoing a secret-looking body.
    statusServer = createServer((request, response) => {
      request.resume();
      response.writeHead(Number(request.url?.slice(1)), { 'content-type': 'text/plain' });
      response.end(`denied ${request.headers.authorization ?? ''}`);
    });
    statusServer.listen(0, '127.0.0.1');
    await once(statusServer, 'listening');
    statusBase = `http://127.0.0.1:${(statusServer.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    statusServer.close();
    await once(statusServer, 'close');
  });

  it.each([
    [401, 'AUTH', false],
    [403, 'PERMISSION', false],
    [429, 'RATE_LIMITED', true],
    [503, 'UNAVAILABLE', true],
  ])('classifies HTTP %i as %s without leaking headers', async (status, code, retryable) => {
    const upstream = open(`${statusBase}/${status}`, { Authorization: 'Bearer SECRET-TOKEN' });
    const error = await rejection(upstream.connect());
    expect(error).toMatchObject({ code, retryable, data: { httpStatus: status } });
    expect(error.message).not.toContain('SECRET');
    expect(error.message).not.toContain(statusBase);
  });

  it('keeps reporting AUTH, without asking again, while it backs off', async () => {
    let requests = 0;
    statusServer.on('request', () => {
      requests += 1;
    });
    const upstream = createUpstream(
      'web',
      { type: 'http', url: `${statusBase}/401` },
      {
        reconnect: { initialDelayMs: 10_000 },
      },
    );
    opened.push(upstream);
    expect(await rejection(upstream.connect())).toMatchObject({ code: 'AUTH' });
    const seen = requests;
    const again = await rejection(upstream.listTools());
    expect(again).toMatchObject({
      code: 'AUTH',
      retryable: false,
      data: { lastErrorCode: 'AUTH' },
    });
    expect(again.message).toMatch(
      /not connected \(last attempt: AUTH\); next reconnect in \d+ ms$/,
    );
    expect(requests).toBe(seen);
  });

  it('classifies a refused connection as UNAVAILABLE', async () => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const { port } = probe.address() as AddressInfo;
    probe.close();
    await once(probe, 'close');
    const error = await rejection(open(`http://127.0.0.1:${port}/mcp`).connect());
    expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: true });
  });

  it('talks to the official everything server bound to loopback, and re-initializes after it restarts', async () => {
    const first = await startEverythingHttp();
    const upstream = open(`http://127.0.0.1:${first.port}/mcp`);
    const tools = await upstream.listTools();
    expect(tools.map((tool) => tool.name)).toContain('echo');
    expect(firstText(await upstream.callTool('echo', { message: 'over http' }))).toBe(
      'Echo: over http',
    );
    expect(upstream.pid).toBeUndefined();

    await stop(first.child);
    const down = await rejection(upstream.callTool('echo', { message: 'x' }));
    expect(down).toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    expect(upstream.status).toBe('reconnecting');

    await startEverythingHttp(first.port);
    await vi.waitFor(
      async () => {
        expect(firstText(await upstream.callTool('echo', { message: 'again' }))).toBe(
          'Echo: again',
        );
      },
      { timeout: 5_000, interval: 100 },
    );
    expect(upstream.status).toBe('ready');
  });
});
