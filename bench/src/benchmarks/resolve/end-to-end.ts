import {
  type ContextStrategy,
  createSelectionIndexCache,
  createVerifiedCacheStore,
  resolveContext,
  type SelectionIndex,
  serializeSelectionResult,
} from '@x/context-cache';
import type { BeirQuery } from '../../datasets/beir.js';
import { BenchError } from '../../errors.js';
import { type LatencySummary, summarizeLatency, timed } from '../../metrics/latency.js';

/** What `resolveContext` costs per call, cache lookup and integrity checks included. */
export interface EndToEndOutcome extends LatencySummary {
  /** How many calls were timed after the first. */
  readonly calls: number;
  /** The first call, which verifies the cache and scores every document or builds the index (ms). */
  readonly firstMs: number;
}

/**
 * The selection alone at `budget` on an index already built (`SelectionIndex.select`), for
 * every query but the first (the calls the end-to-end figures time).
 */
export function timeSelection(
  index: SelectionIndex,
  queries: readonly BeirQuery[],
  budget: number,
): LatencySummary {
  return summarizeLatency(
    queries.slice(1).map((query) => timed(() => index.select(query.text, budget)).milliseconds),
  );
}

/**
 * Times `resolveContext` in this process (validate, find the cache in the root, verify it
 * unless it is known unchanged, select) for each query at `budget`, with a fresh store of
 * verified caches and a fresh index cache: the first call verifies the cache (and scores every
 * document or builds the index) and is reported apart, the others are answered from memory. Each answer must be `expected(query)`
 * (the serialized selection) byte for byte.
 *
 * @throws {@link BenchError} `SETUP` when they disagree.
 */
export async function timeResolveContext(options: {
  cacheRoot: string;
  cache: string;
  strategy: ContextStrategy;
  queries: readonly BeirQuery[];
  budget: number;
  expected: (query: string) => string;
}): Promise<EndToEndOutcome> {
  const { cacheRoot, cache, strategy, queries, budget, expected } = options;
  const latencies: number[] = [];
  const indexes = createSelectionIndexCache();
  const caches = createVerifiedCacheStore();
  try {
    for (const query of queries) {
      const started = performance.now();
      const result = await resolveContext(
        { cache, query: query.text, budget, strategy: strategy.name },
        { cacheRoot, strategies: [strategy], indexes, caches },
      );
      latencies.push(performance.now() - started);
      if (serializeSelectionResult(result) !== expected(query.text)) {
        throw new BenchError({
          code: 'SETUP',
          message: `resolveContext and the selection disagree for query ${query._id} (${strategy.name})`,
        });
      }
    }
  } finally {
    caches.close();
  }
  const [firstMs = 0, ...rest] = latencies;
  return { calls: rest.length, firstMs, ...summarizeLatency(rest) };
}
