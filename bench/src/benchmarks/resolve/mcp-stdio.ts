/**
 * What a client waits for: `context.resolve` over MCP stdio against a spawned
 * `x-context-cache serve`, through the SDK client.
 *
 * @module
 */

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { BeirQuery } from '../../datasets/beir.js';
import { BenchError } from '../../errors.js';
import { type LatencySummary, summarizeLatency } from '../../metrics/latency.js';

/** `context.resolve` over stdio: the server's start, its first call, the calls after it. */
export interface StdioOutcome extends LatencySummary {
  /** How many calls were timed after the first. */
  readonly calls: number;
  /** Spawning the server and the `initialize` exchange (ms). */
  readonly connectMs: number;
  /** The first call: the server verifies the cache and scores every document or builds the index (ms). */
  readonly firstMs: number;
}

/** The built `x-context-cache` entry point of the workspace. */
export function contextCacheCli(): string {
  const manifest = createRequire(import.meta.url).resolve('@x/context-cache-server/package.json');
  return join(dirname(manifest), 'dist', 'cli.js');
}

function textOf(result: CallToolResult): string {
  const [first] = result.content;
  return result.content.length === 1 && first?.type === 'text' ? first.text : '';
}

/**
 * Spawns `x-context-cache serve --root <cacheRoot>` (the 2025-11-25 era client the SDK
 * negotiates by default), then calls `context.resolve` once per query at `budget` with the
 * strategy named, timing each call as the client sees it; the first call (which finds the
 * cache unverified and no index for the strategy) is reported apart. Every answer must be
 * `expected(query)` byte for byte.
 *
 * @throws {@link BenchError} `SETUP` when the server is not built, a call fails or an answer differs.
 */
export async function timeResolveOverStdio(options: {
  readonly cacheRoot: string;
  readonly cache: string;
  readonly strategy: string;
  readonly queries: readonly BeirQuery[];
  readonly budget: number;
  readonly expected: (query: string) => string;
}): Promise<StdioOutcome> {
  const { cacheRoot, cache, strategy, queries, budget, expected } = options;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [contextCacheCli(), 'serve', '--root', cacheRoot],
    stderr: 'ignore',
  });
  const client = new Client({ name: 'x-bench', version: '0.1.0' });
  const connecting = performance.now();
  try {
    await client.connect(transport);
  } catch (error) {
    throw new BenchError({
      code: 'SETUP',
      message: `x-context-cache serve did not start (run pnpm build): ${String(error)}`,
    });
  }
  const connectMs = performance.now() - connecting;
  try {
    const latencies: number[] = [];
    for (const query of queries) {
      const started = performance.now();
      const result = (await client.callTool({
        name: 'context.resolve',
        arguments: { cache, query: query.text, budget, strategy },
      })) as CallToolResult;
      latencies.push(performance.now() - started);
      if (result.isError === true || textOf(result) !== expected(query.text)) {
        throw new BenchError({
          code: 'SETUP',
          message: `context.resolve over stdio and the selection disagree for query ${query._id} (${strategy}): ${textOf(result).slice(0, 200)}`,
        });
      }
    }
    const [firstMs = 0, ...rest] = latencies;
    return { calls: rest.length, connectMs, firstMs, ...summarizeLatency(rest) };
  } finally {
    await client.close();
  }
}
