/**
 * The log of `x-gateway serve --http --log-format json --log-level debug` under hostile input:
 * every line is one JSON object, requests are logged by name and outcome, and no secret the test
 * used (bearer tokens, guessed ones, an upstream's env and header values, argument values)
 * appears in any line, not even where an upstream prints its own env on stderr.
 */

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { type RunningHttpServer, serveHttp } from '@x/core/serve';
import { writeCallerTokens } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payload } from './gateway-processes.js';
import {
  catalogUpstream,
  fetchRoute,
  startObservedGateway,
  writeServers,
} from './observed-gateway.js';

const CHATTY = fileURLToPath(new URL('./fixtures/chatty-upstream.mjs', import.meta.url));

const secret = (what: string) => `${what}-${randomBytes(12).toString('hex')}`;
const ENV_SECRET = secret('env-secret');
const HEADER_TOKEN = secret('header-token');
const HEADER_KEY = secret('header-key');
const GUESSED_TOKEN = secret('guessed-token');
const ARGUMENT_SECRET = secret('argument-secret');

let folder: string;
let upstream: RunningHttpServer;
let token: string;
let log: string;

/** One raw POST to the MCP endpoint (some bodies are not JSON at all). */
function post(url: URL, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-gateway-logs-'));
  // An HTTP upstream that wants the header token, so that the gateway must send it.
  upstream = await serveHttp(
    () => {
      const server = new McpServer({ name: 'vault', version: '1.0.0' });
      server.registerTool('open_vault', { description: 'Opens the vault.' }, async () => ({
        content: [{ type: 'text', text: 'opened' }],
      }));
      return server;
    },
    { port: 0, tokens: { [HEADER_TOKEN]: 'gateway' } },
  );
  const config = await writeServers(folder, (catalog) => ({
    jobs: { ...catalogUpstream(catalog, [CHATTY]), env: { JOBS_API_KEY: ENV_SECRET } },
    vault: {
      type: 'http',
      url: upstream.url.href,
      headers: { Authorization: `Bearer ${HEADER_TOKEN}`, 'X-Api-Key': HEADER_KEY },
    },
  }));
  const tokens = await writeCallerTokens(folder, ['user']);
  token = tokens.tokens[0] as string;
  const gateway = await startObservedGateway(config, [
    '--tokens',
    tokens.file,
    '--log-format',
    'json',
    '--log-level',
    'debug',
  ]);
  try {
    const url = gateway.url;
    const auth = { authorization: `Bearer ${token}` };
    // Refused at the door: no token, a guessed token, a token in the wrong place.
    await post(url, '{}', {});
    await post(url, '{}', { authorization: `Bearer ${GUESSED_TOKEN}` });
    await post(url, '{}', { authorization: GUESSED_TOKEN, 'x-api-key': GUESSED_TOKEN });
    await post(new URL(`?token=${token}`, url), '{}', {});
    // Bodies that are not MCP: not JSON, too deep, an unknown session.
    await post(url, `{"token":"${ARGUMENT_SECRET}"`, auth);
    await post(url, `${'['.repeat(200)}"${ARGUMENT_SECRET}"${']'.repeat(200)}`, auth);
    await post(url, '{"jsonrpc":"2.0","id":1,"method":"tools/list"}', {
      ...auth,
      'mcp-session-id': ARGUMENT_SECRET,
    });
    // A real session whose calls carry the argument secret, valid or not.
    const client = new Client({ name: 'hostile', version: '0.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(url, { requestInit: { headers: auth } }),
    );
    const cards = payload(
      await client.callTool({
        name: 'tool_browse',
        arguments: { query: `numbered work ${ARGUMENT_SECRET}`, top_k: 5 },
      }),
    ).cards as { id: string }[];
    const work = cards.find((card) => card.id.startsWith('jobs:work'))?.id as string;
    const execute = (tool_id: string, args: Record<string, unknown>) =>
      client.callTool({ name: 'tool_execute', arguments: { tool_id, args } });
    await execute(work, { n: 1, note: ARGUMENT_SECRET });
    await execute(work, { n: ARGUMENT_SECRET });
    await execute(work, { n: 2, __x_behaviour: 'error', secret: ARGUMENT_SECRET });
    await execute(work, { n: 3, __x_behaviour: 'fail', secret: ARGUMENT_SECRET });
    await execute(`jobs:${ARGUMENT_SECRET}`, { secret: ARGUMENT_SECRET });
    const vault = (
      payload(await client.callTool({ name: 'tool_browse', arguments: { query: 'vault' } }))
        .cards as { id: string }[]
    ).find((card) => card.id.startsWith('vault:'))?.id as string;
    expect(payload(await execute(vault, {})).status).toBe('ok');
    await expect(
      client.callTool({ name: ARGUMENT_SECRET, arguments: { secret: ARGUMENT_SECRET } }),
    ).rejects.toThrow();
    await client.close();
    await fetchRoute(url, '/metrics');
    await fetchRoute(url, '/readyz');
  } finally {
    await gateway.stop();
    log = gateway.stderr();
  }
});

afterAll(async () => {
  await upstream?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('x-gateway log under hostile input', () => {
  it('writes one JSON object per line, with a line per request by name and outcome', () => {
    const lines = log.split('\n').filter((line) => line !== '');
    const events = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.every((event) => event.program === 'x-gateway')).toBe(true);
    expect(events).toContainEqual(
      expect.objectContaining({
        event: 'request.answered',
        level: 'debug',
        method: 'tools/call',
        tool: 'tool_execute',
        outcome: 'ok',
      }),
    );
    // The upstream's own line is there, its secret replaced.
    expect(events).toContainEqual(
      expect.objectContaining({
        event: 'upstream.stderr',
        upstream: 'jobs',
        message: 'upstream jobs: starting with JOBS_API_KEY=[redacted]',
      }),
    );
  });

  it('has none of the tokens, keys and argument values it was given', () => {
    for (const used of [
      token,
      GUESSED_TOKEN,
      ENV_SECRET,
      HEADER_TOKEN,
      HEADER_KEY,
      ARGUMENT_SECRET,
    ]) {
      expect(log).not.toContain(used);
    }
  });
});
