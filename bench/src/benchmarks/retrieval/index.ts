/**
 * `pnpm bench retrieval`: `tool_browse(query)` of the gateway (its Catalog's route, over name,
 * namespace, description, tags and parameter names) on the Seal-Tools catalog, beside the core
 * ranker alone and plain BM25 (MiniSearch as it comes) in the same run.
 *
 * @module
 */

import { createCatalog } from '@x/gateway';
import type { Benchmark } from '../../benchmark.js';
import { SEAL_TOOLS_DATASET } from '../../datasets/citations.js';
import { loadToolCatalog } from '../../datasets/tool-catalog.js';
import { BenchError } from '../../errors.js';
import { displayDataPath, isFolder } from '../../paths.js';
import { evaluateRanker } from '../search/evaluate.js';
import { CORE_RANKER, MINISEARCH_DEFAULT_RANKER, type Ranker } from '../search/rankers.js';
import {
  formatTaskTable,
  renderQualityChart,
  type TaskOutcome,
  taskFigures,
} from '../search/report.js';
import { SEAL_TOOLS, sourceFolder } from '../search/sources.js';

/** The most cards one browse may return (the gateway's `MAX_TOP_K`). */
const BROWSE_DEPTH = 50;

/** The gateway Catalog over the data set's tools, one upstream per server, answering with tool names. */
function gatewayRanker(folder: string): Ranker {
  return {
    name: 'gateway-browse',
    description: '@x/gateway Catalog.route: tool_browse(query), top_k up to 50',
    parameters: { topK: BROWSE_DEPTH },
    build() {
      const servers = new Map<
        string,
        { name: string; description: string; inputSchema: Record<string, unknown> }[]
      >();
      const names = new Map<string, string>();
      for (const tool of loadToolCatalog(folder)) {
        const tools = servers.get(tool.server) ?? [];
        tools.push({
          name: tool.name,
          description: tool.description,
          inputSchema: (tool.inputSchema ?? { type: 'object' }) as Record<string, unknown>,
        });
        servers.set(tool.server, tools);
      }
      const catalog = createCatalog(
        [...servers].map(([server, tools]) => ({ upstream: server, tools })),
      );
      for (const toolId of catalog.toolIds) {
        const entry = catalog.entry(toolId);
        if (entry !== undefined) names.set(toolId, entry.upstreamName);
      }
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
  description: 'tool_browse(query) of @x/gateway on Seal-Tools vs the core ranker and plain BM25',
  about: { datasets: [SEAL_TOOLS_DATASET], published: [] },
  async run(context) {
    const folder = sourceFolder(context.dataFolder, SEAL_TOOLS);
    if (!isFolder(folder))
      throw new BenchError({ code: 'NO_DATA', message: `missing data set ${folder}` });
    const split = context.split ?? SEAL_TOOLS.defaultSplit;
    const task = SEAL_TOOLS.load(folder, split, displayDataPath(folder, context.dataFolder));
    const rankers = [gatewayRanker(folder), CORE_RANKER, MINISEARCH_DEFAULT_RANKER];
    const outcome: TaskOutcome = {
      task,
      outcomes: rankers.map((ranker) => evaluateRanker(task, ranker)),
    };
    return {
      text: formatTaskTable(outcome),
      result: {
        rankers: rankers.map(({ name, description, parameters }) => ({
          name,
          description,
          parameters,
        })),
        task: taskFigures(outcome),
      },
      chart: renderQualityChart([outcome]),
    };
  },
};
