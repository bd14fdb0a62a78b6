/**
 * The `gateway-browse` and `gateway-browse-hybrid` rows of `pnpm bench retrieval`:
 * `tool_browse(query)` over MCP with the lexical ranking pinned, and with `x-gateway serve`'s
 * default hybrid ranking, plus the hybrid's cold start: the first answer, the first fused answer
 * without a vector cache and with one (a second gateway over the same cache folder).
 *
 * @module
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDistilledEncoderProvider, type EmbeddingProvider } from '@x/core/embeddings';
import type { RunMode } from '../../benchmark.js';
import { BenchError } from '../../errors.js';
import type { RankerOutcome } from '../search/evaluate.js';
import type { RetrievalTask } from '../search/task.js';
import { appDefaultProvider, type BrowseClient, openBrowseClient } from './gateway-mcp.js';
import { evaluateAsyncSearch } from './hybrid.js';

/** The lexical row's name. */
export const GATEWAY_LEXICAL_RANKER = 'gateway-browse';

/** The hybrid row's name. */
export const GATEWAY_HYBRID_RANKER = 'gateway-browse-hybrid';

/** The name of the row with the distilled sentence encoder in place of the full one. */
export const GATEWAY_DISTILLED_RANKER = 'gateway-browse-distilled';

/** The most cards one browse may return (the gateway's `MAX_TOP_K`). */
const BROWSE_DEPTH = 50;

/** A request for the cold-start answers (any request does; this one is plain). */
const PROBE = 'find a tool for this task';

/** Whether the hybrid row runs: not under `--quick`, since it embeds every tool (minutes on one core). */
export function runsGatewayHybrid(mode: RunMode): boolean {
  return mode !== 'quick';
}

/** The in-process sentence encoder as `x-gateway serve` makes it by default. */
export function gatewayHybridProvider(): EmbeddingProvider {
  return appDefaultProvider();
}

/** The environment variable that turns the distilled row on (`1`): it adds minutes to a run. */
export const DISTILLED_SETUP = 'set X_BENCH_DISTILLED=1';

/**
 * The sentence encoder distilled into a token table (`createDistilledEncoderProvider`), measured
 * beside the full one through the same gateway when `X_BENCH_DISTILLED` is `1`: one instance,
 * so the table is distilled once per run.
 */
export function gatewayDistilledProvider(
  environment: NodeJS.ProcessEnv = process.env,
): EmbeddingProvider | undefined {
  return environment.X_BENCH_DISTILLED === '1' ? createDistilledEncoderProvider() : undefined;
}

/** The hybrid row's cold start, in milliseconds from opening the gateway. */
export interface ColdStart {
  /** Until the first browse answered (lexically, while the vectors are computed). */
  readonly firstAnswerMs: number;
  /** Until the first fused answer, with an empty vector cache. */
  readonly fusedWithoutCacheMs: number;
  /** Until the first fused answer of a second gateway over the filled cache. */
  readonly fusedWithCacheMs: number;
}

/** The hybrid row's outcome with its cold start. */
export interface GatewayHybridOutcome extends RankerOutcome {
  readonly coldStart: ColdStart;
}

/** Ranks every query of `task` through `tool_browse` over MCP with the lexical ranking pinned. */
export async function evaluateGatewayLexical(
  task: RetrievalTask,
  folder: string,
): Promise<RankerOutcome> {
  const client = await openBrowseClient(folder);
  try {
    return await evaluateAsyncSearch(task, GATEWAY_LEXICAL_RANKER, async (query) => {
      return (await client.browse(query, BROWSE_DEPTH)).names;
    });
  } finally {
    await client.close();
  }
}

/**
 * Ranks every query of `task` through `tool_browse` over MCP with the app's default hybrid
 * ranking (with `provider`), after measuring its cold start; every answer must be a fused one.
 */
export async function evaluateGatewayHybrid(
  task: RetrievalTask,
  folder: string,
  provider: EmbeddingProvider,
  ranker = GATEWAY_HYBRID_RANKER,
): Promise<GatewayHybridOutcome> {
  const cacheFolder = await mkdtemp(join(tmpdir(), 'x-bench-vectors-'));
  try {
    const start = performance.now();
    const client = await openBrowseClient(folder, { provider, cacheFolder });
    try {
      await client.browse(PROBE, 10);
      const firstAnswerMs = performance.now() - start;
      const fusedWithoutCacheMs = (await firstFused(client)) - start;
      const outcome = await evaluateAsyncSearch(task, ranker, async (query) => {
        const answer = await client.browse(query, BROWSE_DEPTH);
        if (answer.ranking !== 'hybrid') {
          throw new BenchError({
            code: 'SETUP',
            message: 'a browse after readiness was not fused',
          });
        }
        return answer.names;
      });
      const again = performance.now();
      const cached = await openBrowseClient(folder, { provider, cacheFolder });
      const fusedWithCacheMs = (await firstFused(cached)) - again;
      await cached.close();
      return { ...outcome, coldStart: { firstAnswerMs, fusedWithoutCacheMs, fusedWithCacheMs } };
    } finally {
      await client.close();
    }
  } finally {
    await rm(cacheFolder, { recursive: true, force: true });
  }
}

/** The time of the first fused answer: after the readiness report, one browse. */
async function firstFused(client: BrowseClient): Promise<number> {
  await client.ready;
  const answer = await client.browse(PROBE, 10);
  if (answer.ranking !== 'hybrid') {
    throw new BenchError({
      code: 'SETUP',
      message: 'the first browse after readiness was not fused',
    });
  }
  return performance.now();
}
