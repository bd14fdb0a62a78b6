import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { serveHttp, serveStdio } from '../../src/serve/index.js';
import { describeInvalidInitialize } from '../../src/serve/invalid-initialize.js';
import { shortenInvalidParamsMessage } from '../../src/serve/invalid-params.js';
import {
  createCounterFactory,
  INITIALIZE_REQUEST,
  MODERN,
  MODERN_ENVELOPE,
  POST_HEADERS,
  rawRequest,
} from './helpers.js';

/** The two bad calls of issue 20 and the short message each must get. */
const BAD_CALLS = [
  {
    params: { name: 42, arguments: {} },
    message: 'Invalid tools/call request: params.name: expected string, received number',
  },
  {
    params: { name: 'increment', arguments: [] },
    message: 'Invalid tools/call request: params.arguments: expected record, received array',
  },
];

function call(id: number, params: Record<string, unknown>, era: 'legacy' | 'modern') {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: era === 'modern' ? { ...params, _meta: MODERN_ENVELOPE } : params,
  };
}

/** The JSON-RPC message of a response body, plain JSON or one SSE event. */
function messageOf(text: string): { id?: number; error?: { code: number; message: string } } {
  const data = /^data: (.*)$/m.exec(text)?.[1];
  return JSON.parse(data ?? text);
}

describe('shortenInvalidParamsMessage', () => {
  it("turns the schema library's issue list into one line per problem", () => {
    const dump = `Invalid tools/call request: ${JSON.stringify(
      [
        {
          expected: 'string',
          code: 'invalid_type',
          path: ['params', 'name'],
          message: 'Invalid input: expected string, received number',
        },
        {
          expected: 'record',
          code: 'invalid_type',
          path: ['params', 'arguments'],
          message: 'Invalid input: expected record, received array',
        },
      ],
      null,
      2,
    )}`;
    expect(shortenInvalidParamsMessage(dump)).toBe(
      'Invalid tools/call request: params.name: expected string, received number; params.arguments: expected record, received array',
    );
  });

  it('leaves a short message as it is', () => {
    expect(shortenInvalidParamsMessage('Unknown tool: nope')).toBe('Unknown tool: nope');
  });

  it('always gives one line of at most 300 characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2_000 }), (message) => {
        const short = shortenInvalidParamsMessage(message);
        expect(short.length).toBeLessThanOrEqual(300);
        expect(short).not.toMatch(/\n/);
      }),
    );
  });
});

describe('wrong parameter types over stdio', () => {
  for (const era of ['legacy', 'modern'] as const) {
    it(`answers -32602 with a short message in the ${era} era`, async () => {
      const stdin = new PassThrough();
      const stdout = new PassThrough();
      const running = await serveStdio(createCounterFactory().factory, { stdin, stdout });
      const lines = createInterface({ input: stdout })[Symbol.asyncIterator]();
      const next = async () => JSON.parse((await lines.next()).value as string);
      if (era === 'legacy') {
        stdin.write(`${JSON.stringify(INITIALIZE_REQUEST)}\n`);
        await next();
        stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      }
      for (const [index, bad] of BAD_CALLS.entries()) {
        stdin.write(`${JSON.stringify(call(10 + index, bad.params, era))}\n`);
        expect(await next()).toEqual({
          jsonrpc: '2.0',
          id: 10 + index,
          error: { code: -32602, message: bad.message },
        });
      }
      await running.close();
    });
  }
});

/** An `initialize` whose parameters have the wrong types, and the answer it must get. */
const BAD_INITIALIZE = {
  request: {
    ...INITIALIZE_REQUEST,
    params: { ...INITIALIZE_REQUEST.params, protocolVersion: 42, capabilities: 'all' },
  },
  error: {
    code: -32602,
    message:
      'Invalid initialize request: params.protocolVersion: expected string, received number; params.capabilities: expected object, received string',
  },
};

describe('describeInvalidInitialize', () => {
  it('answers a valid initialize and other methods with undefined, any other params with one short line (property)', () => {
    expect(describeInvalidInitialize(INITIALIZE_REQUEST)).toBeUndefined();
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom('initialize', 'tools/list'), (params, method) => {
        const described = describeInvalidInitialize({ jsonrpc: '2.0', id: 7, method, params });
        if (described === undefined) return;
        expect(method).toBe('initialize');
        expect(described.id).toBe(7);
        expect(described.message).toMatch(/^Invalid initialize request: [^\n]{1,272}$/);
      }),
    );
  });
});

describe('an initialize with wrong parameter types', () => {
  it('answers -32602 naming the fields over stdio, and the session still opens', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const running = await serveStdio(createCounterFactory().factory, { stdin, stdout });
    const lines = createInterface({ input: stdout })[Symbol.asyncIterator]();
    const next = async () => JSON.parse((await lines.next()).value as string);
    stdin.write(`${JSON.stringify(BAD_INITIALIZE.request)}\n`);
    expect(await next()).toEqual({ jsonrpc: '2.0', id: 1, error: BAD_INITIALIZE.error });
    stdin.write(`${JSON.stringify({ ...INITIALIZE_REQUEST, id: 2 })}\n`);
    expect(await next()).toMatchObject({ id: 2, result: { protocolVersion: expect.any(String) } });
    await running.close();
  });

  it('answers -32602 naming the fields over Streamable HTTP, not "missing session id"', async () => {
    const running = await serveHttp(createCounterFactory().factory, { port: 0 });
    try {
      const response = await rawRequest(running.url, {
        method: 'POST',
        headers: POST_HEADERS,
        body: JSON.stringify(BAD_INITIALIZE.request),
      });
      expect(messageOf(response.text)).toEqual({
        jsonrpc: '2.0',
        id: 1,
        error: BAD_INITIALIZE.error,
      });
    } finally {
      await running.close();
    }
  });
});

describe('wrong parameter types over Streamable HTTP', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('answers -32602 with a short message in a 2025-era session', async () => {
    const running = await serveHttp(createCounterFactory().factory, { port: 0 });
    cleanups.push(() => running.close());
    const opened = await rawRequest(running.url, {
      method: 'POST',
      headers: POST_HEADERS,
      body: JSON.stringify(INITIALIZE_REQUEST),
    });
    const session = {
      ...POST_HEADERS,
      'mcp-session-id': opened.headers['mcp-session-id'] as string,
      'mcp-protocol-version': INITIALIZE_REQUEST.params.protocolVersion,
    };
    await rawRequest(running.url, {
      method: 'POST',
      headers: session,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    for (const [index, bad] of BAD_CALLS.entries()) {
      const response = await rawRequest(running.url, {
        method: 'POST',
        headers: session,
        body: JSON.stringify(call(10 + index, bad.params, 'legacy')),
      });
      expect(messageOf(response.text)).toMatchObject({
        id: 10 + index,
        error: { code: -32602, message: bad.message },
      });
    }
  });

  it('answers -32602 with a short message in the 2026-07-28 era', async () => {
    const running = await serveHttp(createCounterFactory().factory, { port: 0 });
    cleanups.push(() => running.close());
    for (const [index, bad] of BAD_CALLS.entries()) {
      const response = await rawRequest(running.url, {
        method: 'POST',
        headers: {
          ...POST_HEADERS,
          'mcp-protocol-version': MODERN,
          'mcp-method': 'tools/call',
          'mcp-name': String(bad.params.name),
        },
        body: JSON.stringify(call(10 + index, bad.params, 'modern')),
      });
      expect(messageOf(response.text)).toMatchObject({
        id: 10 + index,
        error: { code: -32602, message: bad.message },
      });
    }
  });
});
