import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BuildCacheResult,
  buildCache,
  type ContextStrategy,
  loadCache,
  serializeSelectionResult,
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
import { timeResolveContext, timeSelection } from './end-to-end.js';
import { evaluateStrategy } from './evaluate.js';
import { timeResolveOverStdio } from './mcp-stdio.js';
import {
  type BuildOutcome,
  buildFigures,
  formatResolveTables,
  type ResolveOutcome,
  renderLatencyChart,
  renderResolveChart,
  strategyFigures,
} from './report.js';

/** The seed of the query sample. */
const SEED = 3;
/** The budgets of the budgeted quality, in each strategy's own tokens. */
const BUDGETS = [500, 2_000, 8_000] as const;
/** The budget of the latency figures (selection alone, `resolveContext`, over MCP stdio). */
const END_TO_END_BUDGET = 2_000;
/** The cache's name inside the temporary root. */
const CACHE_NAME = 'scifact';

/**
 * What each mode runs: queries evaluated for quality, builds timed, loads timed, and calls
 * timed end to end (a seeded sample of the split's queries of its own: the first call apart,
 * p50/p95 over the others).
 */
const PLANS: Record<RunMode, { queries: number; builds: number; loads: number; calls: number }> = {
  quick: { queries: 20, builds: 1, loads: 1, calls: 30 },
  standard: { queries: 60, builds: 1, loads: 3, calls: 300 },
  full: { queries: Number.POSITIVE_INFINITY, builds: 3, loads: 5, calls: Number.POSITIVE_INFINITY },
};

/** Load averages (1, 5, 15 minutes) rounded to two decimals. */
function loadAverage(): number[] {
  return loadavg().map((value) => Math.round(value * 100) / 100);
}

/**
 * `pnpm bench resolve`: `@x/context-cache` on SciFact. Builds a cache from the corpus (written
 * as markdown into a temporary folder), then ranks the queries with `v0` and `bm25`: nDCG@10,
 * Recall@100, the share of relevant documents inside budgets of 500, 2,000 and 8,000 tokens,
 * build time, cache size; and what a call costs at a 2,000-token budget: the selection alone,
 * `resolveContext` in this process, and `context.resolve` over MCP stdio against a spawned
 * `x-context-cache serve` (first call apart, then p50/p95), with the load average.
 */
export const resolveBenchmark: Benchmark = {
  name: 'resolve',
  description:
    'context.resolve v0 vs bm25 on SciFact: ranking, budgeted quality, build, latency over MCP stdio',
  about: { datasets: [SCIFACT_DATASET], published: SCIFACT_BM25_FIGURES },
  async run(context) {
    const plan = PLANS[context.mode];
    const folder = join(context.dataFolder, 'docs', 'scifact');
    if (!isFolder(folder)) {
      throw new BenchError({ code: 'NO_DATA', message: `missing data set ${folder}` });
    }
    const dataset = loadBeirDataset(folder, context.split ?? 'train');
    const queries = sample(dataset.queries, plan.queries, createRandom(SEED));
    const callQueries = sample(dataset.queries, plan.calls, createRandom(SEED + 1));
    const loadAtStart = loadAverage();
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
        const { outcome, index } = evaluateStrategy({
          strategy,
          documents,
          queries,
          qrels: dataset.qrels,
          corpusIds,
          budgets: BUDGETS,
        });
        const expected = (query: string) =>
          serializeSelectionResult(index.select(query, END_TO_END_BUDGET));
        const selection = timeSelection(index, callQueries, END_TO_END_BUDGET);
        context.note(`resolve: ${strategy.name}, ${callQueries.length} calls in process`);
        const endToEnd = await timeResolveContext({
          cacheRoot,
          cache: CACHE_NAME,
          strategy,
          queries: callQueries,
          budget: END_TO_END_BUDGET,
          expected,
        });
        context.note(`resolve: ${strategy.name}, ${callQueries.length} calls over MCP stdio`);
        const loadBefore = loadAverage();
        const stdio = await timeResolveOverStdio({
          cacheRoot,
          cache: CACHE_NAME,
          strategy: strategy.name,
          queries: callQueries,
          budget: END_TO_END_BUDGET,
          expected: (query) => `${expected(query)}\n`,
        });
        outcomes.push({
          ...outcome,
          selection,
          endToEnd,
          stdio: { ...stdio, loadAverage: { before: loadBefore, after: loadAverage() } },
        });
      }
      const data = displayDataPath(folder, context.dataFolder);
      const heading = `SciFact (${data}, split ${dataset.split}: ${dataset.corpus.length} documents, ${queries.length} of ${dataset.queries.length} queries; ${callQueries.length} timed calls)`;
      const loadAverages = { start: loadAtStart, end: loadAverage() };
      return {
        text: formatResolveTables(heading, build, outcomes, END_TO_END_BUDGET, loadAverages),
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
          calls: callQueries.length,
          callSample: `seeded sample (seed ${SEED + 1})`,
          stdio:
            'x-context-cache serve --root <tmp> spawned per strategy, SDK v2 client (2025-11-25), one call at a time',
          loadAverage: loadAverages,
          strategies: outcomes.map(strategyFigures),
        },
        chart: renderResolveChart(outcomes),
        extraCharts: { latency: renderLatencyChart(outcomes) },
      };
    } finally {
      await rm(workspace, { recursive: true, force: true });
    }
  },
};
