import { join } from 'node:path';
import { countJsonTokens } from '@x/core/tokens';
import type { Benchmark, BenchmarkContext, RunMode } from '../../benchmark.js';
import { LIVEMCPBENCH_DATASET, SEAL_TOOLS_DATASET } from '../../datasets/citations.js';
import { loadServedCatalog } from '../../datasets/served-catalog.js';
import { synthesizeCatalog } from '../../datasets/synthetic-catalog.js';
import { BenchError } from '../../errors.js';
import { displayDataPath, isFolder } from '../../paths.js';
import { type Deployment, deployCatalog, deployOfficialServers } from './deployments.js';
import { measureDiscovery } from './discovery.js';
import {
  formatTokensTables,
  outcomeFigures,
  renderTokensChart,
  type TokensOutcome,
} from './report.js';

/** The seed of every sample this benchmark draws. */
const SEED = 7;
/** Tools per synthetic server: real servers hold 7.5 (LiveMCPBench) to 12 (official) on average. */
const TOOLS_PER_SYNTHETIC_SERVER = 10;

/** What each mode runs. */
const PLANS: Record<RunMode, { syntheticSizes: number[]; functionSample: number }> = {
  quick: { syntheticSizes: [1_000], functionSample: 50 },
  standard: { syntheticSizes: [1_000, 10_000], functionSample: Number.POSITIVE_INFINITY },
  full: { syntheticSizes: [1_000, 10_000], functionSample: Number.POSITIVE_INFINITY },
};

/**
 * `pnpm bench tokens`: the context a model pays before it does anything, raw `tools/list` of the
 * upstreams against the CaSH aggregate's, and the cost of each help layer, for the official
 * servers, the 527 LiveMCPBench tools and synthetic catalogs of 1,000 and 10,000 tools.
 */
export const tokensBenchmark: Benchmark = {
  name: 'tokens',
  description: 'context tokens: raw tools/list vs the @x/cash aggregate and its help layers',
  about: { datasets: [LIVEMCPBENCH_DATASET, SEAL_TOOLS_DATASET], published: [] },
  async run(context) {
    const plan = PLANS[context.mode];
    const live = dataSet(context, 'tools/livemcpbench');
    const seal = dataSet(context, 'tools/seal-tools');
    const liveCatalog = loadServedCatalog(live);
    const sealCatalog = loadServedCatalog(seal);
    const sealData = displayDataPath(seal, context.dataFolder);
    const deployers: (() => Promise<Deployment>)[] = [
      () => deployOfficialServers(context.repositoryRoot),
      () =>
        deployCatalog(liveCatalog, {
          name: 'livemcpbench',
          title: 'LiveMCPBench',
          source: displayDataPath(live, context.dataFolder),
        }),
      ...plan.syntheticSizes.map(
        (size) => () =>
          deployCatalog(
            synthesizeCatalog(sealCatalog, {
              size,
              seed: SEED,
              toolsPerServer: TOOLS_PER_SYNTHETIC_SERVER,
            }),
            {
              name: `synthetic-${size}`,
              title: `synthetic ${size.toLocaleString('en-US')}`,
              source: `${sealData} sampled (seed ${SEED})`,
            },
          ),
      ),
    ];
    const outcomes: TokensOutcome[] = [];
    for (const deploy of deployers) {
      const deployment = await deploy();
      try {
        context.note(`tokens: measuring ${deployment.title}`);
        const discovery = await measureDiscovery(deployment.cash, {
          functionSample: plan.functionSample,
          seed: SEED,
        });
        outcomes.push({
          deployment: {
            name: deployment.name,
            title: deployment.title,
            source: deployment.source,
            upstreams: deployment.upstreams,
          },
          tools: deployment.rawTools.length,
          rawTokens: countJsonTokens(deployment.rawTools),
          discovery,
        });
      } finally {
        await deployment.close();
      }
    }
    return {
      text: formatTokensTables(outcomes),
      result: {
        tokenizer: 'cl100k_base',
        counting: {
          toolsList:
            'compact JSON of the tools array of tools/list (all pages), as @x/core/tokens countJsonTokens counts it; raw = every upstream concatenated (catalog tools named <server>__<tool>)',
          help: 'text of the markdown answer of cash.callTool("help", ...)',
          pathToFirstCall: 'CaSH tools/list + help() + mean help(ns) + mean help(ns, fn)',
        },
        mode: context.mode,
        seed: SEED,
        functionSample: Number.isFinite(plan.functionSample) ? plan.functionSample : 'all',
        synthetic: {
          source: sealData,
          sizes: plan.syntheticSizes,
          toolsPerServer: TOOLS_PER_SYNTHETIC_SERVER,
          method:
            'Seal-Tools in seeded random order, repeated with renamed copies, sorted by source server and name, cut into servers',
        },
        sets: outcomes.map(outcomeFigures),
      },
      chart: renderTokensChart(outcomes),
    };
  },
};

function dataSet(context: BenchmarkContext, folder: string): string {
  const path = join(context.dataFolder, folder);
  if (!isFolder(path))
    throw new BenchError({ code: 'NO_DATA', message: `missing data set ${path}` });
  return path;
}
