/**
 * `x-gateway serve` in front of a 2026-07-28-only upstream (an SDK v2 server that refuses 2025
 * traffic) over stdio and over Streamable HTTP: browse finds its tool, execute reaches it.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startModernOnly, useScratch } from '@x/test-kit';
import { describe, expect, it } from 'vitest';
import { connectClient, payload, startGateway } from './gateway-processes.js';

/** Two processes start per test (the app, and the upstream it spawns or reaches). */
const STARTUP_TIMEOUT_MS = 90_000;

const scratch = useScratch('x-gateway-modern-');

describe.each(['stdio', 'http'] as const)(
  'x-gateway over a 2026-07-28-only upstream (%s)',
  (transport) => {
    it(
      'browses and executes its tool',
      async () => {
        const upstream = await startModernOnly(transport);
        scratch.cleanups.push(() => upstream.close());
        const config = join(scratch.folder, `mcp-${transport}.json`);
        await writeFile(config, JSON.stringify({ mcpServers: { modern: upstream.entry } }));
        const gateway = await startGateway(config);
        scratch.cleanups.push(() => gateway.stop());
        const client = await connectClient(gateway.url);
        scratch.cleanups.push(() => client.close());
        const browsed = await client.callTool({
          name: 'tool_browse',
          arguments: { query: 'echo text', top_k: 1 },
        });
        const cards = payload(browsed).cards as { id: string }[];
        expect(cards[0]?.id).toMatch(/^modern:echo#/);
        const executed = await client.callTool({
          name: 'tool_execute',
          arguments: { tool_id: cards[0]?.id, args: { text: `x-gateway over ${transport}` } },
        });
        expect(executed.isError).not.toBe(true);
        expect(JSON.stringify(payload(executed))).toContain(`x-gateway over ${transport}`);
      },
      STARTUP_TIMEOUT_MS,
    );
  },
);
