/**
 * End to end with a client nobody on this project wrote: the MCP Inspector CLI (0.15.0).
 *
 * The inspector CLI runs one method per invocation, each in a new MCP session. So it shows
 * listing, a call refused without a grant, a description read, and that a later invocation (a
 * new session) is still ungranted; the grant followed by a successful call within one session
 * is shown with an SDK client against the same `x-pd` process.
 */

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, CLI, type HttpProcess, startHttp } from './process-helpers.js';

const run = promisify(execFile);
const INSPECTOR = join(BIN, 'mcp-inspector');

async function inspect(args: string[]): Promise<unknown> {
  const { stdout } = await run(INSPECTOR, ['--cli', ...args], { timeout: 60_000 });
  return JSON.parse(stdout) as unknown;
}

function firstText(result: unknown): string {
  const content = (result as CallToolResult).content[0];
  return content?.type === 'text' ? content.text : '';
}

let server: HttpProcess;

beforeAll(async () => {
  server = await startHttp(['demo']);
});

afterAll(async () => {
  await server.stop();
});

describe('MCP Inspector CLI against x-pd demo', () => {
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
    expect(listed.tools[0]?.inputSchema).toEqual({ type: 'object', additionalProperties: true });
  });

  it('lists, is refused without a grant, reads a description, and a new session is still ungranted', async () => {
    const http = [server.url.href, '--transport', 'http'];
    const listed = (await inspect([...http, '--method', 'tools/list'])) as { tools: unknown[] };
    expect(listed.tools).toHaveLength(12);

    const call = ['--method', 'tools/call', '--tool-name', 'notes_read', '--tool-arg', 'id=note-3'];
    const refused = await inspect([...http, ...call]);
    expect((refused as CallToolResult).isError).toBe(true);
    expect(JSON.parse(firstText(refused))).toEqual({
      error: {
        code: 'TOOL_DESCRIPTION_REQUIRED',
        message: "Tool 'notes_read' requires fetching its description before use.",
        resource_uri: 'resource:///tool_descriptions?tools=notes_read',
      },
    });

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

  it('grants within one session: read, then the call works, while the inspector session is ungranted', async () => {
    const transport = new StreamableHTTPClientTransport(server.url);
    const client = new Client({ name: 'one-session', version: '0.0.0' });
    await client.connect(transport);
    try {
      const call = () => client.callTool({ name: 'notes_read', arguments: { id: 'note-3' } });
      expect(firstText(await call())).toContain('TOOL_DESCRIPTION_REQUIRED');
      await client.readResource({ uri: 'resource:///tool_descriptions?tools=notes_read' });
      expect(JSON.parse(firstText(await call()))).toMatchObject({ title: 'Release checklist' });
      const other = await inspect([
        server.url.href,
        '--transport',
        'http',
        '--method',
        'tools/call',
        '--tool-name',
        'notes_read',
        '--tool-arg',
        'id=note-3',
      ]);
      expect(firstText(other)).toContain('TOOL_DESCRIPTION_REQUIRED');
    } finally {
      await transport.terminateSession().catch(() => {});
      await client.close();
    }
  });
});
