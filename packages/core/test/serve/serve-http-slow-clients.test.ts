import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpServeOptions, serveHttp } from '../../src/serve/index.js';
import { createCounterFactory } from './helpers.js';

/** A raw TCP connection to the server, collecting what it answers until it closes. */
async function open(url: URL): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = connect(Number(url.port), url.hostname);
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString('utf8');
  });
  socket.on('error', () => {});
  const closed = once(socket, 'close').then(() => answer);
  await once(socket, 'connect');
  return { socket, closed };
}

describe('serveHttp and slow or many clients', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(options: Partial<HttpServeOptions>) {
    const running = await serveHttp(createCounterFactory().factory, { port: 0, ...options });
    cleanups.push(() => running.close());
    return running;
  }

  it('cuts a client that never finishes its headers with 408 after headersTimeoutMs', async () => {
    const running = await start({ headersTimeoutMs: 500, requestTimeoutMs: 1_000 });
    const { socket, closed } = await open(running.url);
    socket.write(`POST ${running.url.pathname} HTTP/1.1\r\nHost: ${running.url.host}\r\n`);
    expect(await closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts a client that never finishes its body with 408 after requestTimeoutMs', async () => {
    const running = await start({ headersTimeoutMs: 500, requestTimeoutMs: 1_000 });
    const { socket, closed } = await open(running.url);
    socket.write(
      `POST ${running.url.pathname} HTTP/1.1\r\nHost: ${running.url.host}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"jsonrpc":',
    );
    expect(await closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('drops connections beyond maxConnections and keeps serving those it holds', async () => {
    const running = await start({ maxConnections: 2 });
    const held = [await open(running.url), await open(running.url)];
    const refused = await open(running.url);
    expect(await refused.closed).toBe('');
    for (const { socket } of held) socket.destroy();
  });
});
