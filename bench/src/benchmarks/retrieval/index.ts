/**
 * `pnpm bench retrieval`: `tool_browse(query)` of the gateway (its Catalog's route, over name,
 * namespace, description, tags and parameter names) on the Seal-Tools and MetaTool catalogs,
 * with the in-process sentence encoder fused in (the hybrid `tool_browse`, not under `--quick`),
 * beside the core ranker alone and plain BM25 (MiniSearch as it comes) in the same run, and a
 * hybrid row (lexical fused with embeddings) when an embedding provider is configured, and a
 * word-vector row (lexical fused by score with in-process word vectors) when a word-vector file is.
 *
 * @module
 */

import type { Benchmark } from '../../benchmark.js';
import { METATOOL_DATASET, SEAL_TOOLS_DATASET } from '../../datasets/citations.js';
import { evaluateRanker, type RankerOutcome } from '../search/evaluate.js';
import { loadTasks } from '../search/load-tasks.js';
import { CORE_RANKER, MINISEARCH_DEFAULT_RANKER, type Ranker } from '../search/rankers.js';
import {
  formatTaskTable,
  renderQualityChart,
  type TaskOutcome,
  taskFigures,
} from '../search/report.js';
import { METATOOL, SEAL_TOOLS, sourceFolder } from '../search/sources.js';
import { buildGatewayCatalog } from './gateway-catalog.js';
import {
  evaluateGatewayHybrid,
  GATEWAY_HYBRID_FUSION,
  GATEWAY_HYBRID_RANKER,
  gatewayHybridLine,
  gatewayHybridProvider,
  runsGatewayHybrid,
} from './gateway-hybrid.js';
import {
  EMBEDDINGS_SETUP,
  embeddingProviderFromEnvironment,
  evaluateHybrid,
  HYBRID_RANKER,
} from './hybrid.js';
import {
  WORD_VECTOR_ROW,
  wordVectorLine,
  wordVectorProviderFromEnvironment,
} from './word-vectors.js';

/** The catalogs ranked, each with its labeled queries. */
const SOURCES = [SEAL_TOOLS, METATOOL];

/** The most cards one browse may return (the gateway's `MAX_TOP_K`). */
const BROWSE_DEPTH = 50;

/** How results describe the gateway row. */
const GATEWAY_BROWSE: Pick<Ranker, 'name' | 'description' | 'parameters'> = {
  name: 'gateway-browse',
  description: '@x/gateway Catalog.route: tool_browse(query), top_k up to 50',
  parameters: { topK: BROWSE_DEPTH },
};

/** The gateway Catalog over the data set's tools, one upstream per server, answering with tool names. */
function gatewayRanker(folder: string): Ranker {
  return {
    ...GATEWAY_BROWSE,
    build() {
      const { catalog, names } = buildGatewayCatalog(folder);
      return {
        search: (query, limit) =>
          catalog
            .route(query, Math.min(limit, BROWSE_DEPTH))
            .map((card) => names.get(card.id) ?? card.id),
      };
    },
  };
}

