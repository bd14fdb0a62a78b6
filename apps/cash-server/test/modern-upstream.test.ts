/**
 * `x-cash aggregate` over a 2026-07-28-only upstream (an SDK v2 server that refuses 2025
 * traffic) over stdio and over Streamable HTTP: its function is listed and called.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startModernOnly, useScratch } from '@x/test-kit';
import { describe, expect, it } from 'vitest';
import { startHttp, text } from './helpers.js';

/** Two processes start per test (the app, and the upstream it spawns or reaches). */
const STARTUP_TIMEOUT_MS = 90_000;

const scratch = useScratch('x-cash-modern-');

describe.each(['stdio', 'http'] as const)(
  'x-cash aggregate over a 2026-07-28-only upstream (%s)',
  (transport) => {
    it(
      'lists and calls its function',
      async () => {
        const upstream = await startModernOnly(transport);
        scratch.cleanups.push(() => upstream.close());
        const config = join(scratch.folder, `mcp-${transport}.json`);
        await writeFile(config, JSON.stringify({ mcpServers: { modern: upstream.entry } }));
        const cash = await startHttp(['aggregate', '--config', config]);
        scratch.cleanups.push(() => cash.stop());
        const client = new Client({ name: 'cash-modern-upstream', version: '0.0.0' });
        await client.connect(new StreamableHTTPClientTransport(cash.url));
        scratch.cleanups.push(() => client.close());
        const help = await client.callTool({ name: 'help', arguments: { namespace: 'modern' } });
        expect(text(help)).toContain('echo');
        const echoed = await client.callTool({
          name: 'call',
          arguments: {
            namespace: 'modern',
            function: 'echo',
            kwargs: { text: `x-cash over ${transport}` },
          },
        });
        expect(echoed.isError).toBeFalsy();
        expect(text(echoed)).toContain(`x-cash over ${transport}`);
      },
      STARTUP_TIMEOUT_MS,
    );
  },
);
