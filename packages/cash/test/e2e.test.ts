import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { MANIFEST_PATH, parseManifest } from '../src/index.js';
import { code, text } from './helpers.js';
import { fixturePath } from './upstream-helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

describe('a CaSH server in its own process', () => {
  it('serves help, a gated call and the call with the suggested sizelimit over stdio', async () => {
    const client = new Client({ name: 'e2e', version: '0.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [fixturePath('cash-server.mjs')],
      }),
    );
    cleanups.push(() => client.close());
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'call',
      'help',
      'skill',
    ]);
    expect(text(await call(client, 'help', {}))).toContain(
      '- **orders** — Create and manage customer orders.',
    );
    const gated = await call(client, 'call', { namespace: 'orders', function: 'list' });
    expect(code(gated)).toBe('GATED');
    expect(text(gated)).toContain('2000 orders');
    const sizelimit = (gated.structuredContent as { suggested_sizelimit: number })
      .suggested_sizelimit;
    const full = await call(client, 'call', { namespace: 'orders', function: 'list', sizelimit });
    expect(full.isError).toBeFalsy();
  });

  it('serves the manifest and role-dependent help over HTTP with bearer tokens', async () => {
    const child = spawn(process.execPath, [fixturePath('cash-server.mjs'), '--http'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    });
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const url = new URL(line.toString().trim());
    const manifest = await fetch(new URL(MANIFEST_PATH, url));
    expect(manifest.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(parseManifest(await manifest.text(), 'e2e').endpoint).toBe(url.href);
    const listing = async (token: string) => {
      const client = new Client({ name: 'e2e', version: '0.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(url, {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      cleanups.push(() => client.close());
      return text(await call(client, 'help', { namespace: 'orders' }));
    };
    expect(await listing('admin-token-0123456789')).toContain('**create**');
    expect(await listing('viewer-token-0123456789')).not.toContain('**create**');
  });
});
