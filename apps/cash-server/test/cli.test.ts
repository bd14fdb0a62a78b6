import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, EXAMPLES, type HttpProcess, PATH_WITH_BINS, startHttp, text } from './helpers.js';

const run = promisify(execFile);
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'x-cash-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('x-cash processes', () => {
  it('prints usage and exits 2 for a bad command line', async () => {
    const failure = await run(process.execPath, [CLI, 'serve']).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain('Usage:');
  });

  it('names the missing folder of --db and exits 1, without a stack trace', async () => {
    const path = join(directory, 'missing', 'x.db');
    const failure = await run(process.execPath, [CLI, 'demo', '--db', path]).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({
      code: 1,
      stderr: `x-cash: --db ${path}: the folder ${join(directory, 'missing')} does not exist; create it first\n`,
    });
  });

  it('serves the demo over HTTP with the manifest and roles from bearer tokens', async () => {
    const tokens = join(directory, 'tokens.json');
    await writeFile(
      tokens,
      JSON.stringify({ 'viewer-token-0123456789': 'viewer', 'admin-token-0123456789': 'admin' }),
    );
    const server: HttpProcess = await startHttp([
      'demo',
      '--db',
      join(directory, 'shop.db'),
      '--tokens',
      tokens,
    ]);
    try {
      const manifest = await fetch(new URL('/.well-known/cash-mcp.yaml', server.url));
      expect(manifest.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
      expect(await manifest.text()).toContain(`endpoint: ${server.url.href}`);
      const functions = async (token: string) => {
        const client = new Client({ name: 'x-cash-test', version: '0.0.0' });
        await client.connect(
          new StreamableHTTPClientTransport(server.url, {
            requestInit: { headers: { authorization: `Bearer ${token}` } },
          }),
        );
        const answer = text(
          await client.callTool({ name: 'help', arguments: { namespace: 'orders' } }),
        );
        await client.close();
        return answer;
      };
      expect(await functions('admin-token-0123456789')).toContain('**create**');
      expect(await functions('viewer-token-0123456789')).not.toContain('**create**');
    } finally {
      await server.stop();
    }
  });

  it('puts the official servers of the example config behind three tools over stdio', async () => {
    const client = new Client({ name: 'x-cash-test', version: '0.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'aggregate', '--config', join(EXAMPLES, 'mcp.json')],
        env: { PATH: PATH_WITH_BINS },
        stderr: 'ignore',
      }),
    );
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        'call',
        'help',
        'skill',
      ]);
      const index = text(await client.callTool({ name: 'help', arguments: {} }));
      for (const label of ['filesystem', 'memory', 'everything'])
        expect(index).toContain(`- **${label}** — `);
      const file = await client.callTool({
        name: 'call',
        arguments: {
          namespace: 'filesystem',
          function: 'read_text_file',
          kwargs: { path: join(EXAMPLES, 'sandbox', 'hello.txt') },
        },
      });
      expect(text(file)).toContain('Hello from the x-cash example sandbox.');
      const echo = await client.callTool({
        name: 'call',
        arguments: { namespace: 'everything', function: 'echo', kwargs: { message: 'hi' } },
      });
      expect(text(echo)).toContain('hi');
    } finally {
      await client.close();
    }
  });
});
