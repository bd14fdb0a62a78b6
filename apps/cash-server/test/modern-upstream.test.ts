/**
 * `x-cash aggregate` over a 2026-07-28-only upstream (an SDK v2 server that refuses 2025
 * traffic) over stdio and over Streamable HTTP: its function is listed and called.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startModernOnly } from '../../../scripts/modern-only-upstream.mjs';
import { startHttp, text } from './helpers.js';

/** Two processes start per test (the app, and the upstream it spawns or reaches). */
const STARTUP_TIMEOUT_MS = 90_000;

let folder: string;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-cash-modern-'));
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe.each(['stdio', 'http'] as const)(
  'x-cash aggregate over a 2026-07-28-only upstream (%s)',
  (transport) => {
    it(
      'lists and calls its function',
      async () => {
        const upstream = await startModernOnly(transport);
        cleanups.push(() => upstream.close());
        const config = join(folder, `mcp-${transport}.json`);
        await writeFile(config, JSON.stringify({ mcpServers: { modern: upstream.entry } }));
        const cash = await startHttp(['aggregate', '--config', config]);
        cleanups.push(() => cash.stop());
        const client = new Client({ name: 'cash-modern-upstream', version: '0.0.0' });
        await client.connect(new StreamableHTTPClientTransport(cash.url));
        cleanups.push(() => client.close());
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
