import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BuildCacheResult,
  buildCache,
  type ContextStrategy,
  loadCache,
  termFrequencyStrategy,
} from '@x/context-cache';
import { createBm25Strategy } from '@x/context-cache/bm25';
import type { Benchmark, RunMode } from '../../benchmark.js';
import { loadBeirDataset } from '../../datasets/beir.js';
import { SCIFACT_BM25_FIGURES, SCIFACT_DATASET } from '../../datasets/citations.js';
import { BenchError } from '../../errors.js';
import { median } from '../../metrics/latency.js';
import { displayDataPath, isFolder } from '../../paths.js';
import { createRandom, sample } from '../../random.js';
import { folderSize, writeCorpusSources } from './corpus.js';
import { timeResolveContext } from './end-to-end.js';
import { evaluateStrategy } from './evaluate.js';
import {
  type BuildOutcome,
  buildFigures,
  formatResolveTables,
  type ResolveOutcome,
  renderResolveChart,
  strategyFigures,
} from './report.js';

/** The seed of the query sample. */
const SEED = 3;
/** The budgets of the budgeted quality, in each strategy's own tokens. */
const BUDGETS = [500, 2_000, 8_000] as const;
/** The budget of the end-to-end `resolveContext` timing. */
const END_TO_END_BUDGET = 2_000;
/** The cache's name inside the temporary root. */
const CACHE_NAME = 'scifact';

/** What each mode runs: queries evaluated, builds timed, loads timed, end-to-end calls. */
const PLANS: Record<RunMode, { queries: number; builds: number; loads: number; endToEnd: number }> =
  {
    quick: { queries: 20, builds: 1, loads: 1, endToEnd: 3 },
    standard: { queries: 60, builds: 1, loads: 3, endToEnd: 3 },
    full: { queries: Number.POSITIVE_INFINITY, builds: 3, loads: 5, endToEnd: 20 },
  };

/**
 * `pnpm bench resolve`: `@x/context-cache` on SciFact. Builds a cache from the corpus (written
 * as markdown into a temporary folder), then ranks the queries with `v0` and `bm25`: nDCG@10,
 * Recall@100, the share of relevant documents inside budgets of 500, 2,000 and 8,000 tokens,
 * build time, cache size and latency.
 */
export const resolveBenchmark: Benchmark = {
  name: 'resolve',
  description: 'context.resolve v0 vs bm25 on SciFact: ranking, budgeted quality, build, latency',
  about: { datasets: [SCIFACT_DATASET], published: SCIFACT_BM25_FIGURES },
  async run(context) {
    const plan = PLANS[context.mode];
    const folder = join(context.dataFolder, 'docs', 'scifact');
    if (!isFolder(folder)) {
      throw new BenchError({ code: 'NO_DATA', message: `missing data set ${folder}` });
    }
    const dataset = loadBeirDataset(folder, context.split ?? 'train');
    const queries = sample(dataset.queries, plan.queries, createRandom(SEED));
    const workspace = await mkdtemp(join(tmpdir(), 'x-bench-resolve-'));
    try {
      const sources = join(workspace, 'sources');
      const cacheRoot = join(workspace, 'caches');
      const cachePath = join(cacheRoot, CACHE_NAME);
      await mkdir(sources);
      await mkdir(cacheRoot);
      context.note(`resolve: writing ${dataset.corpus.length} documents to a temporary folder`);
      const corpusIds = await writeCorpusSources(dataset.corpus, sources);
      context.note(`resolve: building the cache (${plan.builds}x)`);
      const builds: number[] = [];
      let built: BuildCacheResult | undefined;
      for (let repeat = 0; repeat < plan.builds; repeat += 1) {
        const started = performance.now();
        built = await buildCache({
          sources,
          cache: cachePath,
          force: repeat > 0,
          createdAt: new Date(0),
        });
        builds.push(performance.now() - started);
      }
      const loads: number[] = [];
      let documents = (await loadCache(cachePath)).documents;
      for (let repeat = 0; repeat < plan.loads; repeat += 1) {
        const started = performance.now();
        documents = (await loadCache(cachePath)).documents;
        loads.push(performance.now() - started);
      }
      const build: BuildOutcome = {
        documents: built?.documentCount ?? 0,
        buildMs: median(builds),
        builds: builds.length,
        cacheVersion: built?.cacheVersion ?? '',
        cache: await folderSize(cachePath),
        sourceBytes: (await folderSize(sources)).bytes,
        loadMs: median(loads),
      };
      const strategies: ContextStrategy[] = [termFrequencyStrategy, createBm25Strategy()];
      const outcomes: ResolveOutcome[] = [];
      for (const strategy of strategies) {
        context.note(`resolve: ${strategy.name} on ${queries.length} queries`);
        const outcome = evaluateStrategy({
          strategy,
          documents,
          queries,
          qrels: dataset.qrels,
          corpusIds,
          budgets: BUDGETS,
        });
        const endToEnd = await timeResolveContext({
          cacheRoot,
          cache: CACHE_NAME,
          documents,
          strategy,
          queries: queries.slice(0, plan.endToEnd),
          budget: END_TO_END_BUDGET,
        });
        outcomes.push({ ...outcome, endToEnd });
      }
      const data = displayDataPath(folder, context.dataFolder);
      const heading = `SciFact (${data}, split ${dataset.split}: ${dataset.corpus.length} documents, ${queries.length} of ${dataset.queries.length} queries)`;
      return {
        text: formatResolveTables(heading, build, outcomes, END_TO_END_BUDGET),
        result: {
          dataset: 'scifact',
          data,
          split: dataset.split,
          mode: context.mode,
          queries: queries.length,
          queriesInSplit: dataset.queries.length,
          querySample:
            queries.length === dataset.queries.length ? 'all' : `seeded sample (seed ${SEED})`,
          documentMarkdown: '# <title>\\n\\n<text>\\n, one <corpus id>.md file per document',
          ranking:
            'selectContext with MAX_BUDGET (every document selected, in score-then-id order)',
          budgetsIn:
            "each strategy's own token counter (v0: ceil(UTF-8 bytes / 4); bm25: cl100k_base)",
          build: buildFigures(build),
          endToEndBudget: END_TO_END_BUDGET,
          strategies: outcomes.map(strategyFigures),
        },
        chart: renderResolveChart(outcomes),
      };
    } finally {
      await rm(workspace, { recursive: true, force: true });
    }
  },
};
