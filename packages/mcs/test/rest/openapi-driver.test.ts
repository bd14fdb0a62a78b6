import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasCapability, McsError, runDriverTestKit } from '../../src/index.js';
import {
  createOpenApiDriver,
  type OpenApiDriverOptions,
  type RestResponse,
} from '../../src/rest/index.js';
import {
  BOOKSHOP_KEY,
  type LocalRestServer,
  startLocalRestServer,
} from '../helpers/local-rest-server.js';

const BOOKSHOP = fileURLToPath(new URL('../fixtures/bookshop.openapi.yaml', import.meta.url));

let server: LocalRestServer;

beforeEach(async () => {
  server = await startLocalRestServer();
});

afterEach(async () => {
  await server.close();
});

function bookshop(options: Partial<OpenApiDriverOptions> = {}) {
  return createOpenApiDriver({
    document: BOOKSHOP,
    baseUrl: `${server.origin}/v1`,
    auth: { type: 'apiKey', in: 'header', name: 'X-Api-Key', value: BOOKSHOP_KEY },
    retry: { initialDelayMs: 0 },
    ...options,
  });
}

function parseBody(response: unknown): unknown {
  return JSON.parse((response as RestResponse).body);
}

describe('the REST driver on the bookshop document (OpenAPI 3.0, YAML file)', () => {
  it('turns every operation into a function, naming it after its operationId or its method and path', async () => {
    const driver = await bookshop();
    expect(driver.listFunctions().map((definition) => definition.name)).toEqual([
      'listBooks',
      'createBook',
      'getBook',
      'deleteBook',
      'adjust_stock',
      'get_orders_orderId',
      'health',
    ]);
    expect(driver.meta).toMatchObject({
      protocol: 'REST',
      transport: 'HTTP',
      spec_format: 'OpenAPI',
    });
    expect(driver.version).toBe('3.0');
  });

  it('maps parameters and the body into one arguments schema ajv compiles', async () => {
    const driver = await bookshop();
    const byName = new Map(
      driver.listFunctions().map((definition) => [definition.name, definition]),
    );
    expect(byName.get('adjust_stock')?.parameters).toMatchObject({
      properties: {
        isbn: { pattern: '^[0-9X-]{10,17}$' },
        'X-Request-Id': { type: 'string' },
        body: { required: ['delta'] },
      },
      required: ['isbn', 'body'],
      additionalProperties: false,
    });
    const newBook = byName.get('createBook')?.parameters as {
      properties: { body: { properties: Record<string, unknown> } };
    };
    expect(newBook.properties.body.properties.price).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
    });
    expect(byName.get('deleteBook')?.description).toBe(
      'Remove a book from the catalogue.\n\nDeprecated.',
    );
    expect(JSON.stringify(byName.get('getBook'))).not.toContain('$ref');
  });

  it('describes itself with the document, each operationId set to the function name (mcs §3.1)', async () => {
    const driver = await bookshop();
    const document = JSON.parse(driver.getFunctionDescription()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    expect(document.paths['/books/{isbn}/stock']?.patch?.operationId).toBe('adjust_stock');
    expect(document.paths['/orders/{orderId}']?.get?.operationId).toBe('get_orders_orderId');
    expect(driver.getFunctionDescription()).toContain('"$ref":"#/components/schemas/Book"');
    const condensed = await bookshop({ descriptionFormat: 'condensed' });
    expect(condensed.getFunctionDescription()).toContain(
      'listBooks(q?: string, genre?: ("fiction" | "science" | "history" | "children")[], limit?: integer, in_stock?: boolean)',
    );
  });

  it('executes a GET with query parameters and auth, and returns the raw response', async () => {
    const driver = await bookshop();
    const result = await driver.processLlmResponse(
      '```json\n{"tool": "listBooks", "arguments": {"q": "e", "genre": ["fiction", "history"], "limit": 5}}\n```',
    );
    expect(result).toMatchObject({ status: 200, ok: true, contentType: 'application/json' });
    expect(parseBody(result)).toHaveLength(2);
    const request = server.requests.at(-1);
    expect(request?.query.getAll('genre')).toEqual(['fiction', 'history']);
    expect(request?.query.get('limit')).toBe('5');
    expect(request?.headers['x-api-key']).toBe(BOOKSHOP_KEY);
  });

  it('sends JSON bodies, header parameters and path parameters', async () => {
    const driver = await bookshop();
    await driver.processLlmResponse(
      '{"tool":"createBook","arguments":{"body":{"isbn":"978-0-00-000000-1","title":"Notes","author":"Me","price":9.5,"subtitle":null}}}',
    );
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/books' });
    expect(JSON.parse(server.requests.at(-1)?.body ?? '')).toMatchObject({
      title: 'Notes',
      subtitle: null,
    });
    const stock = await driver.processLlmResponse(
      '{"tool":"adjust_stock","arguments":{"isbn":"978-0441172719","X-Request-Id":"r-1","body":{"delta":2}}}',
    );
    expect(parseBody(stock)).toEqual({ isbn: '978-0441172719', stock: 5, requestId: 'r-1' });
    const order = await driver.processLlmResponse(
      '{"tool":"get_orders_orderId","arguments":{"orderId":"ORD-7"}}',
    );
    expect(parseBody(order)).toEqual({ orderId: 'ORD-7', state: 'shipped' });
  });

  it('returns 4xx answers as raw results, not errors', async () => {
    const driver = await bookshop();
    const twice =
      '{"tool":"createBook","arguments":{"body":{"isbn":"978-0441172719","title":"Dune","author":"F. Herbert"}}}';
    await expect(driver.processLlmResponse(twice)).resolves.toMatchObject({
      status: 409,
      ok: false,
    });
    const unauthenticated = await bookshop({ auth: { type: 'bearer', token: 'wrong' } });
    await expect(
      unauthenticated.processLlmResponse(
        '{"tool":"getBook","arguments":{"isbn":"978-0441172719"}}',
      ),
    ).resolves.toMatchObject({
      status: 401,
    });
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer wrong');
  });

  it('refuses arguments that break the schema before any request is sent', async () => {
    const driver = await bookshop();
    const before = server.requests.length;
    await expect(
      driver.processLlmResponse('{"tool":"getBook","arguments":{"isbn":"../../admin"}}'),
    ).rejects.toMatchObject({
      code: 'CALL_INVALID',
      retryPrompt: expect.stringContaining('/isbn must match pattern'),
    });
    await expect(
      driver.processLlmResponse(
        '{"tool":"adjust_stock","arguments":{"isbn":"978-0441172719","body":{"delta":2},"force":true}}',
      ),
    ).rejects.toMatchObject({
      code: 'CALL_INVALID',
    });
    expect(server.requests.length).toBe(before);
  });

  it('sends an API key in the query or a cookie, and basic credentials, as configured', async () => {
    const query = await bookshop({
      auth: { type: 'apiKey', in: 'query', name: 'key', value: 'k1' },
    });
    await query.processLlmResponse('{"tool":"health","arguments":{}}');
    expect(server.requests.at(-1)?.query.get('key')).toBe('k1');
    const cookie = await bookshop({
      auth: { type: 'apiKey', in: 'cookie', name: 'session', value: 'a b' },
    });
    await cookie.processLlmResponse('{"tool":"health","arguments":{}}');
    expect(server.requests.at(-1)?.headers.cookie).toBe('session=a%20b');
    const basic = await bookshop({
      auth: { type: 'basic', username: 'ann', password: 'pw' },
      headers: { 'x-trace': 't' },
    });
    await basic.processLlmResponse('{"tool":"health","arguments":{}}');
    expect(server.requests.at(-1)?.headers).toMatchObject({
      authorization: `Basic ${Buffer.from('ann:pw').toString('base64')}`,
      'x-trace': 't',
    });
  });
});

