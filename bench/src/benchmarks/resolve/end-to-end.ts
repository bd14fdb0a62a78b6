import {
  type CacheDocument,
  type ContextStrategy,
  createSelectionIndexCache,
  resolveContext,
  selectContext,
  serializeSelectionResult,
} from '@x/context-cache';
import type { BeirQuery } from '../../datasets/beir.js';
import { BenchError } from '../../errors.js';
import { type LatencySummary, summarizeLatency } from '../../metrics/latency.js';

/** What `resolveContext` costs per call, cache lookup and integrity checks included. */
export interface EndToEndOutcome extends LatencySummary {
  /** How many calls were timed after the first. */
  readonly calls: number;
  /** The first call, which also builds the selection index (ms). */
  readonly firstMs: number;
}

/**
 * Times `resolveContext` (validate, find the cache in the root, verify every document, select)
 * for each query at `budget`, with a fresh index cache: the first call builds the selection
 * index and is reported apart, the others reuse it. Checks that each answer is byte-identical
 * to `selectContext` on the already loaded documents.
 *
 * @throws {@link BenchError} `SETUP` when the two disagree.
 */
export async function timeResolveContext(options: {
  cacheRoot: string;
  cache: string;
  documents: readonly CacheDocument[];
  strategy: ContextStrategy;
  queries: readonly BeirQuery[];
  budget: number;
}): Promise<EndToEndOutcome> {
  const { cacheRoot, cache, documents, strategy, queries, budget } = options;
  const latencies: number[] = [];
  const indexes = createSelectionIndexCache();
  for (const query of queries) {
    const started = performance.now();
    const result = await resolveContext(
      { cache, query: query.text, budget, strategy: strategy.name },
      { cacheRoot, strategies: [strategy], indexes },
    );
    latencies.push(performance.now() - started);
    const expected = selectContext(documents, query.text, budget, strategy);
    if (serializeSelectionResult(result) !== serializeSelectionResult(expected)) {
      throw new BenchError({
        code: 'SETUP',
        message: `resolveContext and selectContext disagree for query ${query._id} (${strategy.name})`,
      });
    }
  }
  const [firstMs = 0, ...rest] = latencies;
  return { calls: rest.length, firstMs, ...summarizeLatency(rest) };
}
