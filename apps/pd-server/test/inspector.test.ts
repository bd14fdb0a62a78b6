/**
 * End to end with the MCP Inspector (0.15.0), a client nobody on this project wrote.
 *
 * The Inspector CLI runs one method per invocation, each in a new MCP session: it shows listing,
 * a call refused without a grant, a description read, and that a later invocation is ungranted.
 * The Inspector's own proxy server holds one session per client session, as it does for the
 * Inspector UI: through it, the whole flow (list, refused call, read, granted call) runs in ONE
 * session, against `x-pd demo` over stdio and `x-pd wrap` over Streamable HTTP, while a second
 * Inspector session stays ungranted.
 */

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { formatToolDescriptionsUri } from '@x/progressive-disclosure';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type InspectorTarget,
  type InspectorProxy as ProxyOf,
  startInspectorProxy,
} from '../../../scripts/inspector-proxy.mjs';
import { BIN, CLI, startHttp } from './process-helpers.js';

type InspectorProxy = ProxyOf<Client>;

const run = promisify(execFile);
const INSPECTOR = join(BIN, 'mcp-inspector');
const EXAMPLE_CONFIG = fileURLToPath(new URL('../examples/mcp.json', import.meta.url));
const STAGE_ONE_SCHEMA = { type: 'object' };

const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function inspect(args: string[]): Promise<unknown> {
  const { stdout } = await run(INSPECTOR, ['--cli', ...args], { timeout: 60_000 });
  return JSON.parse(stdout) as unknown;
}

function firstText(result: unknown): string {
  const content = (result as CallToolResult).content[0];
  return content?.type === 'text' ? content.text : '';
}

function descriptionRequired(tool: string) {
  return {
    error: {
      code: 'TOOL_DESCRIPTION_REQUIRED',
      message: `Tool '${tool}' requires fetching its description before use.`,
      resource_uri: formatToolDescriptionsUri([tool]),
    },
  };
}

async function startProxy(): Promise<InspectorProxy> {
  const proxy = await startInspectorProxy({
    resolveFrom: import.meta.url,
    env: { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ''}` },
    Client,
    Transport: StreamableHTTPClientTransport,
  });
  cleanups.push(() => proxy.stop());
  return proxy;
}

async function startHttpServer(args: string[]): Promise<URL> {
  const server = await startHttp(args);
  cleanups.push(() => server.stop());
  return server.url;
}

/** A call of one tool, the tool count listed, and what its granted answer contains. */
interface Flow {
  tool: string;
  arguments: Record<string, unknown>;
  tools: number;
  answer: string;
  required: string[];
}

/**
 * In one Inspector session: list, call (refused), read the description, call (works); then a
 * second Inspector session to the same target is refused, and the first is still granted.
 */
async function runFlowInOneSession(
  proxy: InspectorProxy,
  target: InspectorTarget,
  flow: Flow,
): Promise<void> {
  const first = await proxy.connect(target);
  const { client } = first;
  const call = () => client.callTool({ name: flow.tool, arguments: flow.arguments });

  const listed = await client.listTools();
  expect(listed.tools).toHaveLength(flow.tools);
  expect(listed.tools.find((tool) => tool.name === flow.tool)?.inputSchema).toEqual(
    STAGE_ONE_SCHEMA,
  );

  const refused = await call();
  expect(refused.isError).toBe(true);
  expect(JSON.parse(firstText(refused))).toEqual(descriptionRequired(flow.tool));

  const read = await client.readResource({ uri: formatToolDescriptionsUri([flow.tool]) });
  const body = JSON.parse((read.contents[0] as { text: string }).text) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual([flow.tool]);
  expect(body[flow.tool]).toMatchObject({
    name: flow.tool,
    inputSchema: { required: flow.required },
  });

  const granted = await call();
  expect(granted.isError).toBeFalsy();
  expect(firstText(granted)).toContain(flow.answer);

  const second = await proxy.connect(target);
  const other = await second.client.callTool({ name: flow.tool, arguments: flow.arguments });
  expect(JSON.parse(firstText(other))).toEqual(descriptionRequired(flow.tool));
  expect(firstText(await call())).toContain(flow.answer);
}

describe('MCP Inspector CLI against x-pd demo (one session per invocation)', () => {
  it('lists the minimal tools over stdio', async () => {
    const listed = (await inspect([
      '--method',
      'tools/list',
      '--',
      process.execPath,
      CLI,
      'demo',
    ])) as {
      tools: { name: string; inputSchema: unknown }[];
    };
    expect(listed.tools).toHaveLength(12);
    expect(listed.tools[0]?.inputSchema).toEqual(STAGE_ONE_SCHEMA);
  });

  it('lists, is refused without a grant, reads a description, and a new session is still ungranted', async () => {
    const url = await startHttpServer(['demo']);
    const http = [url.href, '--transport', 'http'];
    const listed = (await inspect([...http, '--method', 'tools/list'])) as { tools: unknown[] };
    expect(listed.tools).toHaveLength(12);

    const call = ['--method', 'tools/call', '--tool-name', 'notes_read', '--tool-arg', 'id=note-3'];
    const refused = await inspect([...http, ...call]);
    expect((refused as CallToolResult).isError).toBe(true);
    expect(JSON.parse(firstText(refused))).toEqual(descriptionRequired('notes_read'));

    const read = (await inspect([
      ...http,
      '--method',
      'resources/read',
      '--uri',
      'resource:///tool_descriptions?tools=notes_read',
    ])) as { contents: { text: string }[] };
    expect(JSON.parse(read.contents[0]?.text ?? '{}')).toMatchObject({
      notes_read: { name: 'notes_read', inputSchema: { required: ['id'] } },
    });

    const stillRefused = await inspect([...http, ...call]);
    expect(firstText(stillRefused)).toContain('TOOL_DESCRIPTION_REQUIRED');
  });
});

describe('MCP Inspector proxy: the whole flow in one session', () => {
  it('runs x-pd demo over stdio: refused, read, granted in one session; a second session is refused', async () => {
    const proxy = await startProxy();
    await runFlowInOneSession(
      proxy,
      { transport: 'stdio', command: process.execPath, args: [CLI, 'demo'] },
      {
        tool: 'notes_read',
        arguments: { id: 'note-3' },
        tools: 12,
        answer: 'Release checklist',
        required: ['id'],
      },
    );
  });

  it('runs x-pd wrap over HTTP in front of the official servers the same way', async () => {
    const url = await startHttpServer(['wrap', '--config', EXAMPLE_CONFIG]);
    const proxy = await startProxy();
    const listed = await proxy.connect({ transport: 'streamable-http', url });
    const tools = (await listed.client.listTools()).tools.length;
    await listed.close();
    expect(tools).toBeGreaterThan(20);
    await runFlowInOneSession(
      proxy,
      { transport: 'streamable-http', url },
      {
        tool: 'everything__get-sum',
        arguments: { a: 2, b: 40 },
        tools,
        answer: '42',
        required: ['a', 'b'],
      },
    );
  });

  it('refuses a client without the proxy token', async () => {
    const proxy = await startProxy();
    const response = await fetch(new URL('/mcp', proxy.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });
});
