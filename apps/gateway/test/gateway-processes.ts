/**
 * Spawning the built `x-gateway` over HTTP in front of `x-catalog-server`
 * upstreams, for the two-instance and fault tests, and checking that no
 * process is left behind.
 */

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type AppProcess, startApp } from '@x/test-kit';

/** The built `x-gateway` entry point (tests run after the build). */
export const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
/** The built `x-catalog-server` of `@x/core`. */
export const CATALOG_SERVER = fileURLToPath(
  new URL('../node_modules/@x/core/dist/catalog-server/bin.js', import.meta.url),
);

/** A running `x-gateway serve --http` process; `stop` ends its process group (its upstreams too). */
export type GatewayProcess = AppProcess;

/**
 * Starts `x-gateway serve --config CONFIG ARGS --http 127.0.0.1:0` in its own process group,
 * with `env` as its environment when given.
 */
export function startGateway(
  config: string,
  args: readonly string[] = [],
  env?: NodeJS.ProcessEnv,
): Promise<GatewayProcess> {
  return startApp(CLI, ['serve', '--config', config, ...args, '--http', '127.0.0.1:0', '--quiet'], {
    name: 'x-gateway',
    processGroup: true,
    ...(env === undefined ? {} : { env }),
  });
}

/** The tools of the test catalog: `work` echoes `n`, `note` echoes `text`. */
export const CATALOG = [
  {
    name: 'work',
    description: 'Does some numbered work and reports it.',
    inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
  },
  {
    name: 'note',
    description: 'Writes a short note of text.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  },
];

/** Writes the catalog and an mcpServers file with one catalog-server upstream `jobs`. */
export async function writeGatewayConfig(
  folder: string,
  gateway: Record<string, unknown> = {},
  catalogArgs: readonly string[] = [],
  tools: readonly Record<string, unknown>[] = CATALOG,
): Promise<string> {
  const catalog = join(folder, 'catalog.json');
  await writeFile(catalog, JSON.stringify(tools));
  const config = join(folder, `mcp-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        jobs: {
          command: process.execPath,
          args: [CATALOG_SERVER, '--catalog', catalog, ...catalogArgs],
          timeoutMs: 1_500,
        },
      },
      // Lexical unless a test asks for hybrid ranking: the encoder would only cost other tests time.
      'x-gateway': { ranking: 'lexical', ...gateway },
    }),
  );
  return config;
}

/** Connects an MCP client to `url`; with `sessionId`, joins that session without initializing. */
export async function connectClient(url: URL, sessionId?: string): Promise<Client> {
  const client = new Client({ name: 'gateway-test', version: '0.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(url, sessionId === undefined ? {} : { sessionId }),
  );
  return client;
}

/** The structured content of a tool result, else its parsed JSON text (envelope, error payload, view). */
export function payload(result: unknown): Record<string, unknown> {
  const { structuredContent } = result as CallToolResult;
  if (structuredContent !== undefined && structuredContent !== null)
    return structuredContent as Record<string, unknown>;
  const first = (result as CallToolResult).content[0];
  const text = first?.type === 'text' ? first.text : '{}';
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { text };
  }
}
