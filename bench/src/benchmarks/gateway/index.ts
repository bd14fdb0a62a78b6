/**
 * `pnpm bench gateway`: what `@x/gateway` costs and adds. Context tokens of raw `tools/list`
 * against proxy and gateway mode at 527, 4,076 and 10,000 tools; cold and warm ingest, memory
 * and `tool_browse` latency at 1,000, 10,000 and 100,000 tools; `tool_execute` through the
 * gateway against a direct call, for a zero-latency echo (the worst case) and a 50 KB file read by
 * the official filesystem server (a realistic case), in one interleaved run.
 *
 * @module
 */

import { join } from 'node:path';
import type { Benchmark, RunMode } from '../../benchmark.js';
import { LIVEMCPBENCH_DATASET, SEAL_TOOLS_DATASET } from '../../datasets/citations.js';
import { loadToolQueries } from '../../datasets/tool-catalog.js';
import { displayDataPath } from '../../paths.js';
import { createRandom, sample } from '../../random.js';
import {
  LIVEMCPBENCH_FOLDER,
  loadDataCatalog,
  type NamedCatalog,
  SEAL_TOOLS_FOLDER,
  SEED,
  syntheticCatalog,
  TOOLS_PER_SYNTHETIC_SERVER,
} from './catalogs.js';
import { type ContextCost, measureContextCost } from './context-cost.js';
import { measureExecuteOverhead } from './execute-overhead.js';
import {
  checkTargets,
  formatGatewayTables,
  type GatewayOutcome,
  gatewayFigures,
  renderExecuteChart,
  renderGatewayChart,
} from './report.js';
import { measureScale } from './scale.js';
import type { ScaleMeasurement } from './scale-child.js';

/** What each mode runs. */
const PLANS: Record<
  RunMode,
  {
    contextSizes: number[];
    browseQueries: number;
    scaleSizes: number[];
    scaleQueries: number;
    executeRepetitions: number;
  }
> = {
  quick: {
    contextSizes: [10_000],
    browseQueries: 20,
    scaleSizes: [1_000, 10_000],
    scaleQueries: 100,
    executeRepetitions: 200,
  },
  standard: {
    contextSizes: [10_000],
    browseQueries: 50,
    scaleSizes: [1_000, 10_000, 100_000],
    scaleQueries: 300,
    executeRepetitions: 1_000,
  },
  full: {
    contextSizes: [10_000],
    browseQueries: 200,
    scaleSizes: [1_000, 10_000, 100_000],
    scaleQueries: 700,
    executeRepetitions: 3_000,
  },
};

/** `pnpm bench gateway`. */
export const gatewayBenchmark: Benchmark = {
  name: 'gateway',
  description:
    '@x/gateway: context tokens raw vs proxy vs gateway, ingest, browse latency, execute overhead',
  about: { datasets: [LIVEMCPBENCH_DATASET, SEAL_TOOLS_DATASET], published: [] },
  async run(context) {
    const plan = PLANS[context.mode];
    const liveFolder = join(context.dataFolder, LIVEMCPBENCH_FOLDER);
    const sealFolder = join(context.dataFolder, SEAL_TOOLS_FOLDER);
    const live = loadDataCatalog(context.dataFolder, LIVEMCPBENCH_FOLDER);
    const seal = loadDataCatalog(context.dataFolder, SEAL_TOOLS_FOLDER);
    const queries = sample(
      loadToolQueries(sealFolder, 'dev').map((query) => query.query),
      plan.browseQueries,
      createRandom(SEED),
    );
    const catalogs: NamedCatalog[] = [
      {
        name: 'livemcpbench',
        source: displayDataPath(liveFolder, context.dataFolder),
        catalog: live,
      },
      {
        name: 'seal-tools',
        source: displayDataPath(sealFolder, context.dataFolder),
        catalog: seal,
      },
      ...plan.contextSizes.map((size) => syntheticCatalog(seal, size)),
    ];
    const contextCosts: ContextCost[] = [];
    for (const named of catalogs) {
      context.note(`gateway: context cost of ${named.name}`);
      contextCosts.push(await measureContextCost(named, queries));
    }
    const scale: ScaleMeasurement[] = [];
    for (const size of plan.scaleSizes) {
      context.note(`gateway: ingest and browse at ${size} tools`);
      scale.push(
        await measureScale({ dataFolder: context.dataFolder, size, queries: plan.scaleQueries }),
      );
    }
    context.note(
      `gateway: tool_execute overhead, ${plan.executeRepetitions} calls per case and path`,
    );
    const execute = await measureExecuteOverhead({
      catalog: live,
      catalogPath: join(liveFolder, 'catalog.json'),
      repositoryRoot: context.repositoryRoot,
      repetitions: plan.executeRepetitions,
    });
    const outcome: GatewayOutcome = { context: contextCosts, scale, execute };
    const targets = checkTargets(outcome);
    return {
      text: formatGatewayTables(outcome, targets),
      result: {
        tokenizer: 'cl100k_base',
        mode: context.mode,
        seed: SEED,
        counting: {
          toolsList:
            'compact JSON of the tools array of tools/list (all pages), as @x/core/tokens countJsonTokens counts it',
          raw: 'one @x/core catalog server with prefixServer (names <server>__<tool>): every upstream listing concatenated',
          proxy:
            'x-gateway proxy mode over one catalog server per server: one stripped card per tool plus tool_hydrate and tool_execute',
          gateway: 'x-gateway gateway mode: tool_browse, tool_execute, tool_view',
          browse: `text content of tool_browse(query) with the default top_k (10), mean over ${queries.length} Seal-Tools dev queries (seeded sample)`,
        },
        synthetic: {
          source: displayDataPath(sealFolder, context.dataFolder),
          toolsPerServer: TOOLS_PER_SYNTHETIC_SERVER,
          method:
            'Seal-Tools in seeded random order, repeated with renamed copies, sorted by source server and name, cut into servers',
        },
        timing:
          'wall-clock on a shared machine: compare ratios and CPU time, not absolute times; ingest = createGatewayRuntime over in-process upstreams in a fresh process (cold) and runtime.refresh() (warm)',
        ...gatewayFigures(outcome),
        targets,
      },
      chart: renderGatewayChart(outcome),
      extraCharts: { execute: renderExecuteChart(outcome.execute) },
    };
  },
};
