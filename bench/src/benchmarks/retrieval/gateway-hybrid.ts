/**
 * The `gateway-browse-hybrid` row of `pnpm bench retrieval`: `tool_browse(query)` of the gateway
 * with the in-process sentence encoder of `@x/core/embeddings` (`embeddings: { local:
 * "sentence-encoder" }` in `x-gateway`'s configuration), ranked by the same code the server runs.
 *
 * @module
 */

import { createSentenceEncoderProvider, type EmbeddingProvider } from '@x/core/embeddings';
import { createHybridCatalogRoute } from '@x/gateway/hybrid';
import type { RunMode } from '../../benchmark.js';
import { createProgress, type Progress } from '../../progress.js';
import type { TaskSource } from '../search/sources.js';
import type { RetrievalTask } from '../search/task.js';
import { buildGatewayCatalog } from './gateway-catalog.js';
import { evaluateAsyncSearch, type HybridOutcome } from './hybrid.js';

/** The row's name. */
export const GATEWAY_HYBRID_RANKER = 'gateway-browse-hybrid';

/** The fusion `x-gateway serve` uses with the sentence encoder. */
export const GATEWAY_HYBRID_FUSION = 'normalized';

/** The most cards one browse may return (the gateway's `MAX_TOP_K`). */
const BROWSE_DEPTH = 50;

/** Whether the row runs: not under `--quick`, since it embeds every tool (minutes on one core). */
export function runsGatewayHybrid(mode: RunMode): boolean {
  return mode !== 'quick';
}

/** The line under the tables: what the row is, or why it did not run. */
export function gatewayHybridLine(mode: RunMode, provider: EmbeddingProvider): string {
  return runsGatewayHybrid(mode)
    ? `${GATEWAY_HYBRID_RANKER}: tool_browse with ${provider.id} (in process), normalized score fusion with the lexical router (lexical score over the best + min-max cosine, weight 1, per sentence)`
    : `${GATEWAY_HYBRID_RANKER}: not run under --quick (it embeds every tool with ${provider.id})`;
}

/** The in-process sentence encoder at its defaults, as the gateway's configuration makes it. */
export function gatewayHybridProvider(): EmbeddingProvider {
  return createSentenceEncoderProvider();
}

/**
 * Ranks every query of `task` through the gateway's hybrid `tool_browse` over the data set's
 * Catalog (`folder`), answering with tool names as the lexical row does. Embedding the tools
 * (the first browse) shows its progress.
 */
export async function evaluateGatewayHybrid(
  task: RetrievalTask,
  source: TaskSource,
  folder: string,
  provider: EmbeddingProvider,
): Promise<HybridOutcome> {
  const { catalog, names } = buildGatewayCatalog(folder);
  let fallbacks = 0;
  const embedding = countingProvider(
    provider,
    createProgress(`retrieval: embedding ${source.name} tools`, catalog.size),
  );
  const route = createHybridCatalogRoute({
    provider: embedding.provider,
    fusion: GATEWAY_HYBRID_FUSION,
    onWarning: () => {
      fallbacks += 1;
    },
  });
  const search = async (query: string) =>
    (await route(catalog, query, BROWSE_DEPTH)).map((card) => names.get(card.id) ?? card.id);
  const outcome = await evaluateAsyncSearch(task, GATEWAY_HYBRID_RANKER, search, () => {
    embedding.finish();
    fallbacks = 0;
  });
  return { ...outcome, fallbacks };
}

/** `provider`, counting the texts it embeds on `progress` until `finish`. */
function countingProvider(
  provider: EmbeddingProvider,
  progress: Progress,
): { provider: EmbeddingProvider; finish(): void } {
  let embedded = 0;
  let counting = true;
  return {
    provider: {
      id: provider.id,
      async embed(texts, signal) {
        const vectors = await provider.embed(texts, signal);
        embedded += texts.length;
        if (counting) progress.update(embedded);
        return vectors;
      },
    },
    finish() {
      if (counting) progress.finish();
      counting = false;
    },
  };
}
