/**
 * The client configuration snippets of each app (apps/<app>/client-config/*.json): parsed with
 * the `mcpServers` schema of @x/core/upstreams, started as they say, and listed through an SDK
 * client. The README of each app shows them verbatim.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transport } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  type HttpUpstreamConfig,
  McpServersConfigSchema,
  type StdioUpstreamConfig,
  type UpstreamConfig,
} from '@x/core/upstreams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/official/process-output.js';
import { startTarget } from '../../src/official/start-target.js';
import { linkedPackage, REPOSITORY_ROOT } from '../../src/paths.js';

interface App {
  /** The folder under apps/. */
  readonly folder: string;
  /** The server's key under mcpServers. */
  readonly serverName: string;
  /** A tool the app lists whatever it serves. */
  readonly tool: string;
}

const APPS: readonly App[] = [
  { folder: 'cash-server', serverName: 'x-cash', tool: 'help' },
  { folder: 'pd-server', serverName: 'x-pd', tool: 'notes_search' },
  { folder: 'context-cache-server', serverName: 'x-context-cache', tool: 'context.resolve' },
  { folder: 'gateway', serverName: 'x-gateway', tool: 'tool_browse' },
];

const SNIPPETS = ['stdio-npx.json', 'stdio-local.json', 'http.json'] as const;

/** What the snippets' placeholder paths stand for in this test. */
let placeholders: Record<string, string>;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-interop-client-config-'));
  const caches = join(folder, 'caches');
  const sources = join(folder, 'sources');
  await mkdir(sources, { recursive: true });
  await writeFile(join(sources, 'intro.md'), '# Intro\n\nA context cache for the client test.\n');
  placeholders = {
    '/path/to/x-monorepo': REPOSITORY_ROOT.replace(/\/$/, ''),
    '/path/to/caches': caches,
    '/path/to/mcp.json': join(REPOSITORY_ROOT, 'apps', 'gateway', 'examples', 'mcp.json'),
  };
  await buildCache(sources, join(caches, 'docs'));
});

afterAll(() => rm(folder, { recursive: true, force: true }));

async function buildCache(sources: string, cache: string): Promise<void> {
  const cli = join(linkedPackage('@x/context-cache-server'), 'dist', 'cli.js');
  const result = await runCommand(process.execPath, [
    cli,
    'build',
    '--sources',
    sources,
    '--cache',
    cache,
  ]);
  expect(result.exitCode, result.stderr).toBe(0);
}

function fill(text: string): string {
  let filled = text;
  for (const [placeholder, value] of Object.entries(placeholders)) {
    filled = filled.replaceAll(placeholder, value);
  }
  return filled;
}

async function readSnippet(
  app: App,
  file: string,
): Promise<{ text: string; entry: UpstreamConfig }> {
  const text = await readFile(
    join(REPOSITORY_ROOT, 'apps', app.folder, 'client-config', file),
    'utf8',
  );
  const config = McpServersConfigSchema.parse(JSON.parse(text));
  expect(Object.keys(config.mcpServers)).toEqual([app.serverName]);
  const entry = config.mcpServers[app.serverName];
  if (entry === undefined) throw new Error(`${file} has no ${app.serverName}`);
  return { text, entry };
}

/**
 * `npx -y <package> ...`: nothing is published yet, so the package name maps to the bin of
 * the workspace package of that name (linked into this package's node_modules).
 */
async function resolveNpx(
  entry: StdioUpstreamConfig,
): Promise<{ command: string; args: string[] }> {
  const [flag, packageName, ...rest] = entry.args ?? [];
  expect(entry.command).toBe('npx');
  expect(flag).toBe('-y');
  const root = linkedPackage(packageName ?? '');
  const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
    name: string;
    bin: Record<string, string>;
  };
  expect(manifest.name).toBe(packageName);
  const bins = Object.values(manifest.bin);
  expect(bins).toHaveLength(1);
  return { command: process.execPath, args: [join(root, bins[0] ?? ''), ...rest] };
}

async function connect(transport: Transport): Promise<{ tools: string[]; close(): Promise<void> }> {
  const client = new Client({ name: 'x-interop-client-config', version: '0.1.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    return { tools: tools.map((tool) => tool.name), close: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}

async function connectStdio(
  entry: StdioUpstreamConfig,
): Promise<{ tools: string[]; close(): Promise<void> }> {
  const resolved =
    entry.command === 'npx'
      ? await resolveNpx(entry)
      : {
          command: entry.command === 'node' ? process.execPath : entry.command,
          args: (entry.args ?? []).map(fill),
        };
  return connect(new StdioClientTransport({ ...resolved, stderr: 'ignore' }));
}

describe.each(APPS)('the client configuration of $serverName', (app) => {
  it.each(['stdio-npx.json', 'stdio-local.json'])(
    'starts what %s names and lists its tools',
    async (file) => {
      const { entry } = await readSnippet(app, file);
      expect(entry.type).toBe('stdio');
      const stdio = entry as StdioUpstreamConfig;
      const session = await connectStdio({ ...stdio, args: (stdio.args ?? []).map(fill) });
      try {
        expect(session.tools).toContain(app.tool);
      } finally {
        await session.close();
      }
    },
  );

  it('reaches the app served with --http at the URL http.json names (port aside)', async () => {
    const { entry } = await readSnippet(app, 'http.json');
    expect(entry.type).toBe('http');
    const url = new URL((entry as HttpUpstreamConfig).url);
    expect([url.hostname, url.pathname]).toEqual(['127.0.0.1', '/mcp']);
    const local = (await readSnippet(app, 'stdio-local.json')).entry as StdioUpstreamConfig;
    const started = await startTarget({
      name: app.serverName,
      command: process.execPath,
      args: [...(local.args ?? []).map(fill), '--http', '127.0.0.1:0'],
    });
    try {
      url.port = started.url.port;
      const session = await connect(new StreamableHTTPClientTransport(url));
      try {
        expect(session.tools).toContain(app.tool);
      } finally {
        await session.close();
      }
    } finally {
      await started.stop();
    }
  });

  it('shows every snippet verbatim in the README', async () => {
    const readme = await readFile(join(REPOSITORY_ROOT, 'apps', app.folder, 'README.md'), 'utf8');
    for (const file of SNIPPETS) {
      const { text } = await readSnippet(app, file);
      expect(readme, `${app.folder}/README.md lacks ${file}`).toContain(
        `\`\`\`json\n${text}\`\`\``,
      );
    }
  });
});
