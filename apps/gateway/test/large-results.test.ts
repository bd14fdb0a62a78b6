/**
 * Issue 20, finding 4: a large upstream result through the built `x-gateway` over stdio. A 6 MB
 * file read from the official filesystem server becomes an artifact; one above the upstream's
 * `maxMessageBytes` fails that call with RESULT_TOO_LARGE, and the upstream process stays.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { descendantPids } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const app = fileURLToPath(new URL('..', import.meta.url));
const cli = join(app, 'dist', 'cli.js');
const filesystemServer = join(app, 'node_modules', '.bin', 'mcp-server-filesystem');
const SIX_MB = 6 * 1024 * 1024;

interface ToolResult {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

let folder: string;
let client: Client;
let transport: StdioClientTransport;

/** About 6 MB of numbered lines, with quotes and tabs that JSON escapes. */
function sixMegabytes(): string {
  const lines: string[] = [];
  let size = 0;
  for (let index = 1; size < SIX_MB; index += 1) {
    const line = `${index} "quoted"\tline of the large file\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join('');
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-gateway-large-'));
  await writeFile(join(folder, 'six.txt'), sixMegabytes());
  await writeFile(join(folder, 'small.txt'), 'a small file\n');
  const config = join(folder, 'mcp.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        files: { command: filesystemServer, args: [folder] },
        tight: { command: filesystemServer, args: [folder], maxMessageBytes: 1024 * 1024 },
      },
    }),
  );
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'serve', '--config', config, '--quiet'],
    stderr: 'ignore',
  });
  client = new Client({ name: 'large-results-test', version: '1.0.0' });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await rm(folder, { recursive: true, force: true });
});

async function readTextFileId(namespace: string): Promise<string> {
  const browse = (await client.callTool({
    name: 'tool_browse',
    arguments: { query: 'read text file contents', top_k: 10 },
  })) as ToolResult;
  const cards = (browse.structuredContent?.cards ?? []) as Array<{ id: string }>;
  const card = cards.find((candidate) => candidate.id.startsWith(`${namespace}:read_text_file#`));
  if (card === undefined) throw new Error(`no read_text_file card for ${namespace}`);
  return card.id;
}

function read(toolId: string, file: string): Promise<ToolResult> {
  return client.callTool({
    name: 'tool_execute',
    arguments: { tool_id: toolId, args: { path: join(folder, file) } },
  }) as Promise<ToolResult>;
}

describe('x-gateway and a large upstream result over stdio', () => {
  it('turns a 6 MB file into an artifact that tool_view reads', async () => {
    const executed = await read(await readTextFileId('files'), 'six.txt');
    expect(executed.isError).not.toBe(true);
    const envelope = executed.structuredContent as {
      artifacts: Array<{ handle: string; bytes: number }>;
      provenance: { firewall: string };
    };
    expect(envelope.provenance.firewall).toBe('artifact');
    expect(envelope.artifacts[0]?.bytes).toBeGreaterThanOrEqual(SIX_MB);
    const view = (await client.callTool({
      name: 'tool_view',
      arguments: { handle: envelope.artifacts[0]?.handle, selector: 'lines:100000-100001' },
    })) as ToolResult;
    expect(view.structuredContent).toMatchObject({
      text: '100000 "quoted"\tline of the large file\n100001 "quoted"\tline of the large file',
    });
  });

  it('fails a result above the upstream maxMessageBytes with RESULT_TOO_LARGE, keeps the upstream and serves its next call', async () => {
    const toolId = await readTextFileId('tight');
    expect((await read(toolId, 'small.txt')).isError).not.toBe(true);
    const before = descendantPids(transport.pid as number);
    const refused = await read(toolId, 'six.txt');
    expect(refused.isError).toBe(true);
    const text = JSON.stringify(refused.structuredContent);
    expect(text).toContain('RESULT_TOO_LARGE');
    expect(text).toContain('limit of 1048576 bytes');
    expect(text).toContain('maxMessageBytes');
    expect(refused.structuredContent).toMatchObject({ retryable: false });
    const after = await read(toolId, 'small.txt');
    expect(after.isError).not.toBe(true);
    expect(JSON.stringify(after)).toContain('a small file');
    expect(descendantPids(transport.pid as number)).toEqual(before);
  });
});