describe('the REST driver over an unreliable bridge', () => {
  it('retries an idempotent request on 503 and on 429 with Retry-After, then succeeds', async () => {
    const driver = await bookshop();
    server.script('/v1/books', 503, 1);
    server.script('/v1/books', 429, 1, { 'retry-after': '0' });
    await expect(
      driver.processLlmResponse('{"tool":"listBooks","arguments":{}}'),
    ).resolves.toMatchObject({ status: 200 });
    expect(server.requests.filter((request) => request.path === '/v1/books')).toHaveLength(3);
    await expect(driver.getStatus()).resolves.toMatchObject({
      calls: 1,
      requests: 3,
      retries: 2,
      failures: 0,
    });
  });

  it('does not retry a POST unless configured, and returns the last answer when retries run out', async () => {
    const driver = await bookshop();
    server.script('/v1/books', 503, 5);
    const body =
      '{"tool":"createBook","arguments":{"body":{"isbn":"978-0-00-000000-2","title":"T","author":"A"}}}';
    await expect(driver.processLlmResponse(body)).resolves.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
    const eager = await bookshop({
      retry: { initialDelayMs: 0, maxRetries: 2, methods: ['POST'] },
    });
    await expect(eager.processLlmResponse(body)).resolves.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(4);
  });

  it('times out each attempt and fails with TIMEOUT after the retries', async () => {
    const driver = await bookshop({ timeoutMs: 150, retry: { initialDelayMs: 0, maxRetries: 1 } });
    server.script('/v1/books', 0, 2);
    await expect(
      driver.processLlmResponse('{"tool":"listBooks","arguments":{}}'),
    ).rejects.toMatchObject({
      code: 'TIMEOUT',
      retryable: true,
      message: `GET ${server.origin}/v1/books did not answer within 150 ms`,
    });
    expect(server.requests).toHaveLength(2);
  });

  it('fails with UNAVAILABLE when nothing listens, without leaking the query', async () => {
    const closed = await startLocalRestServer();
    await closed.close();
    const driver = await bookshop({
      baseUrl: `${closed.origin}/v1`,
      auth: { type: 'apiKey', in: 'query', name: 'key', value: 'secret' },
      retry: { initialDelayMs: 0, maxRetries: 1 },
    });
    const error = await driver
      .processLlmResponse('{"tool":"listBooks","arguments":{}}')
      .catch((thrown: unknown) => thrown);
    expect(McsError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'UNAVAILABLE', data: { attempts: 2 } });
    expect(
      JSON.stringify({
        message: (error as Error).message,
        prompt: (error as McsError).retryPrompt,
      }),
    ).not.toContain('secret');
  });

  it('returns a redirect as a raw result instead of following it with the credentials', async () => {
    const driver = await bookshop();
    server.script('/v1/books', 302, 1, { location: 'http://127.0.0.2:9/steal' });
    await expect(
      driver.processLlmResponse('{"tool":"listBooks","arguments":{}}'),
    ).resolves.toMatchObject({ status: 302, ok: false });
    expect(server.requests).toHaveLength(1);
  });

  it('stops reading an answer larger than the byte cap', async () => {
    const driver = await bookshop({ maxResponseBytes: 16 });
    await expect(
      driver.processLlmResponse('{"tool":"listBooks","arguments":{}}'),
    ).rejects.toMatchObject({ code: 'RESPONSE_TOO_LARGE' });
  });

  it('fails with CANCELLED when the caller aborts a hanging request', async () => {
    const driver = await bookshop({ timeoutMs: 10_000 });
    server.script('/v1/books', 0, 1);
    const controller = new AbortController();
    const pending = driver.processLlmResponse('{"tool":"listBooks","arguments":{}}', {
      signal: controller.signal,
    });
    while (server.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});

describe('the REST driver capabilities (mcs §5)', () => {
  it('declares cache, healthcheck, status and stream, and implements them', async () => {
    const driver = await bookshop({ healthcheckPath: '/health' });
    expect(driver.meta.capabilities).toEqual(['cache', 'healthcheck', 'status', 'stream']);
    expect(hasCapability(driver, 'cache') && hasCapability(driver, 'stream')).toBe(true);
    await driver.warmup();
    await expect(driver.healthcheck()).resolves.toMatchObject({ status: 'ok', httpStatus: 200 });
    await server.close();
    await expect(driver.healthcheck()).resolves.toEqual({ status: 'error', error: 'UNAVAILABLE' });
    server = await startLocalRestServer();
  });

  it('streams a head chunk and the body, and yields the text itself when there is no call', async () => {
    const driver = await bookshop();
    const chunks: unknown[] = [];
    for await (const chunk of driver.streamCall(
      '{"tool":"getBook","arguments":{"isbn":"978-0441172719"}}',
    ))
      chunks.push(chunk);
    expect(chunks[0]).toEqual({
      type: 'head',
      name: 'getBook',
      status: 200,
      ok: true,
      contentType: 'application/json',
    });
    const body = chunks
      .slice(1)
      .map((chunk) => (chunk as { text: string }).text)
      .join('');
    expect(JSON.parse(body)).toMatchObject({ title: 'Dune' });
    const passthrough: unknown[] = [];
    for await (const chunk of driver.streamCall('No call here.')) passthrough.push(chunk);
    expect(passthrough).toEqual(['No call here.']);
    await expect(async () => {
      for await (const _chunk of driver.streamCall('{"tool":"nope","arguments":{}}')) break;
    }).rejects.toMatchObject({ code: 'CALL_INVALID' });
  });

  it('passes the driver test kit with recorded bookshop cases (mcs §7)', async () => {
    const driver = await bookshop();
    const report = await runDriverTestKit(driver, [
      {
        name: 'finds Dune in stock',
        modelOutput:
          'I will search.\n{"tool": "listBooks", "arguments": {"q": "dune", "in_stock": true}}',
        expect: {
          status: 'executed',
          calls: [{ name: 'listBooks', arguments: { q: 'dune', in_stock: true } }],
          resultContains: 'Frank Herbert',
        },
      },
      { name: 'answers directly', modelOutput: 'We open at nine.', expect: { status: 'no_call' } },
      {
        name: 'rejects an unknown operation',
        modelOutput: '{"tool":"listAuthors","arguments":{}}',
        expect: { status: 'invalid_call', reasons: ['unknown_function'] },
      },
    ]);
    expect(report.failed).toBe(0);
  });
});

describe('loading documents', () => {
  it('loads from a URL and resolves a relative server URL against it (OpenAPI 3.1)', async () => {
    const driver = await createOpenApiDriver({
      document: new URL(`${server.origin}/openapi.json`),
    });
    expect(driver.baseUrl).toBe(`${server.origin}/v1`);
    expect(driver.version).toBe('3.1');
    await expect(
      driver.processLlmResponse('{"tool":"health","arguments":{}}'),
    ).resolves.toMatchObject({ status: 200 });
  });

  it('loads YAML from a URL', async () => {
    const driver = await createOpenApiDriver({
      document: `${server.origin}/bookshop.openapi.yaml`,
      baseUrl: `${server.origin}/v1`,
    });
    expect(driver.listFunctions()).toHaveLength(7);
  });

  it('uses the server URL of the document with its variables at their defaults', async () => {
    const driver = await createOpenApiDriver({ document: BOOKSHOP });
    expect(driver.baseUrl).toBe('http://localhost:8080/v1');
  });

  it('fails clearly for a missing file, a document that is not OpenAPI, an invalid one, bad options', async () => {
    await expect(createOpenApiDriver({ document: '/nonexistent/api.yaml' })).rejects.toMatchObject({
      code: 'DOCUMENT_INVALID',
    });
    await expect(
      createOpenApiDriver({ document: `${server.origin}/missing.json` }),
    ).rejects.toMatchObject({
      code: 'DOCUMENT_INVALID',
      message: expect.stringContaining('could not be fetched: HTTP 404'),
    });
    await expect(createOpenApiDriver({ document: { hello: 'world' } })).rejects.toMatchObject({
      code: 'DOCUMENT_INVALID',
    });
    const invalidDocument = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: { '/a': { get: { responses: {} } } },
    };
    await expect(
      createOpenApiDriver({ document: invalidDocument, strict: true }),
    ).rejects.toMatchObject({
      code: 'DOCUMENT_INVALID',
      message: expect.stringContaining('invalid'),
    });
    const lenient = await createOpenApiDriver({
      document: invalidDocument,
      baseUrl: 'http://127.0.0.1:9/',
    });
    expect(lenient.listFunctions().map((definition) => definition.name)).toEqual(['get_a']);
    expect(lenient.warnings).toEqual([
      { kind: 'document_invalid', message: expect.stringContaining('read anyway') },
    ]);
    await expect(createOpenApiDriver({ document: BOOKSHOP, timeoutMs: -1 })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('timeoutMs'),
    });
    await expect(
      createOpenApiDriver({
        document: {
          openapi: '3.1.0',
          info: { title: 't', version: '1' },
          servers: [{ url: '/api' }],
          paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } },
        },
      }),
    ).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('set baseUrl'),
    });
  });

  it('never changes a document object the caller passes', async () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: { schemas: { A: { type: 'string' } } },
    };
    const copy = structuredClone(document);
    await createOpenApiDriver({ document, baseUrl: server.origin });
    expect(document).toEqual(copy);
  });
});
