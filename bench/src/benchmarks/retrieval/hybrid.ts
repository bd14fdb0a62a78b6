/**
 * The hybrid row of `pnpm bench retrieval`: the core lexical ranker fused with an embedding
 * provider (`@x/core/embeddings`), when one is configured in the environment.
 *
 * @module
 */

import {
  createHybridSearch,
  createOpenAiEmbeddingProvider,
  type EmbeddingProvider,
} from '@x/core/embeddings';
import { createSearchIndex } from '@x/core/search';
import { summarizeLatency } from '../../metrics/latency.js';
import { mean } from '../../metrics/retrieval.js';
import { createProgress } from '../../progress.js';
import type { RankerOutcome } from '../search/evaluate.js';
import { RANKING_DEPTH } from '../search/evaluate.js';
import type { RetrievalTask, TaskDocument } from '../search/task.js';

/** The environment variables that configure the provider, and what to do when they are missing. */
export const EMBEDDINGS_SETUP =
  'set X_BENCH_EMBEDDINGS_URL (an OpenAI-compatible API root such as http://127.0.0.1:11434/v1) and X_BENCH_EMBEDDINGS_MODEL (and X_BENCH_EMBEDDINGS_KEY if it needs one)';

/** The name of the hybrid row. */
export const HYBRID_RANKER = 'hybrid-rrf';

/** The provider named by `X_BENCH_EMBEDDINGS_URL` and `X_BENCH_EMBEDDINGS_MODEL`; none without both. */
export function embeddingProviderFromEnvironment(
  environment: NodeJS.ProcessEnv = process.env,
): EmbeddingProvider | undefined {
  const baseUrl = environment.X_BENCH_EMBEDDINGS_URL;
  const model = environment.X_BENCH_EMBEDDINGS_MODEL;
  if (baseUrl === undefined || baseUrl === '' || model === undefined || model === '') {
    return undefined;
  }
  const apiKey = environment.X_BENCH_EMBEDDINGS_KEY;
  return createOpenAiEmbeddingProvider({
    baseUrl,
    model,
    ...(apiKey === undefined || apiKey === '' ? {} : { apiKey }),
  });
}

/** A hybrid outcome, with how many queries fell back to the lexical ranking. */
export interface HybridOutcome extends RankerOutcome {
  /** Queries answered by the lexical ranking alone because the provider failed. */
  readonly fallbacks: number;
}

/** How a hybrid row fuses: its name in tables and the fusion options of `createHybridSearch`. */
export interface HybridRow {
  /** The row's name. */
  readonly ranker: string;
  /** `rank` (reciprocal-rank fusion) or `score` (lexical score share plus weighted cosine). */
  readonly fusion: 'rank' | 'score';
  /** The cosine weight under `score` fusion. */
  readonly semanticWeight?: number;
}

/** The row of an OpenAI-compatible provider: reciprocal-rank fusion, k 60, 50 candidates each. */
export const HYBRID_RRF_ROW: HybridRow = { ranker: HYBRID_RANKER, fusion: 'rank' };

/**
 * Ranks every query of a task by fusing the core ranker (the task's fields, multi-sentence
 * queries as the gateway ranks them) with the provider's cosine ranking of the documents' joined
 * fields, as `row` says. `buildMs` is the first search, which embeds every document.
 */
export async function evaluateHybrid(
  task: RetrievalTask,
  provider: EmbeddingProvider,
  row: HybridRow = HYBRID_RRF_ROW,
): Promise<HybridOutcome> {
  const lexical = createSearchIndex<TaskDocument, string>({
    fields: task.fields,
    id: (document) => document.id,
    text: (document, field) => document.text[field],
  });
  lexical.add(task.documents);
  let fallbacks = 0;
  const hybrid = createHybridSearch<TaskDocument>({
    documents: task.documents,
    id: (document) => document.id,
    embeddingText: (document) =>
      Object.keys(task.fields)
        .map((field) => document.text[field] ?? '')
        .filter((text) => text !== '')
        .join('\n'),
    lexical,
    provider,
    fusion: row.fusion,
    ...(row.semanticWeight === undefined ? {} : { semanticWeight: row.semanticWeight }),
    onWarning: () => {
      fallbacks += 1;
    },
  });
  const search = async (query: string) =>
    (await hybrid.search(query, { limit: RANKING_DEPTH, sentences: true })).hits.map(
      (hit) => hit.id,
    );
  const outcome = await evaluateAsyncSearch(task, row.ranker, search, () => {
    fallbacks = 0;
  });
  return { ...outcome, fallbacks };
}

/**
 * Runs every query of `task` through an asynchronous `search` and scores the rankings. The first
 * query runs untimed first and its time is `buildMs` (a hybrid search embeds every document
 * then); `afterFirst` runs after it, e.g. to reset a fallback count.
 */
export async function evaluateAsyncSearch(
  task: RetrievalTask,
  ranker: string,
  search: (query: string) => Promise<string[]>,
  afterFirst: () => void = () => undefined,
): Promise<RankerOutcome> {
  const start = performance.now();
  await search(task.queries[0]?.text ?? '');
  const buildMs = performance.now() - start;
  afterFirst();
  const progress = createProgress(`retrieval: ${task.name} ${ranker}`, task.queries.length);
  const latencies: number[] = [];
  const figures = new Map<string, number[]>(task.metrics.map((metric) => [metric.key, []]));
  for (const [index, query] of task.queries.entries()) {
    const queryStart = performance.now();
    const ranking = await search(query.text);
    latencies.push(performance.now() - queryStart);
    const judgements = task.qrels.get(query.id) ?? new Map<string, number>();
    for (const metric of task.metrics) {
      figures.get(metric.key)?.push(metric.compute(ranking, judgements));
    }
    progress.update(index + 1);
  }
  progress.finish();
  return {
    ranker,
    quality: Object.fromEntries([...figures].map(([key, values]) => [key, mean(values)])),
    buildMs,
    latencyMs: summarizeLatency(latencies),
  };
}
