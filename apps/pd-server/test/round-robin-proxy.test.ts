/**
 * The round-robin proxy of `@x/test-kit` that the two-instance and fault tests of every app put in
 * front of their instances: rotation, streaming, failover on refused connections, and no
 * request ever sent twice.
 */

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RoundRobinProxy, startRoundRobinProxy } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

/** A loopback instance answering `NAME:BODY`, or as `handler` says; `seen` lists the bodies. */
interface Instance {
  readonly url: URL;
  readonly seen: string[];
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
}

const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

async function startInstance(name: string, handler?: Handler): Promise<Instance> {
  const seen: string[] = [];
  let server: Server;
  const create = () =>
    createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        seen.push(body);
        if (handler !== undefined) handler(request, response, body);
        else response.end(`${name}:${body}`);
      });
    });
  server = create();
  const port = await listen(server);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  cleanups.push(stop);
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    seen,
    stop,
    async restart() {
      server = create();
      await listen(server, port);
    },
  };
}

/** The URL of a port nothing listens on: connections to it are refused. */
async function refusingUrl(): Promise<URL> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return new URL(`http://127.0.0.1:${port}/mcp`);
}

async function startProxy(targets: URL[], options?: { downMs?: number }): Promise<RoundRobinProxy> {
  const proxy = await startRoundRobinProxy(targets, options);
  cleanups.push(() => proxy.close());
  return proxy;
}

async function post(proxy: RoundRobinProxy, body: string) {
  const response = await fetch(proxy.url, { method: 'POST', body });
  return { status: response.status, text: await response.text() };
}

describe('startRoundRobinProxy', () => {
  it('sends requests to the instances in turn, with their bodies and paths', async () => {
    const paths: string[] = [];
    const a = await startInstance('a', (request, response, body) => {
      paths.push(request.url ?? '');
      response.end(`a:${body}`);
    });
    const b = await startInstance('b');
    const proxy = await startProxy([a.url, b.url]);
    expect(proxy.url.pathname).toBe('/mcp');
    const answers: string[] = [];
    for (let call = 0; call < 4; call += 1) answers.push((await post(proxy, `${call}`)).text);
    expect(answers).toEqual(['a:0', 'b:1', 'a:2', 'b:3']);
    expect(proxy.served).toEqual([2, 2]);
    expect(paths).toEqual(['/mcp', '/mcp']);
    expect(proxy.failovers).toBe(0);
  });

  it('streams an answer to the client before the instance ends it', async () => {
    let finish: (() => void) | undefined;
    const a = await startInstance('a', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: first\n\n');
      finish = () => response.end('data: last\n\n');
    });
    const proxy = await startProxy([a.url]);
    const response = await fetch(proxy.url, { method: 'POST', body: 'x' });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: first\n\n');
    finish?.();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toBe('data: last\n\n');
  });

  it('sends a refused request on to the next instance and keeps the refusing one out of the rotation', async () => {
    const a = await startInstance('a');
    const b = await startInstance('b');
    const proxy = await startProxy([a.url, b.url], { downMs: 60_000 });
    expect((await post(proxy, 'warm')).text).toBe('a:warm');
    await b.stop();
    const answers: string[] = [];
    for (let call = 0; call < 6; call += 1) answers.push((await post(proxy, `${call}`)).text);
    expect(answers).toEqual(['a:0', 'a:1', 'a:2', 'a:3', 'a:4', 'a:5']);
    // Only the first request after the stop tried b: then b was out of the rotation.
    expect(proxy.failovers).toBe(1);
    expect(proxy.served).toEqual([7, 0]);
    expect(b.seen).toEqual([]);
  });

  it('tries an instance again once its down time is over', async () => {
    const a = await startInstance('a');
    const b = await startInstance('b');
    const proxy = await startProxy([a.url, b.url], { downMs: 50 });
    await b.stop();
    expect((await post(proxy, '0')).text).toBe('a:0');
    expect((await post(proxy, '1')).text).toBe('a:1');
    await b.restart();
    const deadline = Date.now() + 5_000;
    let answer = '';
    for (let call = 2; !answer.startsWith('b:') && Date.now() < deadline; call += 1) {
      answer = (await post(proxy, `${call}`)).text;
    }
    expect(answer).toMatch(/^b:/);
  });

  it('answers 502 only when every instance refuses', async () => {
    const proxy = await startProxy([await refusingUrl(), await refusingUrl()]);
    expect(await post(proxy, 'x')).toEqual({ status: 502, text: 'Bad Gateway' });
    expect(proxy.served).toEqual([0, 0]);
    const alive = await startInstance('alive');
    const mixed = await startProxy([await refusingUrl(), alive.url, await refusingUrl()]);
    for (let call = 0; call < 3; call += 1) {
      expect(await post(mixed, `${call}`)).toEqual({ status: 200, text: `alive:${call}` });
    }
  });

  it('never sends a request twice: an instance failing after receiving it gives a 502', async () => {
    const a = await startInstance('a', (request) => request.socket.destroy());
    const b = await startInstance('b');
    const proxy = await startProxy([a.url, b.url]);
    expect((await post(proxy, 'once')).status).toBe(502);
    expect(a.seen).toEqual(['once']);
    expect(b.seen).toEqual([]);
    expect(proxy.failovers).toBe(0);
  });

  it("closes the client's connection when the instance breaks off an answer", async () => {
    const a = await startInstance('a', (request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: partial\n\n', () => request.socket.destroy());
    });
    const proxy = await startProxy([a.url]);
    const response = await fetch(proxy.url, { method: 'POST', body: 'x' });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('rejects no targets and a down time that is not whole milliseconds', async () => {
    await expect(startRoundRobinProxy([])).rejects.toThrow(TypeError);
    const a = await startInstance('a');
    await expect(startRoundRobinProxy([a.url], { downMs: -1 })).rejects.toThrow(/downMs/);
    await expect(startRoundRobinProxy([a.url], { downMs: 1.5 })).rejects.toThrow(/downMs/);
  });
});
