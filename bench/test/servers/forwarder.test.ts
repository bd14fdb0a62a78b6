import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createUpstreamPool, loadMcpServersConfig, type Upstream } from '@x/core/upstreams';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createForwardingServer } from '../../src/servers/forwarder.js';
import { connectInMemory } from '../../src/servers/in-memory.js';
import { SMALL_CATALOG } from '../fixtures/tools.js';

const catalogServerBin = fileURLToPath(
  new URL('./bin.js', import.meta.resolve('@x/core/catalog-server')),
);
const forwarderMain = fileURLToPath(
  new URL('../../dist/servers/forwarder-main.js', import.meta.url),
);

let folder: string;
let configPath: string;
const closers: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-bench-forwarder-'));
  const catalogPath = join(folder, 'catalog.json');
  await writeFile(catalogPath, JSON.stringify(SMALL_CATALOG));
  configPath = join(folder, 'mcp.json');
  const upstream = {
    command: process.execPath,
    args: [catalogServerBin, '--catalog', catalogPath, '--server', 'weather'],
  };
  await writeFile(configPath, JSON.stringify({ mcpServers: { weather: upstream } }));
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await rm(folder, { recursive: true, force: true });
});

async function weather(): Promise<Upstream> {
  const pool = createUpstreamPool(await loadMcpServersConfig(configPath), { stderr: 'ignore' });
  closers.push(() => pool.close());
  return pool.upstreams.get('weather') as Upstream;
}

describe('the forwarding server', () => {
  it('answers a call with exactly what the upstream answers', async () => {
    const upstream = await weather();
    const client = await connectInMemory(await createForwardingServer([upstream]));
    closers.push(() => client.close());
    const args = { city: 'Paris', days: 2 };
    const forwarded = await client.callTool({ name: 'get_forecast', arguments: args });
    expect(forwarded).toEqual(await upstream.callTool('get_forecast', args));
    expect(forwarded.isError).not.toBe(true);
  });

  it("passes the upstream's refusal of bad arguments or an unknown tool back unchanged", async () => {
    const upstream = await weather();
    const client = await connectInMemory(await createForwardingServer([upstream]));
    closers.push(() => client.close());
    const bad = await client.callTool({ name: 'get_forecast', arguments: { city: 7 } });
    expect(bad).toEqual(await upstream.callTool('get_forecast', { city: 7 }));
    expect(bad.isError).toBe(true);
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(
      'no upstream has a tool named no_such_tool',
    );
  });

  it('serves over stdio from its bin, and exits with a usage error without arguments', async () => {
    const client = new Client({ name: 'x-bench-test', version: '0.1.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [forwarderMain, configPath],
        stderr: 'ignore',
      }),
    );
    closers.push(() => client.close());
    const result = await client.callTool({ name: 'get_alerts', arguments: { region: 'IDF' } });
    expect(result.isError).not.toBe(true);
    const usage = spawnSync(process.execPath, [forwarderMain], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: forwarder-main');
  });
});
