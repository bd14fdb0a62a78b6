/**
 * An unconfigured gateway and proxy answer byte for byte as they did before the opt-in controls
 * of gateway-surface §4.4-§4.6, §5 and §9 existed. The responses were recorded with the code of
 * that time into `fixtures/unconfigured-*.json`; every later change must keep them. One
 * deliberate change was recorded since: a small `tool_execute` result's content is the
 * upstream's own blocks rather than the envelope's JSON text (see `firewallResult`). And one
 * more with core's one tool ranker (issue 29): a query's cards carry their share of the best
 * score (the best is 1) rather than the raw BM25F score, in the same order, and the answer says
 * which ranking made it (`ranking: "lexical"`). And with issue 31: an artifact handle is 128
 * random bits (`art_` and 32 hex) rather than a digest of its content, so the fixtures write every
 * handle as `art_<random>`; all else stays byte for byte.
 */

import type { Client } from '@modelcontextprotocol/client';
import type { McpServer } from '@modelcontextprotocol/server';
import { CoreError } from '@x/core';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayServer } from '../../src/server/gateway-server.js';
import { createProxyServer } from '../../src/server/proxy-server.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../src/server/runtime.js';
import {
  type FakeUpstream,
  fakeUpstream,
  referenceUpstreams,
  simpleTool,
  structured,
} from '../helpers.js';

let pairs: TestPair[] = [];
let runtime: GatewayRuntime | undefined;

afterEach(async () => {
  runtime?.close();
  runtime = undefined;
  for (const pair of pairs.reverse()) await pair.close();
  pairs = [];
});

/** An upstream with a failing tool, an unreachable one and one with a large JSON result. */
function troubleUpstream(): FakeUpstream {
  const upstream = fakeUpstream('trouble', [
    simpleTool('failing', ['reason']),
    simpleTool('unreachable'),
    simpleTool('big_table', ['rows']),
  ]);
  upstream.answer = async (name, args) => {
    if (name === 'failing') {
      return {
        content: [{ type: 'text', text: `could not: ${String(args.reason)}` }],
        isError: true,
      };
    }
    if (name === 'unreachable') {
      throw new CoreError({ code: 'UNAVAILABLE', message: 'connection refused by the upstream' });
    }
    const count = Number(args.rows);
    const rows = Array.from({ length: count }, (_, index) => ({
      id: index,
      name: `row ${index}`,
      tags: ['alpha', 'beta', `tag${index % 7}`],
    }));
    return { content: [{ type: 'text', text: JSON.stringify({ rows }) }] };
  };
  return upstream;
}

async function start(mode: 'gateway' | 'proxy'): Promise<Client> {
  const reference = await referenceUpstreams(pairs);
  runtime = await createGatewayRuntime({
    upstreams: [...Object.values(reference), troubleUpstream()],
  });
  const server: McpServer =
    mode === 'gateway' ? createGatewayServer(runtime) : createProxyServer(runtime);
  const pair = await createTestPair(server);
  pairs.push(pair);
  return pair.client;
}

function idOf(prefix: string): string {
  const id = runtime?.catalog.toolIds.find((toolId) => toolId.startsWith(prefix));
  if (id === undefined) throw new Error(`no tool id starts with ${prefix}`);
  return id;
}

/** One recorded exchange: what was sent and the exact JSON text of the answer. */
interface Exchange {
  request: string;
  response: string;
}

/** Sends `requests` in order and records each answer (a result or a JSON-RPC error). */
async function record(
  client: Client,
  requests: Array<{ name: string } | 'tools/list'>,
  args: Array<Record<string, unknown> | undefined>,
): Promise<Exchange[]> {
  const exchanges: Exchange[] = [];
  for (const [index, request] of requests.entries()) {
    let response: unknown;
    try {
      response =
        request === 'tools/list'
          ? await client.listTools()
          : await client.callTool({ name: request.name, arguments: args[index] ?? {} });
    } catch (error) {
      const { code, message } = error as { code?: unknown; message?: unknown };
      response = { jsonrpc_error: { code, message } };
    }
    exchanges.push({
      request:
        request === 'tools/list' ? 'tools/list' : `${request.name} ${JSON.stringify(args[index])}`,
      response: JSON.stringify(response),
    });
  }
  return exchanges;
}

/** An artifact handle: 128 random bits drawn per artifact, the one value that differs run to run. */
const HANDLE = /art_[0-9a-f]{32}/g;

/** The exchanges as fixture text, each artifact handle written as `art_<random>`. */
function asFixture(exchanges: Exchange[]): string {
  return `${JSON.stringify(exchanges, null, 2).replace(HANDLE, 'art_<random>')}\n`;
}

