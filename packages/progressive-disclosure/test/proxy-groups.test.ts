/**
 * The groups draft (`io.modelcontextprotocol/groups`, 2026-09-28, experimental) on the proxy:
 * with `groups` on, one group per upstream in `groups/list`, its tools in `groups/get`, and
 * `tools/list` without the grouped tools for a client that declared the extension (per request
 * at 2026-07-28, at `initialize` at 2025-11-25); with it off, nothing of it is there.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { serveHttp } from '@x/core/serve';
import { parseMcpServersConfig } from '@x/core/upstreams';
import { startModernOnly, startSkillsServer } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDisclosureProxy } from '../src/index.js';

const GROUPS = 'io.modelcontextprotocol/groups';
const AnyResult = z.looseObject({});

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(groups: boolean): Promise<URL> {
  const docs = await startSkillsServer('stdio');
  const modern = await startModernOnly('stdio');
  const config = parseMcpServersConfig(
    { mcpServers: { docs: docs.entry, 'Modern.Only': modern.entry } },
    'test',
  );
  const proxy = createDisclosureProxy(config, { groups, upstream: { stderr: 'ignore' } });
  cleanups.push(() => proxy.close());
  const running = await serveHttp(proxy.factory, { port: 0 });
  cleanups.push(() => running.close());
  return running.url;
}

async function connect(url: URL, era: 'legacy' | 'modern', declare: boolean): Promise<Client> {
  const client = new Client(
    { name: 'pd-groups-test', version: '0.0.0' },
    {
      ...(declare ? { capabilities: { extensions: { [GROUPS]: {} } } } : {}),
      ...(era === 'legacy' ? {} : { versionNegotiation: { mode: { pin: '2026-07-28' } } }),
    },
  );
  const transport = new StreamableHTTPClientTransport(url);
  await client.connect(transport);
  cleanups.push(async () => {
    await transport.terminateSession().catch(() => {});
    await client.close();
  });
  return client;
}

describe.each(['legacy', 'modern'] as const)('groups on the proxy (%s era)', (era) => {
  it('lists one group per upstream and gets its tools, stateless', async () => {
    const client = await connect(await start(true), era, true);
    expect(client.getServerCapabilities()?.extensions?.[GROUPS]).toEqual({});
    const listed = await client.request({ method: 'groups/list', params: {} }, AnyResult);
    expect(listed.groups).toEqual([
      {
        name: 'docs',
        title: 'skills-fixture',
        description: 'Tools of the MCP server skills-fixture (1 tool).',
      },
      {
        name: 'modern-only',
        title: 'modern-only',
        description: 'Tools of the MCP server modern-only (1 tool).',
      },
    ]);
    const first = await client.request(
      { method: 'groups/get', params: { name: 'docs' } },
      AnyResult,
    );
    const again = await client.request(
      { method: 'groups/get', params: { name: 'docs' } },
      AnyResult,
    );
    expect(again).toEqual(first);
    const contents = first.contents as { tools: { name: string; inputSchema: unknown }[] };
    expect(contents.tools.map((tool) => tool.name)).toEqual(['docs__echo']);
    expect(contents.tools[0]?.inputSchema).toBeDefined();
    // The draft asks for -32002, "the code resources/read uses for an unknown URI"; the SDK v2
    // answers every "not found" with -32602, as resources/read now does (SEP-2164).
    await expect(
      client.request({ method: 'groups/get', params: { name: 'nothing' } }, AnyResult),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('No group named') });
  });

  it('keeps grouped tools out of tools/list for a client that declared groups, and only for it', async () => {
    const url = await start(true);
    const aware = await connect(url, era, true);
    const plain = await connect(url, era, false);
    expect((await aware.listTools()).tools).toEqual([]);
    expect((await plain.listTools()).tools.map((tool) => tool.name)).toEqual([
      'docs__echo',
      'Modern.Only__echo',
    ]);
    // Discovery gating, not access control: the grouped tool is still called as usual.
    const refused = await aware.callTool({ name: 'docs__echo', arguments: { text: 'hi' } });
    expect(JSON.stringify(refused.content)).toContain('TOOL_DESCRIPTION_REQUIRED');
  });

  it('declares and answers nothing of the draft with groups off', async () => {
    const client = await connect(await start(false), era, true);
    expect(client.getServerCapabilities()?.extensions?.[GROUPS]).toBeUndefined();
    expect((await client.listTools()).tools).toHaveLength(2);
    // Method not found: a JSON-RPC error at 2025-11-25, an HTTP "not implemented" at 2026-07-28.
    await expect(
      client.request({ method: 'groups/list', params: {} }, AnyResult),
    ).rejects.toMatchObject({ code: era === 'legacy' ? -32601 : 'CLIENT_HTTP_NOT_IMPLEMENTED' });
  });
});
