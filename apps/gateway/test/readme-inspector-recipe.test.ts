/**
 * The README's Inspector recipe (issue 31): browse, execute and view on `examples/mcp.json`,
 * each step a connection of its own in the 2026-07-28 era as an Inspector CLI invocation is, with
 * the `tool_id`, arguments and selector the README gives. The Inspector itself drives the same
 * flow in interop/test/inspector.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayProcess, payload, startGateway } from './gateway-processes.js';

const app = fileURLToPath(new URL('..', import.meta.url));

/** The `--tool-args-json` of the README's `inspect` line of `tool`. */
function recipeArguments(readme: string, tool: string): Record<string, unknown> {
  const line = new RegExp(`--tool-name ${tool}(?: \\\\\\n\\s*)? --tool-args-json '([^']+)'`).exec(
    readme,
  )?.[1];
  if (line === undefined) throw new Error(`the README has no inspect line for ${tool}`);
  return JSON.parse(line) as Record<string, unknown>;
}

/** One call on a connection of its own, pinned to 2026-07-28, as one Inspector invocation. */
async function once(url: URL, name: string, args: Record<string, unknown>) {
  const client = new Client(
    { name: 'recipe', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new StreamableHTTPClientTransport(url));
  try {
    return await client.callTool({ name, arguments: args });
  } finally {
    await client.close();
  }
}

describe("the README's Inspector recipe", () => {
  let gateway: GatewayProcess | undefined;
  let readme = '';
  beforeAll(async () => {
    readme = await readFile(join(app, 'README.md'), 'utf8');
    gateway = await startGateway(join(app, 'examples', 'mcp.json'));
  }, 120_000);
  afterAll(async () => {
    await gateway?.stop();
  });

  it('browses, executes and views across separate 2026-07-28 connections', async () => {
    const url = (gateway as GatewayProcess).url;
    expect(readme).toContain('--protocol-era modern');
    const browseArgs = recipeArguments(readme, 'tool_browse');
    const executeArgs = recipeArguments(readme, 'tool_execute');
    const viewArgs = recipeArguments(readme, 'tool_view');
    const browsed = payload(await once(url, 'tool_browse', browseArgs));
    expect((browsed.cards as { id: string }[]).map((card) => card.id)).toContain(
      executeArgs.tool_id,
    );
    const executed = await once(url, 'tool_execute', executeArgs);
    const envelope = payload(executed) as {
      provenance: { firewall: string };
      artifacts: { handle: string; lines: number }[];
    };
    expect(envelope.provenance.firewall).toBe('artifact');
    expect(envelope.artifacts[0]?.lines).toBe(601);
    const handle = envelope.artifacts[0]?.handle as string;
    expect(handle).toMatch(/^art_[0-9a-f]{32}$/);
    const viewed = await once(url, 'tool_view', { ...viewArgs, handle });
    expect(viewed.isError).toBeUndefined();
    expect(payload(viewed)).toMatchObject({ handle, total: 12, unit: 'matches' });
  }, 120_000);
});