describe('an unconfigured gateway', () => {
  it('answers tools/list, browse, execute, view and errors byte for byte as before the controls', async () => {
    const client = await start('gateway');
    const echo = idOf('everything:echo#');
    const bigTable = idOf('trouble:big_table#');
    const calls: Array<[string | 'tools/list', Record<string, unknown> | undefined]> = [
      ['tools/list', undefined],
      ['tool_browse', { query: 'write text to a file', top_k: 5 }],
      ['tool_browse', { query: 'file' }],
      ['tool_browse', { query: 'zzzz qqqq' }],
      ['tool_browse', { path: '/' }],
      ['tool_browse', { path: '/filesystem' }],
      ['tool_browse', { path: '/memory/*' }],
      ['tool_browse', { path: '/filesystem/' }],
      ['tool_browse', { path: '/nothing' }],
      ['tool_browse', { query: 'file', path: '/' }],
      ['tool_browse', {}],
      ['tool_browse', { query: 'file', top_k: 51 }],
      ['tool_execute', { tool_id: echo, args: { message: 'hello' } }],
      ['tool_execute', { tool_id: echo, args: { message: 42 } }],
      ['tool_execute', { tool_id: echo, args: { message: 'hello' }, dry_run: true }],
      ['tool_execute', { tool_id: echo, args: '{"message":"hello"}' }],
      ['tool_execute', { tool_id: 'everything:nothing#00000000', args: {} }],
      ['tool_execute', { tool_id: 'Not A Tool Id', args: {} }],
      ['tool_execute', { tool_id: idOf('trouble:failing#'), args: { reason: 'no disk' } }],
      ['tool_execute', { tool_id: idOf('trouble:unreachable#'), args: {} }],
      ['tool_execute', { tool_id: bigTable, args: { rows: '400' } }],
      ['tool_view', { handle: 'art_0000000000000000', selector: 'head' }],
      ['tool_view', { handle: 'nonsense', selector: 'head' }],
      ['tool_hydrate', { tool_id: echo }],
      ['no_such_tool', {}],
    ];
    const exchanges = await record(
      client,
      calls.map(([name]) => (name === 'tools/list' ? 'tools/list' : { name })),
      calls.map(([, args]) => args),
    );
    const big = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: bigTable, args: { rows: '400' } },
    });
    const handle = structured<{ artifacts: Array<{ handle: string }> }>(big).artifacts[0]?.handle;
    expect(handle).toBeDefined();
    const views = await record(
      client,
      ['head', 'json_keys', 'rows:2-4:$.rows', '$.rows[3].name', 'grep:row 1[0-9]$', 'bogus:1'].map(
        () => ({ name: 'tool_view' }),
      ),
      ['head', 'json_keys', 'rows:2-4:$.rows', '$.rows[3].name', 'grep:row 1[0-9]$', 'bogus:1'].map(
        (selector) => ({ handle, selector }),
      ),
    );
    await expect(asFixture([...exchanges, ...views])).toMatchFileSnapshot(
      '../fixtures/unconfigured-gateway.json',
    );
  });
});

describe('an unconfigured proxy', () => {
  it('answers tools/list, hydrate, execute and errors byte for byte as before the controls', async () => {
    const client = await start('proxy');
    const echo = idOf('everything:echo#');
    const { tools } = await client.listTools();
    const listedEcho = tools.find((tool) => tool.name.startsWith('everything__echo_'))?.name;
    expect(listedEcho).toBeDefined();
    const calls: Array<[string | 'tools/list', Record<string, unknown> | undefined]> = [
      ['tools/list', undefined],
      ['tool_hydrate', { tool_id: echo }],
      ['tool_hydrate', { tool_id: listedEcho }],
      ['tool_hydrate', { tool_id: 'everything:nothing#00000000' }],
      ['tool_execute', { tool_id: echo, args: { message: 'hello' } }],
      ['tool_execute', { tool_id: listedEcho, args: { message: 'hello' } }],
      ['tool_execute', { tool_id: echo, args: { message: 42 } }],
      ['tool_execute', { tool_id: echo, args: { message: 'hello' }, dry_run: true }],
      ['tool_execute', { tool_id: 'Not A Tool Id', args: {} }],
      ['tool_execute', { tool_id: idOf('trouble:failing#'), args: { reason: 'no disk' } }],
      ['tool_execute', { tool_id: idOf('trouble:unreachable#'), args: {} }],
      ['tool_execute', { tool_id: idOf('trouble:big_table#'), args: { rows: '40' } }],
      [listedEcho as string, { message: 'direct' }],
      ['tool_browse', { query: 'file' }],
      ['no_such_tool', {}],
    ];
    const exchanges = await record(
      client,
      calls.map(([name]) => (name === 'tools/list' ? 'tools/list' : { name })),
      calls.map(([, args]) => args),
    );
    await expect(asFixture(exchanges)).toMatchFileSnapshot('../fixtures/unconfigured-proxy.json');
  });
});
