/**
 * End to end: the built `x-gateway` in front of the official everything,
 * filesystem and memory servers, driven by the MCP Inspector 0.15.0: its CLI
 * (one session per invocation) and its proxy server, which holds one session
 * across calls as it does for the Inspector UI, for the firewall + `tool_view`
 * flow that needs one session.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type InspectorTarget,
  type InspectorProxy as ProxyOf,
  startInspectorProxy,
  stopProcessGroup,
} from '../../../scripts/inspector-proxy.mjs';

type InspectorProxy = ProxyOf<Client>;

const run = promisify(execFile);
const app = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => join(app, 'node_modules', '.bin', name);
const cli = join(app, 'dist', 'cli.js');

interface ToolResult {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}
interface Card {
  id: string;
  name: string;
}
interface Envelope {
  status: string;
  summary: string;
  artifacts: Array<{ handle: string; lines: number }>;
  views: Array<{ selector: string }>;
  provenance: { firewall: string };
}

let folder: string;
let sandbox: string;
let configPath: string;
let gateway: ChildProcess | undefined;
let url: string;

/** Runs the Inspector CLI against `target` (a URL or an inspector config) and parses its JSON answer. */
async function inspector(
  target: string[],
  method: string[],
): Promise<ToolResult & { tools?: unknown[] }> {
  const { stdout } = await run(bin('mcp-inspector'), ['--cli', ...target, ...method], {
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout);
}

function callTool(name: string, args: Record<string, string>) {
  return inspector(
    [url, '--transport', 'http'],
    [
      '--method',
      'tools/call',
      '--tool-name',
      name,
      ...Object.entries(args).flatMap(([key, value]) => ['--tool-arg', `${key}=${value}`]),
    ],
  );
}

/**
 * Starts the built gateway over HTTP on an ephemeral port, in a process group of its own (it and
 * its upstreams stop together), and waits for its URL.
 */
function startGateway(): Promise<string> {
  const child = spawn(
    process.execPath,
    [cli, 'serve', '--config', configPath, '--http', '127.0.0.1:0', '--quiet'],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  gateway = child;
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (found?.[1] !== undefined) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`x-gateway exited with ${code}: ${stderr}`)));
  });
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-gateway-e2e-'));
  sandbox = join(folder, 'sandbox');
  await mkdir(sandbox);
  await writeFile(join(sandbox, 'notes.txt'), 'The gateway read this file.\n');
  const log = Array.from(
    { length: 3_000 },
    (_, index) => `${index + 1} ${index % 50 === 0 ? 'ALERT' : 'ok'} request served`,
  );
  await writeFile(join(sandbox, 'big.log'), `${log.join('\n')}\n`);
  configPath = join(folder, 'mcp.json');
  await writeFile(
    configPath,
    JSON.stringify({
      mcpServers: {
        everything: { command: bin('mcp-server-everything') },
        filesystem: { command: bin('mcp-server-filesystem'), args: [sandbox] },
        memory: {
          command: bin('mcp-server-memory'),
          env: { MEMORY_FILE_PATH: join(folder, 'memory.jsonl') },
        },
      },
    }),
  );
  url = await startGateway();
}, 60_000);

afterAll(async () => {
  if (gateway !== undefined) await stopProcessGroup(gateway);
  await rm(folder, { recursive: true, force: true });
});

const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const cardIds = new Map<string, string>();

/** The id of the card named `name` among the top 5 for `query`, browsed once through the inspector. */
async function cardId(query: string, name: string): Promise<string> {
  const known = cardIds.get(name);
  if (known !== undefined) return known;
  const result = await callTool('tool_browse', { query, top_k: '5' });
  const cards = (result.structuredContent?.cards ?? []) as Card[];
  const card = cards.find((candidate) => candidate.name === name);
  if (card === undefined) throw new Error(`no ${name} card for "${query}"`);
  cardIds.set(name, card.id);
  return card.id;
}

