import { SdkErrorCode } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Catalog,
  type CatalogCallEvent,
  type CatalogServerOptions,
  createCatalogServer,
} from '../../src/catalog-server/index.js';
import { CoreError } from '../../src/errors.js';

const CATALOG: Catalog = [
  {
    name: 'lookup',
    server: 'books',
    inputSchema: {
      type: 'object',
      properties: { isbn: { type: 'string' } },
      required: ['isbn'],
      additionalProperties: false,
    },
  },
  { name: 'ping', server: 'health', inputSchema: { type: 'object' } },
];

/** Records `onCall` events and resolves waiters when a matching one arrives. */
function createCallLog() {
  const events: CatalogCallEvent[] = [];
  const waiters: Array<{ outcome: string; resolve: (event: CatalogCallEvent) => void }> = [];
  return {
    events,
    onCall(event: CatalogCallEvent) {
      events.push(event);
      const index = waiters.findIndex((waiter) => waiter.outcome === event.outcome);
      if (index !== -1) waiters.splice(index, 1)[0]?.resolve(event);
    },
    next(outcome: CatalogCallEvent['outcome']): Promise<CatalogCallEvent> {
      const seen = events.find((event) => event.outcome === outcome);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ outcome, resolve }));
    },
  };
}

const pairs: TestPair[] = [];
afterEach(async () => {
  await Promise.all(pairs.splice(0).map((pair) => pair.close()));
});

async function connect(options: CatalogServerOptions = {}): Promise<TestPair> {
  const pair = await createTestPair(createCatalogServer(CATALOG, options));
  pairs.push(pair);
  return pair;
}

