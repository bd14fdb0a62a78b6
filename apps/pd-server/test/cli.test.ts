import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { useScratch } from '@x/test-kit';
import { describe, expect, it } from 'vitest';
import { BIN, CLI, type HttpProcess, startHttp } from './process-helpers.js';

const scratch = useScratch('x-pd-cli-', { perTest: true });

function text(result: unknown): string {
  const content = (result as CallToolResult).content[0];
  return content?.type === 'text' ? content.text : '';
}

async function writeOfficialConfig(): Promise<string> {
  const config = join(scratch.folder, 'mcp.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        filesystem: { command: join(BIN, 'mcp-server-filesystem'), args: [scratch.folder] },
        memory: {
          command: join(BIN, 'mcp-server-memory'),
          env: { MEMORY_FILE_PATH: join(scratch.folder, 'memory.jsonl') },
        },
        everything: { command: join(BIN, 'mcp-server-everything') },
      },
    }),
  );
  return config;
}

async function connectStdio(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, ...args],
    stderr: 'ignore',
  });
  const client = new Client({ name: 'x-pd-cli-test', version: '0.0.0' });
  await client.connect(transport);
  scratch.cleanups.push(() => client.close());
  return client;
}

async function connectHttp(server: HttpProcess): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(server.url);
  const client = new Client({ name: 'x-pd-cli-test', version: '0.0.0' });
  await client.connect(transport);
  scratch.cleanups.push(async () => {
    await transport.terminateSession().catch(() => {});
    await client.close();
  });
  return client;
}

describe('x-pd wrap over stdio, in front of the official servers', () => {
  it('reads a real file through filesystem only after reading its description', async () => {
    await writeFile(join(scratch.folder, 'report.txt'), 'quarterly numbers');
    const client = await connectStdio(['wrap', '--config', await writeOfficialConfig()]);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'filesystem__read_text_file',
        'memory__read_graph',
        'everything__echo',
      ]),
    );
    const read = () =>
      client.callTool({
        name: 'filesystem__read_text_file',
        arguments: { path: join(scratch.folder, 'report.txt') },
      });
    expect(JSON.parse(text(await read()))).toMatchObject({
      error: { code: 'TOOL_DESCRIPTION_REQUIRED' },
    });
    await client.readResource({
      uri: 'resource:///tool_descriptions?tools=filesystem__read_text_file',
    });
    expect(text(await read())).toBe('quarterly numbers');
  });
});

describe('the documented example', () => {
  it('serves examples/mcp.json with its descriptions: no warnings, guidance served, file read', async () => {
    const examples = fileURLToPath(new URL('../examples', import.meta.url));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        CLI,
        'wrap',
        '--config',
        join(examples, 'mcp.json'),
        '--descriptions',
        join(examples, 'descriptions'),
      ],
      env: { ...getDefaultEnvironment(), PATH: `${BIN}:${process.env.PATH ?? ''}` },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: 'x-pd-example-test', version: '0.0.0' });
    await client.connect(transport);
    scratch.cleanups.push(() => client.close());
    const body = await client.readResource({
      uri: 'resource:///tool_descriptions?tools=filesystem__read_text_file',
    });
    expect(JSON.stringify(body)).toContain('error_guidance');
    const result = await client.callTool({
      name: 'filesystem__read_text_file',
      arguments: { path: join(examples, 'sandbox', 'hello.txt') },
    });
    expect(text(result)).toContain('Hello from the x-pd example sandbox.');
    expect(stderr).not.toContain('warning');
  });
});

describe('x-pd over HTTP', () => {
  it('serves the demo with grants kept per HTTP session', async () => {
    const server = await startHttp(['demo']);
    scratch.cleanups.push(() => server.stop());
    const first = await connectHttp(server);
    const second = await connectHttp(server);
    await first.readResource({ uri: 'resource:///tool_descriptions?tools=notes_read' });
    expect(
      text(await first.callTool({ name: 'notes_read', arguments: { id: 'note-3' } })),
    ).toContain('Release checklist');
    expect(
      text(await second.callTool({ name: 'notes_read', arguments: { id: 'note-3' } })),
    ).toContain('TOOL_DESCRIPTION_REQUIRED');
  });

  it('stops cleanly on SIGTERM', async () => {
    const server = await startHttp(['demo']);
    expect(await server.stop()).toBe(0);
  });
});

describe('x-pd exit status', () => {
  const run = (args: string[]) =>
    spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 20_000 });

  it('exits 2 with the usage for a bad command line', () => {
    const result = run(['wrap']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('x-pd: wrap needs --config FILE');
    expect(result.stderr).toContain('Usage:');
  });

  it('exits 1 naming the file for a missing or invalid configuration', async () => {
    expect(run(['wrap', '--config', join(scratch.folder, 'none.json')]).stderr).toMatch(
      /none\.json.*file not found/,
    );
    const bad = join(scratch.folder, 'bad.json');
    await writeFile(bad, '{"mcpServers": {"x": {}}}');
    const result = run(['wrap', '--config', bad]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('bad.json');
  });

  it('measures both stages of the official servers, and exits 1 naming an upstream that does not start', async () => {
    const measured = run(['measure', '--config', await writeOfficialConfig()]);
    expect(measured.status).toBe(0);
    const figures = JSON.parse(measured.stdout) as Record<string, number>;
    expect(figures.tools).toBeGreaterThan(20);
    expect(figures.stageOneTokens).toBeLessThan((figures.fullTokens ?? 0) / 5);
    const missing = join(scratch.folder, 'missing.json');
    await writeFile(
      missing,
      JSON.stringify({
        mcpServers: { ghost: { command: join(scratch.folder, 'no-such-server') } },
      }),
    );
    const failed = run(['measure', '--config', missing]);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('upstream "ghost"');
  });

  it('prints the help and exits 0', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('x-pd wrap --config FILE');
  });
});
