/**
 * Spawning the built `x-gateway` over HTTP in front of `x-catalog-server`
 * upstreams, for the two-instance and fault tests, and checking that no
 * process is left behind.
 */

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { stopProcessGroup } from '@x/test-kit';

/** The built `x-gateway` entry point (tests run after the build). */
export const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
/** The built `x-catalog-server` of `@x/core`. */
export const CATALOG_SERVER = fileURLToPath(
  new URL('../node_modules/@x/core/dist/catalog-server/bin.js', import.meta.url),
);

/** A running `x-gateway serve --http` process. */
export interface GatewayProcess {
  url: URL;
  child: ChildProcess;
  /** Stops the gateway and its upstreams (its process group). */
  stop(): Promise<number | null>;
  /** Resolves with the first stderr line that matches `pattern` (already written or to come). */
  waitForLine(pattern: RegExp): Promise<string>;
  /** Everything written to stderr so far. */
  stderr(): string;
}

/**
 * Starts `x-gateway serve --config CONFIG ARGS --http 127.0.0.1:0` in its own process group,
 * with `env` as its environment when given.
 */
export function startGateway(
  config: string,
  args: readonly string[] = [],
  env?: NodeJS.ProcessEnv,
): Promise<GatewayProcess> {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--config', config, ...args, '--http', '127.0.0.1:0', '--quiet'],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'], ...(env === undefined ? {} : { env }) },
  );
  const stop = () => stopProcessGroup(child);
  let stderr = '';
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const settleWaiting = () => {
    for (const entry of [...waiting]) {
      const line = stderr.split('\n').find((candidate) => entry.pattern.test(candidate));
      if (line === undefined) continue;
      waiting.splice(waiting.indexOf(entry), 1);
      entry.resolve(line);
    }
  };
  const waitForLine = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      waiting.push({ pattern, resolve });
      settleWaiting();
    });
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      settleWaiting();
      const match = /serving .* at (http:\/\/\S+)/.exec(stderr);
      if (match?.[1] !== undefined) {
        resolve({ url: new URL(match[1]), child, stop, waitForLine, stderr: () => stderr });
      }
    });
    child.once('exit', (code) => reject(new Error(`x-gateway exited with ${code}: ${stderr}`)));
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

/** The pids of processes whose command line mentions `marker` (a temp folder of the test). */
export function processesMentioning(marker: string): number[] {
  const output = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return output
    .split('\n')
    .filter((line) => line.includes(marker) && !line.includes('ps -eo'))
    .map((line) => Number.parseInt(line.trim(), 10))
    .filter((pid) => Number.isInteger(pid) && pid !== process.pid);
}
