import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpServeOptions, serveHttp } from '../../src/serve/index.js';
import {
  callText,
  createCounterFactory,
  errorCode,
  INITIALIZE_REQUEST,
  POST_HEADERS,
  rawRequest,
} from './helpers.js';
import { fixturePath, spawnFixture, waitForExit } from './process-helpers.js';

const MODERN = '2026-07-28';
const READER_TOKEN = 'reader-token-0123456789';
const SECOND_READER_TOKEN = 'reader-token-abcdefghij';

/** A 2026-07-28 `tools/call` as it travels on the wire: envelope in `_meta`, standard headers. */
function modernCall(name: string, headerName = name) {
  return {
    headers: {
      ...POST_HEADERS,
      'mcp-protocol-version': MODERN,
      'mcp-method': 'tools/call',
      'mcp-name': headerName,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: {
        name,
        arguments: {},
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN,
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  };
}

describe('serveHttp and serveStdio in the 2026-07-28 era', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(options: Partial<HttpServeOptions> = {}) {
    const counter = createCounterFactory();
    const running = await serveHttp(counter.factory, { port: 0, ...options });
    cleanups.push(() => running.close());
    return { running, ...counter };
  }

  async function connect(
    url: URL,
    mode: 'legacy' | 'auto' | 'modern',
    headers: Record<string, string> = {},
  ): Promise<Client> {
    const client = new Client(
      { name: 'era-test', version: '1.0.0' },
      mode === 'legacy'
        ? {}
        : { versionNegotiation: { mode: mode === 'auto' ? 'auto' : { pin: MODERN } } },
    );
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
    cleanups.push(() => client.close());
    return client;
  }

  it('answers a 2026-07-28 client statelessly: one instance per request, anonymous scope, no session', async () => {
    const { running, contexts } = await start();
    const client = await connect(running.url, 'modern');
    expect(client.getProtocolEra()).toBe('modern');
    // Each request gets a fresh instance, so the counter never goes past one.
    expect(await callText(client, 'increment')).toBe('1');
    expect(await callText(client, 'increment')).toBe('1');
    // JSON drops the undefined session id and role.
    expect(JSON.parse(await callText(client, 'whoami'))).toEqual({
      transport: 'http',
      era: 'modern',
      scope: 'anonymous',
    });
    expect(running.sessionCount()).toBe(0);
    expect(contexts.every((context) => context.era === 'modern')).toBe(true);
  });

  it('serves both eras from one endpoint: auto negotiation finds the modern one, the default client keeps its 2025 session', async () => {
    const { running } = await start();
    const modern = await connect(running.url, 'auto');
    const legacy = await connect(running.url, 'legacy');
    expect(modern.getProtocolEra()).toBe('modern');
    expect(legacy.getProtocolEra()).toBe('legacy');
    expect(await callText(legacy, 'increment')).toBe('1');
    expect(await callText(legacy, 'increment')).toBe('2');
    expect(JSON.parse(await callText(modern, 'whoami'))).toMatchObject({ era: 'modern' });
    expect(running.sessionCount()).toBe(1);
  });

  it('keys a 2026-07-28 caller with a bearer token by its token fingerprint, never the token', async () => {
    const tokens = { [READER_TOKEN]: 'reader', [SECOND_READER_TOKEN]: 'reader' };
    const { running } = await start({ tokens });
    const first = await connect(running.url, 'modern', { authorization: `Bearer ${READER_TOKEN}` });
    const again = await connect(running.url, 'modern', { authorization: `Bearer ${READER_TOKEN}` });
    const other = await connect(running.url, 'modern', {
      authorization: `Bearer ${SECOND_READER_TOKEN}`,
    });
    const scopes = await Promise.all(
      [first, again, other].map(async (client) => {
        const context = JSON.parse(await callText(client, 'whoami')) as Record<string, string>;
        expect(context.role).toBe('reader');
        return context.scope ?? '';
      }),
    );
    expect(scopes[0]).toMatch(/^principal:/);
    expect(scopes[0]).toBe(scopes[1]);
    expect(scopes[2]).not.toBe(scopes[0]);
    expect(scopes.join(' ')).not.toContain(READER_TOKEN);
  });

  it('refuses a 2026-07-28 request whose Mcp-Name header disagrees with its body: 400 and -32020', async () => {
    const { running, contexts } = await start();
    const call = modernCall('whoami', 'increment');
    const response = await rawRequest(running.url, { method: 'POST', ...call });
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe(-32020);
    expect(contexts).toHaveLength(0);
    // Header names are case-insensitive: the same request with agreeing headers in capitals works.
    const good = modernCall('whoami');
    const upper = Object.fromEntries(
      Object.entries(good.headers).map(([name, value]) => [name.toUpperCase(), value]),
    );
    const answered = await rawRequest(running.url, {
      method: 'POST',
      headers: upper,
      body: good.body,
    });
    expect(answered.status).toBe(200);
    expect(answered.text).toContain('"era\\":\\"modern\\"');
  });

  it('answers an empty JSON-RPC batch with 400 -32600 instead of accepting it', async () => {
    const { running } = await start();
    const response = await rawRequest(running.url, {
      method: 'POST',
      headers: POST_HEADERS,
      body: '[]',
    });
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe(-32600);
  });

  it('never locks other callers out with a flood of 2025 sessions: the flooding caller evicts its own idle ones', async () => {
    const tokens = { [READER_TOKEN]: 'reader', [SECOND_READER_TOKEN]: 'admin' };
    const closed: string[] = [];
    const { running } = await start({
      tokens,
      maxSessions: 6,
      maxSessionsPerCaller: 3,
      onSessionClosed: (_id, reason) => closed.push(reason),
    });
    const initialize = (token: string) =>
      rawRequest(running.url, {
        method: 'POST',
        headers: { ...POST_HEADERS, authorization: `Bearer ${token}` },
        body: JSON.stringify(INITIALIZE_REQUEST),
      });
    for (let index = 0; index < 10; index += 1) {
      expect((await initialize(READER_TOKEN)).status).toBe(200);
    }
    expect(running.sessionCount()).toBe(3);
    expect(closed.filter((reason) => reason === 'evicted')).toHaveLength(7);
    for (let index = 0; index < 3; index += 1) {
      expect((await initialize(SECOND_READER_TOKEN)).status).toBe(200);
    }
    expect(running.sessionCount()).toBe(6);
  });

  it('serves a 2026-07-28 client over stdio (spawned process) with a scope of its own', async () => {
    const client = new Client(
      { name: 'era-test', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: MODERN } } },
    );
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [fixturePath('stdio-server.mjs'), 'reader'],
      }),
    );
    cleanups.push(() => client.close());
    expect(client.getProtocolEra()).toBe('modern');
    expect(JSON.parse(await callText(client, 'whoami'))).toEqual({
      role: 'reader',
      transport: 'stdio',
      era: 'modern',
      scope: expect.stringMatching(/^stdio:/),
    });
  });

  it('reports a stdin line above the message limit on stderr, goes on serving, and exits when stdin closes', async () => {
    const child = spawnFixture('stdio-server.mjs', ['reader']);
    cleanups.push(async () => {
      child.kill();
    });
    let stderr = '';
    const dropped = new Promise<void>((resolve) => {
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (stderr.includes('was dropped')) resolve();
      });
    });
    let stdout = '';
    const answered = new Promise<void>((resolve) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        if (stdout.includes('\n')) resolve();
      });
    });
    // One line of 10 MiB + 1 byte with no id in it.
    child.stdin?.write(Buffer.alloc(10 * 1024 * 1024 + 1, 'a'));
    child.stdin?.write('\n');
    await dropped;
    expect(stderr).toMatch(/above the limit of 10485760 bytes \(maxMessageBytes\), was dropped/);
    child.stdin?.write(`${JSON.stringify(INITIALIZE_REQUEST)}\n`);
    await answered;
    expect(JSON.parse(stdout)).toMatchObject({ id: 1, result: { serverInfo: {} } });
    child.stdin?.end();
    const exit = await waitForExit(child, 60_000);
    expect(exit.code).toBe(0);
  });
});
