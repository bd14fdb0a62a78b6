/**
 * Issue 31: under load, clients got `UND_ERR_SOCKET` ("other side closed") and `ECONNRESET` on
 * a kept-alive connection to `serveHttp`. A server whose event loop was held up ran its idle
 * timer before reading a request that had already arrived, and closed that connection; and it
 * held idle connections barely longer than the `Keep-Alive: timeout=5` it advertised.
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { serveHttp } from '../../src/serve/index.js';
import { createCounterFactory } from './helpers.js';
import { createLineReader, killFixture, spawnFixture } from './process-helpers.js';

/**
 * How long the server's event loop is held up: past the hold of an idle connection, ours (below)
 * and Node's default (5 s, plus its 1 s buffer). The stimulus; nothing waits for it to pass.
 */
const HELD_UP_MS = 7_000;
/** The idle hold of the server under test, well short of {@link HELD_UP_MS}. */
const HOLD_MS = 1_000;

/** Whether `text` holds a whole response: its head and as many body bytes as it announces. */
function isComplete(text: string): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = /\r\ncontent-length: (\d+)\r\n/i.exec(text.slice(0, end + 2))?.[1];
  return Buffer.byteLength(text.slice(end + 4)) >= Number(length ?? 0);
}

/** One raw TCP connection to `url`, sending one GET at a time and reading its whole answer. */
function openConnection(url: URL) {
  const socket = connect(Number(url.port), url.hostname);
  let received = '';
  let closed = false;
  let settle: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
    settle?.();
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    closed = true;
    settle?.();
  });
  return {
    /** The whole response to `GET path`, or `closed after ...` when the connection ends first. */
    async get(path: string): Promise<string> {
      received = '';
      const done = new Promise<void>((resolve) => {
        settle = () => {
          if (closed || isComplete(received)) resolve();
        };
      });
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
      await done;
      return isComplete(received) ? received : `closed after ${JSON.stringify(received)}`;
    },
    close: () => socket.destroy(),
  };
}

describe('serveHttp and kept-alive connections', () => {
  let child: ReturnType<typeof spawnFixture> | undefined;
  afterEach(() => killFixture(child));

  it('advertises a quarter of its hold of an idle connection, 5 s by default', async () => {
    for (const [keepAliveTimeoutMs, hint] of [
      [undefined, 'timeout=5'],
      [60_000, 'timeout=15'],
    ] as const) {
      const running = await serveHttp(createCounterFactory().factory, {
        port: 0,
        ...(keepAliveTimeoutMs === undefined ? {} : { keepAliveTimeoutMs }),
      });
      try {
        const response = await fetch(running.url);
        await response.text();
        expect(response.headers.get('keep-alive')).toBe(hint);
      } finally {
        await running.close();
      }
    }
  });

  it('answers a request that reached a held-up server on a connection idle past its hold', async () => {
    child = spawnFixture('busy-http-server.mjs', [String(HOLD_MS)]);
    const lines = createLineReader(child);
    const url = new URL(await lines.next());
    const idle = openConnection(url);
    const busy = openConnection(url);
    try {
      expect(await idle.get('/free')).toMatch(/^HTTP\/1\.1 200 OK\r\n/);

      const held = busy.get(`/busy?ms=${HELD_UP_MS}`);
      expect(await lines.next()).toBe('busy');
      // Sent while the server's event loop is held up: it arrives long before the server reads it.
      const second = idle.get('/free');
      expect(await held).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\ndone$/);
      expect(await second).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nfree$/);
    } finally {
      idle.close();
      busy.close();
    }
  });
});
