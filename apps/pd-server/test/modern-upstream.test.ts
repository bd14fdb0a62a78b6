/**
 * `x-pd wrap` in front of a 2026-07-28-only upstream (an SDK v2 server that refuses 2025
 * traffic) over stdio and over Streamable HTTP: its tool is listed, refused until its
 * description is read, then called.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startModernOnly, useScratch } from '@x/test-kit';
import { describe, expect, it } from 'vitest';
import { startHttp } from './process-helpers.js';

/** Two processes start per test (the app, and the upstream it spawns or reaches). */
const STARTUP_TIMEOUT_MS = 90_000;

const scratch = useScratch('x-pd-modern-');

function text(result: unknown): string {
  const content = (result as CallToolResult).content[0];
  return content?.type === 'text' ? content.text : '';
}

describe.each(['stdio', 'http'] as const)(
  'x-pd wrap over a 2026-07-28-only upstream (%s)',
  (transport) => {
    it(
      'lists its tool and calls it once its description was read',
      async () => {
        const upstream = await startModernOnly(transport);
        scratch.cleanups.push(() => upstream.close());
        const config = join(scratch.folder, `mcp-${transport}.json`);
        await writeFile(config, JSON.stringify({ mcpServers: { modern: upstream.entry } }));
        const wrap = await startHttp(['wrap', '--config', config]);
        scratch.cleanups.push(() => wrap.stop());
        const client = new Client({ name: 'pd-modern-upstream', version: '0.0.0' });
        await client.connect(new StreamableHTTPClientTransport(wrap.url));
        scratch.cleanups.push(() => client.close());
        expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['modern__echo']);
        const call = () =>
          client.callTool({ name: 'modern__echo', arguments: { text: `x-pd over ${transport}` } });
        expect(text(await call())).toContain('TOOL_DESCRIPTION_REQUIRED');
        await client.readResource({ uri: 'resource:///tool_descriptions?tools=modern__echo' });
        expect(text(await call())).toBe(`x-pd over ${transport}`);
      },
      STARTUP_TIMEOUT_MS,
    );
  },
);
