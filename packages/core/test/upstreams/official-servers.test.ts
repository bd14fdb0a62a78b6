import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createUpstreamPool,
  type McpServersConfig,
  parseMcpServersConfig,
  type UpstreamPool,
} from '../../src/upstreams/index.js';
import { firstText, fixturePath, isAlive, nodeServer, OFFICIAL, rejection } from './helpers.js';

let folder: string;
let pool: UpstreamPool | undefined;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-official-'));
});

afterEach(async () => {
  await pool?.close();
  pool = undefined;
  await rm(folder, { recursive: true, force: true });
});

function officialConfig(): McpServersConfig {
  return parseMcpServersConfig(
    {
      mcpServers: {
        everything: { command: process.execPath, args: [OFFICIAL.everything] },
        memory: {
          command: process.execPath,
          args: [OFFICIAL.memory],
          env: { MEMORY_FILE_PATH: join(folder, 'memory.jsonl') },
        },
        filesystem: { command: process.execPath, args: [OFFICIAL.filesystem, folder] },
      },
    },
    'official.json',
  );
}

function upstream(name: string) {
  const found = pool?.upstreams.get(name);
  if (found === undefined) {
    throw new Error(`no upstream ${name}`);
  }
  return found;
}

describe('the official servers over stdio', () => {
  it('lists and calls the tools of everything, memory and filesystem', async () => {
    pool = createUpstreamPool(officialConfig(), { stderr: 'ignore' });
    const errors = await pool.connectAll();
    expect([...errors]).toEqual([
      ['everything', undefined],
      ['memory', undefined],
      ['filesystem', undefined],
    ]);

    const everything = upstream('everything');
    expect((await everything.listTools()).map((tool) => tool.name)).toContain('echo');
    expect(firstText(await everything.callTool('echo', { message: 'hi' }))).toBe('Echo: hi');
    expect((await everything.listResources()).length).toBeGreaterThan(0);
    expect((await everything.listPrompts()).map((prompt) => prompt.name)).toContain(
      'simple-prompt',
    );
    const prompt = await everything.getPrompt('simple-prompt');
    expect(prompt.messages.length).toBeGreaterThan(0);
    const [resource] = await everything.listResources();
    expect((await everything.readResource(resource?.uri ?? '')).contents.length).toBeGreaterThan(0);

    const memory = upstream('memory');
    expect((await memory.listTools()).map((tool) => tool.name)).toContain('create_entities');
    await memory.callTool('create_entities', {
      entities: [{ name: 'upstreams', entityType: 'module', observations: ['reconnects'] }],
    });
    expect(firstText(await memory.callTool('read_graph', {}))).toContain('upstreams');

    const filesystem = upstream('filesystem');
    expect((await filesystem.listTools()).map((tool) => tool.name)).toContain('list_directory');
    await writeFile(join(folder, 'note.txt'), 'hello');
    expect(firstText(await filesystem.callTool('list_directory', { path: folder }))).toContain(
      'note.txt',
    );
  });

  it('leaves no child process behind after close, including mid-call and mid-connect', async () => {
    const config = officialConfig();
    config.mcpServers.fixture = nodeServer(fixturePath('tools-server.mjs'));
    config.mcpServers.paged = nodeServer(fixturePath('paged-server.mjs'));
    config.mcpServers.slow = nodeServer(fixturePath('tools-server.mjs'), {
      env: { FIXTURE_START_DELAY_MS: '20000' },
    });
    config.mcpServers.off = { type: 'stdio', command: '/nonexistent', disabled: true };
    pool = createUpstreamPool(config, {
      stderr: 'ignore',
      connectTimeoutMs: 10_000,
      closeGraceMs: 300,
    });
    expect([...pool.upstreams.keys()]).toEqual([
      'everything',
      'memory',
      'filesystem',
      'fixture',
      'paged',
      'slow',
    ]);

    const connecting = pool.connectAll();
    const ready = ['everything', 'memory', 'filesystem', 'fixture', 'paged'];
    await Promise.all(ready.map((name) => upstream(name).connect()));
    const hanging = rejection(upstream('fixture').callTool('hang', {}));
    await upstream('fixture').callTool('stats', {});
    const pids = [...pool.upstreams.values()].map((each) => each.pid);
    expect(pids.every((pid) => typeof pid === 'number')).toBe(true);
    expect(upstream('slow').status).toBe('connecting');

    const closingAt = Date.now();
    await pool.close();
    expect(Date.now() - closingAt).toBeLessThan(1_500);
    for (const pid of pids) {
      expect(isAlive(pid as number)).toBe(false);
    }
    expect(await hanging).toMatchObject({ code: 'CLOSED' });
    const outcome = await connecting;
    expect(outcome.get('slow')).toMatchObject({ code: 'CLOSED' });
    expect(outcome.get('everything')).toBeUndefined();
  });

  it('reports a failing server, still connects the others and relays their list changes', async () => {
    const config = officialConfig();
    config.mcpServers.fixture = nodeServer(fixturePath('tools-server.mjs'));
    config.mcpServers.broken = {
      type: 'stdio',
      command: process.execPath,
      args: ['-e', 'process.exit(1)'],
    };
    pool = createUpstreamPool(config, { stderr: 'ignore' });
    const changes: string[] = [];
    pool.onListChanged((name, kind) => changes.push(`${name}:${kind}`));
    const errors = await pool.connectAll();
    expect(errors.get('broken')).toMatchObject({ code: 'UNAVAILABLE' });
    expect(errors.get('everything')).toBeUndefined();
    expect(upstream('broken').status).toBe('reconnecting');
    expect(upstream('memory').status).toBe('ready');
    await upstream('fixture').callTool('add_tool', { name: 'fresh' });
    await vi.waitFor(() => expect(changes).toContain('fixture:tools'), { timeout: 3_000 });
  });
});
