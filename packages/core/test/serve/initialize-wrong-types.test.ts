/**
 * Issue 31, weak spot "initialize with wrong types": an `initialize` whose `params` is a string
 * or an array is answered with a JSON-RPC error to its id over stdio and Streamable HTTP, in both
 * eras, never left unanswered and never a raw schema dump; the server goes on serving.
 */
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, serveHttp, serveStdio } from '../../src/serve/index.js';
import {
  createCounterFactory,
  INITIALIZE_REQUEST,
  MODERN,
  MODERN_ENVELOPE,
  POST_HEADERS,
  rawRequest,
} from './helpers.js';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

const WRONG = [
  ['a string', 'x'],
  ['an array', [1]],
  ['a number', 7],
] as const;

const initialize = (params: unknown) => ({
  jsonrpc: '2.0',
  id: 'init',
  method: 'initialize',
  params,
});

async function stdio() {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const errors: Error[] = [];
  running.push(
    await serveStdio(createCounterFactory().factory, {
      stdin,
      stdout,
      onError: (error) => errors.push(error),
    }),
  );
  const lines = createInterface({ input: stdout })[Symbol.asyncIterator]();
  return {
    send: (message: unknown) => stdin.write(`${JSON.stringify(message)}\n`),
    next: async () => JSON.parse((await lines.next()).value as string) as Record<string, unknown>,
    errors,
  };
}

describe('initialize with params of the wrong type', () => {
  it.each(WRONG)(
    'over stdio, as the first line, with %s: a JSON-RPC error, then serving',
    async (_name, params) => {
      const pair = await stdio();
      pair.send(initialize(params));
      const answer = await pair.next();
      expect(answer).toMatchObject({
        jsonrpc: '2.0',
        id: 'init',
        error: { code: expect.any(Number) },
      });
      expect([-32_600, -32_602]).toContain((answer.error as { code: number }).code);
      expect((answer.error as { message: string }).message).toMatch(
        /^Invalid request: params must be an object/,
      );
      pair.send(INITIALIZE_REQUEST);
      expect(await pair.next()).toMatchObject({
        id: 1,
        result: { serverInfo: { name: 'counter' } },
      });
      expect(pair.errors).toEqual([]);
    },
  );

  it.each(WRONG)(
    'over stdio, in a 2026-07-28 connection, with %s: a JSON-RPC error',
    async (_name, params) => {
      const pair = await stdio();
      pair.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: MODERN_ENVELOPE },
      });
      expect(await pair.next()).toMatchObject({ id: 1, result: { tools: expect.any(Array) } });
      pair.send(initialize(params));
      expect(await pair.next()).toMatchObject({ id: 'init', error: { code: expect.any(Number) } });
    },
  );

  it.each(WRONG)(
    'over Streamable HTTP in both eras, with %s: 400 and a JSON-RPC error to its id',
    async (_name, params) => {
      const server = await serveHttp(createCounterFactory().factory, { port: 0 });
      running.push(server);
      for (const headers of [POST_HEADERS, { ...POST_HEADERS, 'mcp-protocol-version': MODERN }]) {
        const response = await rawRequest(server.url, {
          method: 'POST',
          headers,
          body: JSON.stringify(initialize(params)),
        });
        expect(response.status).toBe(400);
        const body = JSON.parse(response.text) as {
          id?: unknown;
          error?: { code?: number; message?: string };
        };
        expect(body.id).toBe('init');
        expect(body.error?.code).toBe(-32_600);
        expect(body.error?.message).not.toMatch(/"code":|invalid_type/);
      }
      expect(server.sessionCount()).toBe(0);
    },
  );
});
