import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type RunningHttpServer, serveHttp } from '@x/core/serve';
import { afterEach, describe, expect, it } from 'vitest';
import { createProgressiveDisclosure } from '../src/index.js';
import { createNotesServer, readDescriptions, resultText } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connect(url: URL, token?: string, modern = false): Promise<Client> {
  const client = new Client(
    { name: 'pd-http-test', version: '0.0.0' },
    modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  const transport = new StreamableHTTPClientTransport(
    url,
    token === undefined ? {} : { requestInit: { headers: { authorization: `Bearer ${token}` } } },
  );
  await client.connect(transport);
  cleanups.push(async () => {
    await transport.terminateSession().catch(() => {});
    await client.close();
  });
  return client;
}

async function serve(
  options: Parameters<typeof createProgressiveDisclosure>[0] = {},
  tokens?: Record<string, string>,
): Promise<RunningHttpServer> {
  const layer = createProgressiveDisclosure(options);
  const running = await serveHttp(layer.wrapFactory(createNotesServer), {
    port: 0,
    ...(tokens === undefined ? {} : { tokens }),
  });
  cleanups.push(() => running.close());
  return running;
}

describe('session isolation over Streamable HTTP (§5.1.4, §5.2)', () => {
  it('authorizes a tool in the session that read it and not in another session', async () => {
    const running = await serve();
    const first = await connect(running.url);
    const second = await connect(running.url);
    expect(running.sessionCount()).toBe(2);

    await readDescriptions(first, ['read_note']);
    expect(resultText(await first.callTool({ name: 'read_note', arguments: { id: 'n1' } }))).toBe(
      'Buy milk',
    );
    const refused = await second.callTool({ name: 'read_note', arguments: { id: 'n1' } });
    expect(JSON.parse(resultText(refused))).toMatchObject({
      error: {
        code: 'TOOL_DESCRIPTION_REQUIRED',
        resource_uri: 'resource:///tool_descriptions?tools=read_note',
      },
    });

    await readDescriptions(second, ['list_notes']);
    expect(resultText(await first.callTool({ name: 'list_notes' }))).toContain(
      'TOOL_DESCRIPTION_REQUIRED',
    );
    expect(resultText(await second.callTool({ name: 'list_notes' }))).toBe('n1');
  });

  it('starts a new session ungranted after the previous one ended', async () => {
    const running = await serve();
    const first = await connect(running.url);
    await readDescriptions(first, ['list_notes']);
    await first.close();
    const next = await connect(running.url);
    expect(resultText(await next.callTool({ name: 'list_notes' }))).toContain(
      'TOOL_DESCRIPTION_REQUIRED',
    );
  });

  it('shows each bearer-token role only the tools it may use (§5.3)', async () => {
    const running = await serve(
      {
        authorize: (tool, context) =>
          context.role === 'admin' || tool.annotations?.readOnlyHint === true,
      },
      { 'reader-token-0123456789abcdef': 'reader', 'admin-token-0123456789abcdef0': 'admin' },
    );
    const reader = await connect(running.url, 'reader-token-0123456789abcdef');
    const admin = await connect(running.url, 'admin-token-0123456789abcdef0');
    expect((await reader.listTools()).tools.map((tool) => tool.name)).toEqual([
      'read_note',
      'list_notes',
    ]);
    expect((await admin.listTools()).tools).toHaveLength(3);
  });

  it('keeps one description-read bucket per bearer token: a fresh session of a spent caller stays refused', async () => {
    const tokens = { 'alice-token-0123456789': 'user', 'bob-token-0123456789ab': 'user' };
    const running = await serve({ rateLimit: { maxReads: 1, windowMs: 3_600_000 } }, tokens);
    const alice = await connect(running.url, 'alice-token-0123456789');
    expect(await readDescriptions(alice, ['read_note'])).toHaveProperty('read_note');
    const fresh = await connect(running.url, 'alice-token-0123456789');
    expect(await readDescriptions(fresh, ['list_notes'])).toMatchObject({
      error: { code: 'RATE_LIMITED' },
    });
    // Grants stay the session's (§5.1): the fresh session has read nothing yet. Another caller
    // has its own bucket.
    expect(
      resultText(await fresh.callTool({ name: 'read_note', arguments: { id: 'n1' } })),
    ).toContain('TOOL_DESCRIPTION_REQUIRED');
    expect(resultText(await alice.callTool({ name: 'read_note', arguments: { id: 'n1' } }))).toBe(
      'Buy milk',
    );
    const bob = await connect(running.url, 'bob-token-0123456789ab');
    expect(await readDescriptions(bob, ['list_notes'])).toHaveProperty('list_notes');
  });

  it('keeps a 2026-07-28 grant across requests in the caller scope of its bearer token', async () => {
    const tokens = { 'alice-token-0123456789': 'user', 'bob-token-0123456789ab': 'user' };
    const running = await serve({}, tokens);
    const alice = await connect(running.url, 'alice-token-0123456789', true);
    const bob = await connect(running.url, 'bob-token-0123456789ab', true);
    expect(alice.getProtocolEra()).toBe('modern');
    // Every request is served by a fresh server instance: only the scope carries the grant.
    await readDescriptions(alice, ['read_note']);
    expect(resultText(await alice.callTool({ name: 'read_note', arguments: { id: 'n1' } }))).toBe(
      'Buy milk',
    );
    const refused = await bob.callTool({ name: 'read_note', arguments: { id: 'n1' } });
    expect(resultText(refused)).toContain('TOOL_DESCRIPTION_REQUIRED');
  });
});