/** `pnpm bench retrieval`. */
export const retrievalBenchmark: Benchmark = {
  name: 'retrieval',
  description:
    'tool_browse(query) of @x/gateway on Seal-Tools and MetaTool vs the core ranker, plain BM25 and (when configured) hybrid',
  about: { datasets: [SEAL_TOOLS_DATASET, METATOOL_DATASET], published: [] },
  async run(context) {
    const { tasks, skipped } = loadTasks(context, SOURCES, 'retrieval');
    const provider = embeddingProviderFromEnvironment();
    const wordVectors = wordVectorProviderFromEnvironment();
    const sentenceEncoder = gatewayHybridProvider();
    const runsHybridBrowse = runsGatewayHybrid(context.mode);
    const outcomes: TaskOutcome[] = [];
    const fallbacks: Record<string, number> = {};
    const gatewayHybridFallbacks: Record<string, number> = {};
    for (const task of tasks) {
      const source = SOURCES.find((candidate) => candidate.name === task.name) ?? SEAL_TOOLS;
      const folder = sourceFolder(context.dataFolder, source);
      const lexical = [gatewayRanker(folder), CORE_RANKER].map((ranker) =>
        evaluateRanker(task, ranker),
      );
      const hybrid: RankerOutcome[] = [];
      if (runsHybridBrowse) {
        const outcome = await evaluateGatewayHybrid(task, source, folder, sentenceEncoder);
        gatewayHybridFallbacks[task.name] = outcome.fallbacks;
        hybrid.push(outcome);
      }
      if (provider !== undefined) {
        const outcome = await evaluateHybrid(task, provider);
        fallbacks[task.name] = outcome.fallbacks;
        hybrid.push(outcome);
      }
      if (wordVectors !== undefined)
        hybrid.push(await evaluateHybrid(task, wordVectors, WORD_VECTOR_ROW));
      outcomes.push({
        task,
        outcomes: [...lexical, ...hybrid, evaluateRanker(task, MINISEARCH_DEFAULT_RANKER)],
      });
    }
    const hybridLine =
      provider === undefined
        ? `${HYBRID_RANKER}: not configured (${EMBEDDINGS_SETUP})`
        : `${HYBRID_RANKER}: ${provider.id}, reciprocal-rank fusion (k 60) of the core ranker and cosine similarity, 50 candidates each; lexical fallbacks ${JSON.stringify(fallbacks)}`;
    const rankers = [
      GATEWAY_BROWSE,
      ...(runsHybridBrowse ? [gatewayHybridDescription(sentenceEncoder.id)] : []),
      CORE_RANKER,
      ...(provider === undefined ? [] : [hybridDescription(provider.id)]),
      ...(wordVectors === undefined ? [] : [wordVectorDescription(wordVectors.id)]),
      MINISEARCH_DEFAULT_RANKER,
    ];
    return {
      text: [
        ...outcomes.map(formatTaskTable),
        gatewayHybridLine(context.mode, sentenceEncoder),
        hybridLine,
        wordVectorLine(wordVectors),
      ].join('\n\n'),
      result: {
        rankers: rankers.map(({ name, description, parameters }) => ({
          name,
          description,
          parameters,
        })),
        tasks: outcomes.map(taskFigures),
        gatewayHybrid: runsHybridBrowse
          ? { run: true, provider: sentenceEncoder.id, fallbacks: gatewayHybridFallbacks }
          : { run: false, reason: 'not run under --quick' },
        hybrid: provider === undefined ? { configured: false } : { configured: true, fallbacks },
        wordVectors: { configured: wordVectors !== undefined },
        skipped,
      },
      chart: renderQualityChart(outcomes),
    };
  },
};

/** How results describe the hybrid `tool_browse` row. */
function gatewayHybridDescription(
  providerId: string,
): Pick<Ranker, 'name' | 'description' | 'parameters'> {
  return {
    name: GATEWAY_HYBRID_RANKER,
    description:
      '@x/gateway tool_browse(query) with embeddings { local: "sentence-encoder" }: the lexical router fused with the in-process sentence encoder by normalized scores, sentence by sentence',
    parameters: {
      provider: providerId,
      fusion: GATEWAY_HYBRID_FUSION,
      semanticWeight: 1,
      topK: BROWSE_DEPTH,
    },
  };
}

/** How results describe the hybrid row. */
function hybridDescription(
  providerId: string,
): Pick<Ranker, 'name' | 'description' | 'parameters'> {
  return {
    name: HYBRID_RANKER,
    description:
      '@x/core/embeddings createHybridSearch: core ranker + embeddings, reciprocal-rank fusion',
    parameters: { provider: providerId, fusionK: 60, depth: 50 },
  };
}

/** How results describe the word-vector row. */
function wordVectorDescription(
  providerId: string,
): Pick<Ranker, 'name' | 'description' | 'parameters'> {
  return {
    name: WORD_VECTOR_ROW.ranker,
    description:
      '@x/core/embeddings createWordVectorProvider (SIF mean of word vectors) fused by score with the core ranker',
    parameters: {
      provider: providerId,
      fusion: 'score',
      semanticWeight: WORD_VECTOR_ROW.semanticWeight,
    },
  };
}