describe('x-gateway in front of the official servers, through the MCP Inspector CLI', () => {
  it('serves exactly three meta-tools over stdio by default', async () => {
    const inspectorConfig = join(folder, 'inspector.json');
    await writeFile(
      inspectorConfig,
      JSON.stringify({
        mcpServers: {
          gateway: {
            command: process.execPath,
            args: [cli, 'serve', '--config', configPath, '--quiet'],
          },
        },
      }),
    );
    const listed = await inspector(
      ['--config', inspectorConfig, '--server', 'gateway'],
      ['--method', 'tools/list'],
    );
    expect((listed.tools as Array<{ name: string }>).map((tool) => tool.name)).toEqual([
      'tool_browse',
      'tool_execute',
      'tool_view',
    ]);
  });

  it('browses by query and by path', async () => {
    const byQuery = await callTool('tool_browse', {
      query: 'create entities in the knowledge graph',
      top_k: '3',
    });
    const cards = byQuery.structuredContent?.cards as Card[];
    expect(cards[0]?.id).toMatch(/^memory:create_entities#[0-9a-f]{8}$/);
    expect(byQuery.content[0]?.text?.split('\n')[0]).toBe(
      '3 tools, best first. Run one with tool_execute(tool_id, args):',
    );
    const byPath = await callTool('tool_browse', { path: '/' });
    expect(((byPath.structuredContent?.cards ?? []) as Card[]).map((card) => card.id)).toEqual([
      '/everything',
      '/filesystem',
      '/memory',
    ]);
  });

  it('writes and reads a real file through tool_execute', async () => {
    const writeId = await cardId('write a new file', 'write_file');
    const written = await callTool('tool_execute', {
      tool_id: writeId,
      args: JSON.stringify({
        path: join(sandbox, 'written.txt'),
        content: 'written through the gateway',
      }),
    });
    expect((written.structuredContent as unknown as Envelope).status).toBe('ok');
    expect(await readFile(join(sandbox, 'written.txt'), 'utf8')).toBe(
      'written through the gateway',
    );

    const readId = await cardId('read text file contents', 'read_text_file');
    const read = await callTool('tool_execute', {
      tool_id: readId,
      args: JSON.stringify({ path: join(sandbox, 'notes.txt') }),
    });
    expect(read.structuredContent).toMatchObject({
      status: 'ok',
      summary: 'The gateway read this file.\n',
      provenance: { firewall: 'inline', upstream_name: 'read_text_file' },
    });
  });

  it('refuses arguments that break the schema before the upstream sees them', async () => {
    const readId = await cardId('read text file contents', 'read_text_file');
    const refused = await callTool('tool_execute', {
      tool_id: readId,
      args: JSON.stringify({ file: 'x' }),
    });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ error: 'ARGS_INVALID', retryable: false });
  });

  it('firewalls a large result into an envelope with an artifact', async () => {
    const readId = await cardId('read text file contents', 'read_text_file');
    const result = await callTool('tool_execute', {
      tool_id: readId,
      args: JSON.stringify({ path: join(sandbox, 'big.log') }),
    });
    const envelope = result.structuredContent as unknown as Envelope;
    expect(envelope.provenance.firewall).toBe('artifact');
    expect(envelope.artifacts[0]).toMatchObject({ lines: 3_001 });
    expect(envelope.summary.startsWith('1 ALERT request served\n2 ok request served')).toBe(true);
    expect(JSON.stringify(result).length).toBeLessThan(4_000);
  });
});

async function startProxy(): Promise<InspectorProxy> {
  const proxy = await startInspectorProxy({
    resolveFrom: import.meta.url,
    Client,
    Transport: StreamableHTTPClientTransport,
  });
  cleanups.push(() => proxy.stop());
  return proxy;
}

/**
 * In one Inspector session: browse, execute a read whose large result the firewall turns into an
 * artifact, then `tool_view` on that artifact's handle twice.
 */
async function firewallFlowInOneSession(proxy: InspectorProxy, target: InspectorTarget) {
  const { client } = await proxy.connect(target);
  const browse = (await client.callTool({
    name: 'tool_browse',
    arguments: { query: 'read text file contents', top_k: 5 },
  })) as ToolResult;
  const readId = ((browse.structuredContent?.cards ?? []) as Card[]).find(
    (card) => card.name === 'read_text_file',
  )?.id;
  expect(readId).toMatch(/^filesystem:read_text_file#[0-9a-f]{8}$/);
  const executed = (await client.callTool({
    name: 'tool_execute',
    arguments: { tool_id: readId, args: { path: join(sandbox, 'big.log') } },
  })) as ToolResult;
  const envelope = executed.structuredContent as unknown as Envelope;
  expect(envelope.provenance.firewall).toBe('artifact');
  const handle = envelope.artifacts[0]?.handle as string;
  const lines = (await client.callTool({
    name: 'tool_view',
    arguments: { handle, selector: 'lines:2000-2002' },
  })) as ToolResult;
  expect(lines.structuredContent).toMatchObject({
    text: '2000 ok request served\n2001 ALERT request served\n2002 ok request served',
    total: 3_001,
  });
  const alerts = (await client.callTool({
    name: 'tool_view',
    arguments: { handle, selector: 'grep:ALERT' },
  })) as ToolResult;
  expect(alerts.structuredContent).toMatchObject({ total: 60, unit: 'matches' });
  return handle;
}

describe('x-gateway firewall and tool_view in one session (MCP Inspector proxy)', () => {
  it('browses, executes, firewalls and views the artifact over Streamable HTTP; another session cannot view it', async () => {
    const proxy = await startProxy();
    const target: InspectorTarget = { transport: 'streamable-http', url: new URL(url) };
    const handle = await firewallFlowInOneSession(proxy, target);
    const other = await proxy.connect(target);
    const foreign = (await other.client.callTool({
      name: 'tool_view',
      arguments: { handle, selector: 'lines:1-2' },
    })) as ToolResult;
    expect(foreign.isError).toBe(true);
  });

  it('does the same with the gateway over stdio, as the Inspector UI starts it', async () => {
    const proxy = await startProxy();
    await firewallFlowInOneSession(proxy, {
      transport: 'stdio',
      command: process.execPath,
      args: [cli, 'serve', '--config', configPath, '--quiet'],
    });
  });
});

describe('x-gateway browse', () => {
  it('prints the cards a model would see, for the example configuration of the repo', async () => {
    const { stdout } = await run(
      process.execPath,
      [cli, 'browse', '--config', join(app, 'examples', 'mcp.json'), '--path', '/'],
      { timeout: 60_000 },
    );
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      '3 entries. Browse an internal id as a path, or run a tool with tool_execute:',
    );
    expect(lines.slice(1).map((line) => line.split(':')[0])).toEqual([
      '/everything',
      '/filesystem',
      '/memory',
    ]);
  });

  it('exits with status 2 and the usage for a bad command line', async () => {
    const failed = await run(process.execPath, [cli, 'browse', '--config', configPath]).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage:') });
  });
});
