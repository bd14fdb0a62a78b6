import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseMcpServersConfig } from '@x/core/upstreams';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Aggregation,
  aggregateMcpServers,
  CashError,
  type CashServer,
  createCashServer,
} from '../src/index.js';
import { code, json, text } from './helpers.js';
import { fixturePath } from './upstream-helpers.js';

function modulePath(relative: string): string {
  return fileURLToPath(new URL(`../node_modules/${relative}`, import.meta.url));
}

const node = process.execPath;
let directory: string;
let server: CashServer;
let aggregation: Aggregation;
let pair: TestPair;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'cash-aggregate-'));
  await writeFile(join(directory, 'hello.txt'), 'hello from the filesystem server');
  const config = parseMcpServersConfig(
    {
      mcpServers: {
        filesystem: {
          command: node,
          args: [modulePath('@modelcontextprotocol/server-filesystem/dist/index.js'), directory],
        },
        memory: {
          command: node,
          args: [modulePath('@modelcontextprotocol/server-memory/dist/index.js')],
          env: { MEMORY_FILE_PATH: join(directory, 'memory.jsonl') },
        },
        'server-everything': {
          command: node,
          args: [modulePath('@modelcontextprotocol/server-everything/dist/index.js')],
        },
        catalog: {
          command: node,
          args: [
            modulePath('@x/core/dist/catalog-server/bin.js'),
            '--catalog',
            fixturePath('catalog.json'),
          ],
          namespace: 'Weather',
          timeoutMs: 3_000,
        },
        missing: { command: join(directory, 'no-such-binary') },
      },
    },
    'test config',
  );
  server = createCashServer({ name: 'aggregate' });
  aggregation = await aggregateMcpServers(server, config, {
    upstream: { stderr: 'ignore', reconnect: { initialDelayMs: 50, maxAttempts: 3 } },
    descriptions: { memory: 'A knowledge graph memory.' },
  });
  pair = await createTestPair(server.createMcpServer());
}, 60_000);

afterAll(async () => {
  await pair?.close();
  await aggregation?.close();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

describe('static aggregation of real MCP servers', () => {
  it('lists every server under its label, a failed one with available: false', async () => {
    expect(aggregation.upstreams().map(({ label, available }) => [label, available])).toEqual([
      ['filesystem', true],
      ['memory', true],
      ['server_everything', true],
      ['Weather', true],
      ['missing', false],
    ]);
    const index = text(await pair.callTool('help'));
    expect(index).toContain('- **memory** — A knowledge graph memory.');
    expect(index).toMatch(/- \*\*missing\*\* — .*_\(available: false\)_/);
    expect(index).not.toMatch(/read_text_file|create_entities/);
  });

  it('calls tools of the official servers through call', async () => {
    const file = await pair.callTool('call', {
      namespace: 'filesystem',
      function: 'readTextFile',
      kwargs: { path: join(directory, 'hello.txt') },
    });
    expect(text(file)).toContain('hello from the filesystem server');
    const sum = await pair.callTool('call', {
      namespace: 'servereverything',
      function: 'get_sum',
      kwargs: { a: 2, b: 3 },
    });
    expect(text(sum)).toContain('5');
    const entities = await pair.callTool('call', {
      namespace: 'memory',
      function: 'create_entities',
      kwargs: { entities: [{ name: 'Ada', entityType: 'person', observations: ['writes code'] }] },
    });
    expect(entities.isError).toBeFalsy();
    expect(
      text(await pair.callTool('call', { namespace: 'memory', function: 'read_graph' })),
    ).toContain('Ada');
  });

  it('answers the failed upstream with UPSTREAM_UNAVAILABLE', async () => {
    const result = await pair.callTool('call', { namespace: 'missing', function: 'anything' });
    expect(code(result)).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('survives an upstream process that crashes, and reconnects it', async () => {
    const crashed = await pair.callTool('call', {
      namespace: 'weather',
      function: 'get_weather_2',
      kwargs: { __x_behaviour: 'crash' },
    });
    expect(['UPSTREAM_UNAVAILABLE', 'UPSTREAM_ERROR']).toContain(code(crashed));
    expect(
      text(await pair.callTool('call', { namespace: 'memory', function: 'read_graph' })),
    ).toContain('Ada');
    await expect
      .poll(
        async () =>
          json(await pair.callTool('call', { namespace: 'weather', function: 'get_weather_2' }))
            .tool,
        {
          timeout: 10_000,
        },
      )
      .toBe('get_weather');
  });

  it('documents a tool of an official server with its schema', async () => {
    const answer = text(
      await pair.callTool('help', { namespace: 'filesystem', function: 'read_text_file' }),
    );
    expect(answer).toContain('# filesystem.read_text_file');
    expect(answer).toMatch(/\| path \| string \| yes \|/);
  });
});

describe('static aggregation labels', () => {
  it('rejects labels that collide after normalization, before starting anything', async () => {
    const config = parseMcpServersConfig(
      {
        mcpServers: {
          'Order-Mgmt': { command: 'never-started' },
          order_mgmt: { command: 'never-started' },
        },
      },
      'collision',
    );
    const error = await aggregateMcpServers(createCashServer({ name: 'x' }), config).catch(
      (failure) => failure,
    );
    expect(CashError.isInstance(error) && error.code).toBe('LABEL_COLLISION');
    expect((error as Error).message).toContain('both normalize to "ordermgmt"');
  });

  it('rejects an explicit namespace that is not a valid label', async () => {
    const config = parseMcpServersConfig(
      { mcpServers: { files: { command: 'never-started', namespace: 'my-files' } } },
      'invalid',
    );
    const error = await aggregateMcpServers(createCashServer({ name: 'x' }), config).catch(
      (failure) => failure,
    );
    expect(CashError.isInstance(error) && error.code).toBe('INVALID_LABEL');
    expect((error as Error).message).toContain('server "files"');
  });
});
