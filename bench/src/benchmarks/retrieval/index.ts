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

import type { Benchmark, RunMode } from '../../benchmark.js';
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
import { METATOOL, METATOOL_MULTI, SEAL_TOOLS, sourceFolder } from '../search/sources.js';
import {
  type ColdStart,
  DISTILLED_SETUP,
  evaluateGatewayHybrid,
  evaluateGatewayLexical,
  GATEWAY_DISTILLED_RANKER,
  GATEWAY_HYBRID_RANKER,
  gatewayDistilledProvider,
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
const SOURCES = [SEAL_TOOLS, METATOOL, METATOOL_MULTI];

/** The most cards one browse may return (the gateway's `MAX_TOP_K`). */
const BROWSE_DEPTH = 50;

/** How results describe the gateway row. */
const GATEWAY_BROWSE: Pick<Ranker, 'name' | 'description' | 'parameters'> = {
  name: 'gateway-browse',
  description:
    '@x/gateway tool_browse(query) over MCP (in-memory transport), ranking pinned to lexical: core createToolRanker, top_k 50',
  parameters: { topK: BROWSE_DEPTH, ranking: 'lexical' },
};

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
    const distilled = gatewayDistilledProvider();
    const runsHybridBrowse = runsGatewayHybrid(context.mode);
    const outcomes: TaskOutcome[] = [];
    const fallbacks: Record<string, number> = {};
    const coldStarts: Record<string, ColdStart> = {};
    const distilledColdStarts: Record<string, ColdStart> = {};
    for (const task of tasks) {
      const source = SOURCES.find((candidate) => candidate.name === task.name) ?? SEAL_TOOLS;
      const folder = sourceFolder(context.dataFolder, source);
      const lexical = [
        await evaluateGatewayLexical(task, folder),
        evaluateRanker(task, CORE_RANKER),
      ];
      const hybrid: RankerOutcome[] = [];
      if (runsHybridBrowse) {
        const { coldStart, ...outcome } = await evaluateGatewayHybrid(
          task,
          folder,
          sentenceEncoder,
        );
        coldStarts[task.name] = coldStart;
        hybrid.push(outcome);
      }
      if (runsHybridBrowse && distilled !== undefined) {
        const { coldStart, ...outcome } = await evaluateGatewayHybrid(
          task,
          folder,
          distilled,
          GATEWAY_DISTILLED_RANKER,
        );
        distilledColdStarts[task.name] = coldStart;
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
      ...(runsHybridBrowse && distilled !== undefined
        ? [gatewayDistilledDescription(distilled.id)]
        : []),
      CORE_RANKER,
      ...(provider === undefined ? [] : [hybridDescription(provider.id)]),
      ...(wordVectors === undefined ? [] : [wordVectorDescription(wordVectors.id)]),
      MINISEARCH_DEFAULT_RANKER,
    ];
    return {
      text: [
        ...outcomes.map(formatTaskTable),
        gatewayHybridLine(context.mode, GATEWAY_HYBRID_RANKER, sentenceEncoder.id, coldStarts),
        distilled === undefined
          ? `${GATEWAY_DISTILLED_RANKER}: not configured (${DISTILLED_SETUP})`
          : gatewayHybridLine(
              context.mode,
              GATEWAY_DISTILLED_RANKER,
              distilled.id,
              distilledColdStarts,
            ),
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
          ? { run: true, provider: sentenceEncoder.id, coldStart: coldStarts }
          : { run: false, reason: 'not run under --quick' },
        gatewayDistilled:
          runsHybridBrowse && distilled !== undefined
            ? { run: true, provider: distilled.id, coldStart: distilledColdStarts }
            : {
                run: false,
                reason: distilled === undefined ? DISTILLED_SETUP : 'not run under --quick',
              },
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
      "@x/gateway tool_browse(query) over MCP with x-gateway serve's default hybrid ranking: core createToolRanker fused with the in-process sentence encoder (2 worker threads), part by part of a request, after the vectors are ready",
    parameters: { provider: providerId, semanticWeight: 1.5, topK: BROWSE_DEPTH, ranking: 'auto' },
  };
}

/** How results describe the distilled `tool_browse` row. */
function gatewayDistilledDescription(
  providerId: string,
): Pick<Ranker, 'name' | 'description' | 'parameters'> {
  return {
    name: GATEWAY_DISTILLED_RANKER,
    description:
      "@x/gateway tool_browse(query) over MCP with x-gateway serve's default hybrid ranking, the sentence encoder distilled into a token table (createDistilledEncoderProvider) in place of the full one",
    parameters: { provider: providerId, semanticWeight: 1.5, topK: BROWSE_DEPTH, ranking: 'auto' },
  };
}

/** The line under the tables: a hybrid row (`ranker`) and its cold start per data set. */
function gatewayHybridLine(
  mode: RunMode,
  ranker: string,
  providerId: string,
  coldStarts: Readonly<Record<string, ColdStart>>,
): string {
  if (!runsGatewayHybrid(mode)) {
    return `${ranker}: not run under --quick (it embeds every tool with ${providerId})`;
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const lines = Object.entries(coldStarts).map(
    ([name, cold]) =>
      `  ${name}: first answer ${seconds(cold.firstAnswerMs)} (lexical), first fused answer ${seconds(cold.fusedWithoutCacheMs)} without a vector cache, ${seconds(cold.fusedWithCacheMs)} with it`,
  );
  return [
    `${ranker}: tool_browse over MCP with ${providerId}, x-gateway serve's default configuration; cold start:`,
    ...lines,
  ].join('\n');
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
