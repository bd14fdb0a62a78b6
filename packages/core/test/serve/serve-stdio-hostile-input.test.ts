/**
 * Issue 31, findings 3 and 4: serveStdio answers every request line it cannot take with an
 * error to its own id (a malformed request, a line above maxMessageBytes), reports a line whose
 * id cannot be read in one short line, and goes on serving, in both protocol eras.
 */
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, serveStdio } from '../../src/serve/index.js';
import { createCounterFactory, INITIALIZE_REQUEST, MODERN_ENVELOPE } from './helpers.js';

const MAX_MESSAGE_BYTES = 4_096;
const BIG = 'x'.repeat(3 * MAX_MESSAGE_BYTES);

interface StdioPair {
  /** Writes one line to the server's stdin. */
  write(text: string): void;
  /** The next line the server wrote, parsed. */
  next(): Promise<Record<string, unknown>>;
  /** What the server reported. */
  errors: Error[];
  /** Resolves once the server reported something. */
  reported(): Promise<Error>;
}

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function startServer(): Promise<StdioPair> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const errors: Error[] = [];
  let waiter: ((error: Error) => void) | undefined;
  running.push(
    await serveStdio(createCounterFactory().factory, {
      stdin,
      stdout,
      maxMessageBytes: MAX_MESSAGE_BYTES,
      onError: (error) => {
        errors.push(error);
        waiter?.(error);
      },
    }),
  );
  const lines = createInterface({ input: stdout })[Symbol.asyncIterator]();
  return {
    write: (text) => stdin.write(`${text}\n`),
    next: async () => JSON.parse((await lines.next()).value as string),
    errors,
    reported: () =>
      errors.length > 0
        ? Promise.resolve(errors[0] as Error)
        : new Promise((resolve) => {
            waiter = resolve;
          }),
  };
}

const ERAS = {
  '2025-11-25': {
    async open(pair: StdioPair) {
      pair.write(JSON.stringify(INITIALIZE_REQUEST));
      expect(await pair.next()).toMatchObject({ id: 1, result: { serverInfo: {} } });
      pair.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    },
    meta: {},
  },
  '2026-07-28': {
    async open(pair: StdioPair) {
      pair.write(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: { _meta: MODERN_ENVELOPE },
        }),
      );
      expect(await pair.next()).toMatchObject({ id: 1, result: { tools: expect.any(Array) } });
    },
    meta: MODERN_ENVELOPE,
  },
} as const;

/** A tools/call of `increment`, which answers the count: proof the server still serves. */
function increment(id: number, meta: object): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'increment', arguments: {}, _meta: meta },
  });
}

for (const [era, { open, meta }] of Object.entries(ERAS)) {
  describe(`serveStdio and hostile input (${era})`, () => {
    it.each([
      ['params: "x"', { params: 'x' }, -32_600, /params must be an object/],
      ['params: [1]', { params: [1] }, -32_602, /not an array/],
      [
        '_meta.progressToken: {}',
        { params: { name: 'increment', _meta: { ...meta, progressToken: {} } } },
        -32_602,
        /progressToken must be a string or an integer/,
      ],
    ])(
      'answers a request with %s with a JSON-RPC error to its id and keeps serving',
      async (_name, fields, code, message) => {
        const pair = await startServer();
        await open(pair);
        pair.write(JSON.stringify({ jsonrpc: '2.0', id: 'bad', method: 'tools/call', ...fields }));
        const answer = await pair.next();
        expect(answer).toMatchObject({ jsonrpc: '2.0', id: 'bad', error: { code } });
        expect((answer.error as { message: string }).message).toMatch(message);
        pair.write(increment(2, meta));
        expect(await pair.next()).toMatchObject({ id: 2, result: { content: [{ text: '1' }] } });
        expect(pair.errors).toEqual([]);
      },
    );

    it.each([
      ['an unsupported revision', '2099-01-01'],
      ['a 2025 revision', '2025-11-25'],
      ['no string', 20_260_728],
    ])(
      'refuses a request whose _meta names %s as its protocol version with -32022, as HTTP does',
      async (_name, version) => {
        const pair = await startServer();
        await open(pair);
        pair.write(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 'v',
            method: 'tools/call',
            params: {
              name: 'increment',
              arguments: {},
              _meta: { ...MODERN_ENVELOPE, 'io.modelcontextprotocol/protocolVersion': version },
            },
          }),
        );
        expect(await pair.next()).toMatchObject({
          jsonrpc: '2.0',
          id: 'v',
          error: {
            code: -32_022,
            message: `Unsupported protocol version: ${version}`,
            data: { supported: ['2026-07-28'], requested: version },
          },
        });
        // Refused before the server: the counter was never incremented.
        pair.write(increment(2, meta));
        expect(await pair.next()).toMatchObject({ id: 2, result: { content: [{ text: '1' }] } });
        expect(pair.errors).toEqual([]);
      },
    );

    it.each([
      [
        'at its start',
        (params: object) => ({ jsonrpc: '2.0', id: 9, method: 'tools/call', params }),
      ],
      ['at its end', (params: object) => ({ method: 'tools/call', params, jsonrpc: '2.0', id: 9 })],
    ])(
      'answers a request line above maxMessageBytes with its id %s with REQUEST_TOO_LARGE and keeps serving',
      async (_where, shape) => {
        const pair = await startServer();
        await open(pair);
        pair.write(
          JSON.stringify(shape({ name: 'increment', arguments: { big: BIG }, _meta: meta })),
        );
        expect(await pair.next()).toMatchObject({
          id: 9,
          error: {
            code: -32_600,
            data: { reason: 'REQUEST_TOO_LARGE', maxMessageBytes: MAX_MESSAGE_BYTES },
          },
        });
        pair.write(increment(2, meta));
        expect(await pair.next()).toMatchObject({ id: 2, result: { content: [{ text: '1' }] } });
        expect(pair.errors).toEqual([]);
      },
    );

    it('reports a line above maxMessageBytes with no readable id in one line and keeps serving', async () => {
      const pair = await startServer();
      await open(pair);
      pair.write(BIG);
      expect((await pair.reported()).message).toMatch(
        /^a line of \d+ bytes on stdin, above the limit of 4096 bytes \(maxMessageBytes\), was dropped/,
      );
      pair.write(increment(2, meta));
      expect(await pair.next()).toMatchObject({ id: 2, result: { content: [{ text: '1' }] } });
    });

    it('reports a malformed message with no id in one line, not a schema dump', async () => {
      const pair = await startServer();
      await open(pair);
      pair.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: 'x' }));
      expect((await pair.reported()).message).toBe(
        'a line on stdin that is no JSON-RPC message was dropped',
      );
      pair.write(increment(2, meta));
      expect(await pair.next()).toMatchObject({ id: 2, result: { content: [{ text: '1' }] } });
    });
  });
}
