/**
 * The groups draft (`io.modelcontextprotocol/groups`, 2026-09-28, experimental) on the
 * gateway and the proxy: one group per namespace; the proxy keeps grouped entries out of
 * `tools/list` for a client that declared the extension (per request at 2026-07-28, at
 * `initialize` at 2025-11-25); off, nothing of it is there. Served over Streamable HTTP.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { serveHttp } from '@x/core/serve';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGatewayServer } from '../../src/server/gateway-server.js';
import { createProxyServerFactory } from '../../src/server/proxy-server.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../src/server/runtime.js';
import { fakeUpstream, simpleTool } from '../helpers.js';

const GROUPS = 'io.modelcontextprotocol/groups';
const AnyResult = z.looseObject({});
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function runtime(): Promise<GatewayRuntime> {
  const created = await createGatewayRuntime({
    upstreams: [
      fakeUpstream('weather', [simpleTool('get_forecast', ['city'], 'Forecast for a city.')]),
      fakeUpstream('Mail.Box', [
        simpleTool('send_mail', ['to'], 'Send an email.'),
        simpleTool('list_mail', [], 'List emails.'),
      ]),
    ],
  });
  cleanups.push(() => created.close());
  return created;
}

async function connect(
  factory: Parameters<typeof serveHttp>[0],
  era: 'legacy' | 'modern',
  declare: boolean,
): Promise<Client> {
  const running = await serveHttp(factory, { port: 0 });
  cleanups.push(() => running.close());
  const client = new Client(
    { name: 'gateway-groups-test', version: '0.0.0' },
    {
      ...(declare ? { capabilities: { extensions: { [GROUPS]: {} } } } : {}),
      ...(era === 'legacy' ? {} : { versionNegotiation: { mode: { pin: '2026-07-28' } } }),
    },
  );
  const transport = new StreamableHTTPClientTransport(running.url);
  await client.connect(transport);
  cleanups.push(async () => {
    await transport.terminateSession().catch(() => {});
    await client.close();
  });
  return client;
}

const groupsOf = async (client: Client) =>
  (await client.request({ method: 'groups/list', params: {} }, AnyResult)).groups;
const getGroup = (client: Client, name: string) =>
  client.request({ method: 'groups/get', params: { name } }, AnyResult);

describe.each(['legacy', 'modern'] as const)('groups on the gateway (%s era)', (era) => {
  it('lists one group per namespace, each a set of instructions naming its tool ids', async () => {
    const gateway = await runtime();
    const client = await connect(() => createGatewayServer(gateway, { groups: true }), era, true);
    expect(client.getServerCapabilities()?.extensions?.[GROUPS]).toEqual({});
    expect(await groupsOf(client)).toEqual([
      { name: 'mail-box', title: 'mail-box', description: 'The tools of mail-box (2 tools).' },
      { name: 'weather', title: 'weather', description: 'The tools of weather (1 tool).' },
    ]);
    const mail = await getGroup(client, 'mail-box');
    expect(mail.contents).toBeUndefined();
    expect(String(mail.instructions)).toMatch(
      /- `mail-box:send_mail#[0-9a-f]{8}` — Send an email\./,
    );
    expect(String(mail.instructions)).toContain('tool_execute(tool_id, args)');
    // The meta-tools are top-level: nothing is grouped out of tools/list.
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'tool_browse',
      'tool_execute',
      'tool_view',
    ]);
    await expect(getGroup(client, 'nothing')).rejects.toMatchObject({ code: -32602 });
  });

  it('keeps grouped entries out of the proxy tools/list for a declaring client only', async () => {
    const gateway = await runtime();
    const factory = createProxyServerFactory(gateway, { groups: true });
    const aware = await connect(factory, era, true);
    const plain = await connect(factory, era, false);
    expect((await aware.listTools()).tools.map((tool) => tool.name)).toEqual([
      'tool_hydrate',
      'tool_execute',
    ]);
    expect((await plain.listTools()).tools).toHaveLength(5);
    const weather = await getGroup(aware, 'weather');
    const tools = (weather.contents as { tools: { name: string }[] }).tools;
    expect(tools.map((tool) => tool.name)).toEqual([
      expect.stringMatching(/^weather__get_forecast/),
    ]);
  });

  it('declares and answers nothing of the draft with groups off', async () => {
    const gateway = await runtime();
    const client = await connect(() => createGatewayServer(gateway), era, true);
    expect(client.getServerCapabilities()?.extensions?.[GROUPS]).toBeUndefined();
    // Method not found: a JSON-RPC error at 2025-11-25, an HTTP "not implemented" at 2026-07-28.
    await expect(groupsOf(client)).rejects.toMatchObject({
      code: era === 'legacy' ? -32601 : 'CLIENT_HTTP_NOT_IMPLEMENTED',
    });
  });
});