async function call(pair: TestPair, args: Record<string, unknown>, name = 'lookup') {
  return (await pair.client.callTool({ name, arguments: args })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  const [content] = result.content;
  if (content?.type !== 'text') throw new Error('expected one text content');
  return content.text;
}

describe('behaviours', () => {
  it('large: answers with JSON text of exactly __x_size characters', async () => {
    const pair = await connect();
    const result = await call(pair, { isbn: '1', __x_behaviour: 'large', __x_size: 12_345 });
    expect(textOf(result)).toHaveLength(12_345);
    expect(JSON.parse(textOf(result))).toMatchObject({ tool: 'lookup' });
    expect(result.structuredContent).toBeUndefined();
  });

  it('large: uses the server size when the call gives none, and still validates', async () => {
    const pair = await connect({ behaviour: 'large', size: 2_000 });
    expect(textOf(await call(pair, { isbn: '1' }))).toHaveLength(2_000);
    const invalid = await call(pair, { isbn: 1 });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toContain('/isbn must be string');
  });

  it('fail: answers with an isError result, whatever the arguments', async () => {
    const pair = await connect();
    const result = await call(pair, { __x_behaviour: 'fail' });
    expect(result).toEqual({
      content: [{ type: 'text', text: 'Simulated failure of tool lookup' }],
      isError: true,
    });
  });

  it('error: answers with a JSON-RPC internal error', async () => {
    const pair = await connect();
    await expect(call(pair, { __x_behaviour: 'error' })).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining('Simulated error of tool lookup'),
    });
  });

  it('slow: answers after __x_delay_ms with the normal echo', async () => {
    const pair = await connect();
    const started = performance.now();
    const result = await call(pair, { isbn: '1', __x_behaviour: 'slow', __x_delay_ms: 60 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    expect(result.structuredContent).toEqual({ tool: 'lookup', arguments: { isbn: '1' } });
  });

  it('hang: never answers, and ends when the client request times out', async () => {
    const log = createCallLog();
    const pair = await connect({ onCall: log.onCall });
    await expect(
      pair.client.callTool(
        { name: 'lookup', arguments: { __x_behaviour: 'hang' } },
        {
          timeout: 100,
        },
      ),
    ).rejects.toMatchObject({ code: SdkErrorCode.RequestTimeout });
    expect(await log.next('cancelled')).toEqual({
      tool: 'lookup',
      behaviour: 'hang',
      outcome: 'cancelled',
    });
  });

  it('hang: ends when the client aborts the request', async () => {
    const log = createCallLog();
    const pair = await connect({ behaviour: 'hang', onCall: log.onCall });
    const controller = new AbortController();
    const pending = pair.client.callTool(
      { name: 'ping' },
      {
        signal: controller.signal,
      },
    );
    await pair.client.ping(); // answered in order, so the call is hanging by now
    controller.abort('changed my mind');
    await expect(pending).rejects.toBeDefined();
    expect((await log.next('cancelled')).tool).toBe('ping');
  });

  it('hang: ends when the connection closes', async () => {
    const log = createCallLog();
    const pair = await connect({ behaviour: 'hang', onCall: log.onCall });
    const pending = pair.client.callTool({ name: 'ping' }).catch((error: unknown) => error);
    await pair.client.ping();
    await pair.close();
    expect(await pending).toBeInstanceOf(Error);
    expect((await log.next('cancelled')).behaviour).toBe('hang');
  });

  it('crash: is a JSON-RPC error when no onCrash handler is given', async () => {
    const pair = await connect();
    await expect(call(pair, { __x_behaviour: 'crash' })).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining('disabled in-process'),
    });
  });

  it('crash: calls onCrash, and the call ends when the connection goes', async () => {
    const log = createCallLog();
    let pair: TestPair | undefined;
    let crashes = 0;
    pair = await connect({
      onCall: log.onCall,
      onCrash: () => {
        crashes += 1;
        void pair?.close();
      },
    });
    await expect(call(pair, { __x_behaviour: 'crash' })).rejects.toBeDefined();
    expect(crashes).toBe(1);
    expect((await log.next('cancelled')).behaviour).toBe('crash');
  });

  it('applies the server behaviour to every call unless the call overrides it', async () => {
    const pair = await connect({ behaviour: 'fail' });
    expect((await call(pair, { isbn: '1' })).isError).toBe(true);
    expect((await call(pair, {}, 'ping')).isError).toBe(true);
    const overridden = await call(pair, { isbn: '1', __x_behaviour: 'echo' });
    expect(overridden.structuredContent).toEqual({ tool: 'lookup', arguments: { isbn: '1' } });
  });

  it('waits latencyMs before every call, and a cancelled call stops waiting', async () => {
    const log = createCallLog();
    const pair = await connect({ latencyMs: 60, onCall: log.onCall });
    const started = performance.now();
    await call(pair, { isbn: '1' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    const slowServer = await connect({ latencyMs: 3_600_000, onCall: log.onCall });
    await expect(
      slowServer.client.callTool({ name: 'ping' }, { timeout: 50 }),
    ).rejects.toMatchObject({ code: SdkErrorCode.RequestTimeout });
    expect((await log.next('cancelled')).tool).toBe('ping');
  });

  it('reports every finished call to onCall with its outcome', async () => {
    const log = createCallLog();
    const pair = await connect({ onCall: log.onCall });
    await call(pair, { isbn: '1' });
    await call(pair, { isbn: 1 });
    await call(pair, { __x_behaviour: 'error' }).catch(() => undefined);
    await pair.client.callTool({ name: 'nope' }).catch(() => undefined);
    expect(log.events).toEqual([
      { tool: 'lookup', behaviour: 'echo', outcome: 'result' },
      { tool: 'lookup', behaviour: 'echo', outcome: 'error-result' },
      { tool: 'lookup', behaviour: 'error', outcome: 'protocol-error' },
      { tool: 'nope', behaviour: 'echo', outcome: 'protocol-error' },
    ]);
  });
});

describe('server options', () => {
  it.each([
    [{ pagesize: 10 }, /^invalid catalog server option: Unrecognized key: "pagesize"$/],
    [{ pageSize: -1 }, /^invalid catalog server option pageSize: /],
    [{ latencyMs: 1.5 }, /^invalid catalog server option latencyMs: /],
    [{ behaviour: 'boom' }, /^invalid catalog server option behaviour: /],
  ])('rejects the option %j with a CoreError naming it', (options, message) => {
    let error: unknown;
    try {
      createCatalogServer(CATALOG, options as CatalogServerOptions);
    } catch (caught) {
      error = caught;
    }
    expect(CoreError.isInstance(error) && error.code).toBe('INVALID_ARGUMENT');
    expect((error as Error).message).toMatch(message);
  });

  it('rejects a servers filter naming a server the catalog lacks', () => {
    expect(() => createCatalogServer(CATALOG, { servers: ['books', 'films'] })).toThrow(
      'no catalog entry belongs to server(s) "films"',
    );
  });
});
