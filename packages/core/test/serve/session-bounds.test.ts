/**
 * The bounds of 2025-era sessions over Streamable HTTP (issue 31, findings 1 and 8): a caller at
 * a bound gives up only its own idle sessions; when it has none, its new session is refused with
 * 503 naming the bound, and another caller's session is never closed to make room.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpServeOptions, serveHttp } from '../../src/serve/index.js';
import {
  connectClient,
  createCounterFactory,
  INITIALIZE_REQUEST,
  POST_HEADERS,
  rawRequest,
} from './helpers.js';

const TOKEN_A = 'caller-a-token-0123456789';
const TOKEN_B = 'caller-b-token-0123456789';
const TOKEN_C = 'caller-c-token-0123456789';
const TOKENS = { [TOKEN_A]: 'reader', [TOKEN_B]: 'reader', [TOKEN_C]: 'reader' };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(options: Partial<HttpServeOptions>) {
  const closed: string[] = [];
  const counter = createCounterFactory();
  const running = await serveHttp(counter.factory, {
    port: 0,
    tokens: TOKENS,
    onSessionClosed: (_id, reason) => closed.push(reason),
    ...options,
  });
  cleanups.push(() => running.close());
  return { running, closed };
}

/** Opens a session with a bare `initialize` (no event stream: the session is idle at once). */
async function openIdle(url: URL, token: string) {
  const response = await rawRequest(url, {
    method: 'POST',
    headers: { ...POST_HEADERS, authorization: `Bearer ${token}` },
    body: JSON.stringify(INITIALIZE_REQUEST),
  });
  const id = response.headers['mcp-session-id'];
  return { response, id: typeof id === 'string' ? id : undefined };
}

/** Whether the session still answers a ping. */
async function answers(url: URL, token: string, sessionId: string): Promise<boolean> {
  const response = await rawRequest(url, {
    method: 'POST',
    headers: {
      ...POST_HEADERS,
      authorization: `Bearer ${token}`,
      'mcp-session-id': sessionId,
      'mcp-protocol-version': INITIALIZE_REQUEST.params.protocolVersion,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
  });
  return response.status === 200;
}

/** A caller's session held busy by the SDK client's open event stream. */
async function openBusy(url: URL, token: string) {
  const client = await connectClient(url, { authorization: `Bearer ${token}` });
  cleanups.push(() => client.close());
  return client;
}

describe('2025-era session bounds', () => {
  it("refuses a caller's session at maxSessions rather than close another caller's idle one", async () => {
    const { running, closed } = await start({ maxSessions: 3 });
    const a = await openIdle(running.url, TOKEN_A);
    expect(a.response.status).toBe(200);
    await openBusy(running.url, TOKEN_B);
    await openBusy(running.url, TOKEN_B);
    // Full, and caller B has no idle session of its own to give up: refused, A's stays.
    const refused = await openIdle(running.url, TOKEN_B);
    expect(refused.response.status).toBe(503);
    expect(refused.response.headers['retry-after']).toBe('1');
    expect(refused.response.text).toContain('maximum of 3 sessions (maxSessions)');
    expect(refused.response.text).toContain("other callers' sessions are never closed");
    expect(closed).toEqual([]);
    expect(await answers(running.url, TOKEN_A, a.id as string)).toBe(true);
    // Caller C with none at all is refused too; caller A may trade its own idle session.
    expect((await openIdle(running.url, TOKEN_C)).response.status).toBe(503);
    const again = await openIdle(running.url, TOKEN_A);
    expect(again.response.status).toBe(200);
    expect(closed).toEqual(['evicted']);
    expect(await answers(running.url, TOKEN_A, a.id as string)).toBe(false);
    expect(await answers(running.url, TOKEN_A, again.id as string)).toBe(true);
  });

  it("gives up only the flooding caller's own idle sessions, however many it opens", async () => {
    const { running, closed } = await start({ maxSessions: 4, maxSessionsPerCaller: 100 });
    const a = await openIdle(running.url, TOKEN_A);
    for (let index = 0; index < 20; index += 1) {
      expect((await openIdle(running.url, TOKEN_B)).response.status).toBe(200);
    }
    expect(closed.filter((reason) => reason === 'evicted')).toHaveLength(17);
    expect(await answers(running.url, TOKEN_A, a.id as string)).toBe(true);
    expect(running.sessionCount()).toBe(4);
  });

  it('names maxSessionsPerCaller when a caller at its own bound has every session busy', async () => {
    const { running } = await start({ maxSessions: 10, maxSessionsPerCaller: 2 });
    await openBusy(running.url, TOKEN_B);
    await openBusy(running.url, TOKEN_B);
    const refused = await openIdle(running.url, TOKEN_B);
    expect(refused.response.status).toBe(503);
    expect(refused.response.text).toContain('this caller holds its maximum of 2 sessions');
    expect(refused.response.text).toContain('maxSessionsPerCaller');
    expect((await openIdle(running.url, TOKEN_A)).response.status).toBe(200);
  });
});
