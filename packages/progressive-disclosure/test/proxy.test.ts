import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseMcpServersConfig } from '@x/core/upstreams';
import { createTestPair } from '@x/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDisclosureProxy, type DisclosureProxy } from '../src/index.js';
import { readDescriptions, resultText } from './helpers.js';

const require = createRequire(import.meta.url);
const official = (name: string) =>
  require.resolve(`@modelcontextprotocol/server-${name}/dist/index.js`);

let folder: string;
let proxy: DisclosureProxy | undefined;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'pd-proxy-'));
});

afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  await rm(folder, { recursive: true, force: true });
});

function officialConfig(extra: Record<string, unknown> = {}) {
  return parseMcpServersConfig(
    {
      mcpServers: {
        filesystem: { command: process.execPath, args: [official('filesystem'), folder] },
        memory: {
          command: process.execPath,
          args: [official('memory')],
          env: { MEMORY_FILE_PATH: join(folder, 'memory.jsonl') },
          namespace: 'kg',
        },
        everything: { command: process.execPath, args: [official('everything')] },
        ...extra,
      },
    },
    'test config',
  );
}

async function session(current: DisclosureProxy) {
  return createTestPair(
    await current.factory({
      sessionId: undefined,
      role: undefined,
      transport: 'stdio',
      era: 'legacy',
      scope: 'stdio:test',
    }),
  );
}

describe('proxy in front of the official servers', () => {
  it('lists every upstream tool under its namespace with stage-1 descriptions', async () => {
    proxy = createDisclosureProxy(officialConfig(), { upstream: { stderr: 'ignore' } });
    await using pair = await session(proxy);
    const { tools } = await pair.client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toContain('filesystem__read_text_file');
    expect(names).toContain('kg__create_entities');
    expect(names).toContain('everything__echo');
    for (const tool of tools) {
      expect(tool.inputSchema).toEqual({ type: 'object' });
    }
    expect(pair.client.getInstructions()).toContain(
      'Tools on this server are described in two stages.',
    );
  });

  it('reads a real file only after its description was read', async () => {
    await writeFile(join(folder, 'hello.txt'), 'hello from disk');
    proxy = createDisclosureProxy(officialConfig(), { upstream: { stderr: 'ignore' } });
    await using pair = await session(proxy);
    const call = () =>
      pair.client.callTool({
        name: 'filesystem__read_text_file',
        arguments: { path: join(folder, 'hello.txt') },
      });
    expect(resultText(await call())).toContain('TOOL_DESCRIPTION_REQUIRED');
    const body = await readDescriptions(pair.client, ['filesystem__read_text_file']);
    expect(body.filesystem__read_text_file).toMatchObject({
      name: 'filesystem__read_text_file',
      inputSchema: { properties: { path: { type: 'string' } }, required: ['path'] },
    });
    expect(resultText(await call())).toBe('hello from disk');
  });

  it('keeps an upstream that fails out of the list and reports it', async () => {
    const failures: string[] = [];
    proxy = createDisclosureProxy(
      officialConfig({ broken: { command: process.execPath, args: ['-e', 'process.exit(3)'] } }),
      {
        upstream: { stderr: 'ignore', reconnect: { maxAttempts: 1 } },
        onUpstreamError: (name, error) => failures.push(`${name}:${error.code}`),
      },
    );
    await using pair = await session(proxy);
    const { tools } = await pair.client.listTools();
    expect(tools.some((tool) => tool.name.startsWith('everything__'))).toBe(true);
    expect(tools.some((tool) => tool.name.startsWith('broken__'))).toBe(false);
    expect(failures).toEqual(['broken:UNAVAILABLE']);
  });

  it('passes names through unchanged without prefixes', async () => {
    const config = parseMcpServersConfig(
      {
        mcpServers: {
          memory: {
            command: process.execPath,
            args: [official('memory')],
            env: { MEMORY_FILE_PATH: join(folder, 'm.jsonl') },
          },
        },
      },
      'test config',
    );
    proxy = createDisclosureProxy(config, { prefixTools: false, upstream: { stderr: 'ignore' } });
    const tools = await proxy.listTools();
    expect(tools.map((tool) => tool.name)).toContain('read_graph');
    expect(tools.find((tool) => tool.name === 'read_graph')?.description).toBeDefined();
  });
});
