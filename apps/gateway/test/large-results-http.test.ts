/**
 * Issue 20: a large result from an upstream reached over Streamable HTTP, through the built
 * `x-gateway` over stdio, in both protocol eras. A 6 MB answer becomes an artifact; one above the
 * entry's `maxMessageBytes` fails that call with RESULT_TOO_LARGE and the next call works.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type HttpFixture, LARGE_RESULT_HTTP_SERVER, startHttpFixture } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, payload } from './gateway-processes.js';

const MiB = 1024 * 1024;

interface ToolResult {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

let folder: string;
let upstream: HttpFixture;
let client: Client;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-gateway-large-http-'));
  upstream = await startHttpFixture(LARGE_RESULT_HTTP_SERVER);
  const url = upstream.url.href;
  const config = join(folder, 'mcp.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        legacy: { type: 'http', url, protocol: 'legacy' },
        modern: { type: 'http', url, protocol: 'modern' },
        tightlegacy: { type: 'http', url, protocol: 'legacy', maxMessageBytes: MiB },
        tightmodern: { type: 'http', url, protocol: 'modern', maxMessageBytes: MiB },
      },
    }),
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'serve', '--config', config, '--quiet'],
    stderr: 'ignore',
  });
  client = new Client({ name: 'large-results-http-test', version: '1.0.0' });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await upstream?.close();
  await rm(folder, { recursive: true, force: true });
});

async function toolIdOf(namespace: string, tool: string, query: string): Promise<string> {
  const browse = await client.callTool({ name: 'tool_browse', arguments: { query, top_k: 20 } });
  const cards = (payload(browse).cards ?? []) as Array<{ id: string }>;
  const card = cards.find((candidate) => candidate.id.startsWith(`${namespace}:${tool}#`));
  if (card === undefined) throw new Error(`no ${tool} card for ${namespace}`);
  return card.id;
}

function execute(toolId: string, args: Record<string, unknown>): Promise<ToolResult> {
  return client.callTool({
    name: 'tool_execute',
    arguments: { tool_id: toolId, args },
  }) as Promise<ToolResult>;
}

describe.each(['legacy', 'modern'] as const)(
  'x-gateway and a large result over HTTP (%s era)',
  (era) => {
    it('turns a 6 MiB answer into an artifact', async () => {
      const executed = await execute(await toolIdOf(era, 'blob', 'large text'), { bytes: 6 * MiB });
      expect(executed.isError).not.toBe(true);
      const envelope = executed.structuredContent as {
        artifacts: Array<{ bytes: number }>;
        provenance: { firewall: string };
      };
      expect(envelope.provenance.firewall).toBe('artifact');
      expect(envelope.artifacts[0]?.bytes).toBeGreaterThanOrEqual(6 * MiB);
    });

    it('fails an answer above the entry maxMessageBytes with RESULT_TOO_LARGE and serves the next call', async () => {
      const tight = `tight${era}`;
      const refused = await execute(await toolIdOf(tight, 'blob', 'large text'), {
        bytes: 2 * MiB,
      });
      expect(refused.isError).toBe(true);
      const text = JSON.stringify(refused.structuredContent);
      expect(text).toContain('RESULT_TOO_LARGE');
      expect(text).toContain(`limit of ${MiB} bytes`);
      expect(text).toContain('maxMessageBytes');
      expect(refused.structuredContent).toMatchObject({ retryable: false });
      const after = await execute(await toolIdOf(tight, 'echo', 'echoes text'), {
        text: 'still here',
      });
      expect(after.isError).not.toBe(true);
      expect(JSON.stringify(after)).toContain('still here');
    });
  },
);
