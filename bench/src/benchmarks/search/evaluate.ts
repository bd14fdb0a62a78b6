import { type LatencySummary, median, summarizeLatency, timed } from '../../metrics/latency.js';
import { mean } from '../../metrics/retrieval.js';
import { createProgress } from '../../progress.js';
import type { Ranker, Searcher } from './rankers.js';
import type { RetrievalTask } from './task.js';

/** How many hits each query asks for: the depth of the ranked lists that metrics read. */
export const RANKING_DEPTH = 100;
/** Index builds per ranker; the median is reported. */
const BUILD_REPEATS = 3;
/** Queries run before timing starts, to warm up the JIT. */
const WARM_UP_QUERIES = 20;

/** What one ranker achieved on one task. */
export interface RankerOutcome {
  /** The ranker's name. */
  readonly ranker: string;
  /** Quality figures by metric key (mean over the queries). */
  readonly quality: Readonly<Record<string, number>>;
  /** The median index build time. */
  readonly buildMs: number;
  /** Per-query latency. */
  readonly latencyMs: LatencySummary;
}

/** Builds the ranker's index (median of three) and runs every query once, timing each. */
export function evaluateRanker(task: RetrievalTask, ranker: Ranker): RankerOutcome {
  const builds: number[] = [];
  let searcher: Searcher | undefined;
  for (let repeat = 0; repeat < BUILD_REPEATS; repeat += 1) {
    const build = timed(() => ranker.build(task));
    builds.push(build.milliseconds);
    searcher = build.result;
  }
  if (searcher === undefined) throw new Error('no index was built');
  const ready = searcher;
  for (const query of task.queries.slice(0, WARM_UP_QUERIES))
    ready.search(query.text, RANKING_DEPTH);
  const progress = createProgress(`search: ${task.name} ${ranker.name}`, task.queries.length);
  const latencies: number[] = [];
  const figures = new Map<string, number[]>(task.metrics.map((metric) => [metric.key, []]));
  task.queries.forEach((query, index) => {
    const { result: ranking, milliseconds } = timed(() => ready.search(query.text, RANKING_DEPTH));
    latencies.push(milliseconds);
    const judgements = task.qrels.get(query.id) ?? new Map<string, number>();
    for (const metric of task.metrics)
      figures.get(metric.key)?.push(metric.compute(ranking, judgements));
    progress.update(index + 1);
  });
  progress.finish();
  return {
    ranker: ranker.name,
    quality: Object.fromEntries([...figures].map(([key, values]) => [key, mean(values)])),
    buildMs: median(builds),
    latencyMs: summarizeLatency(latencies),
  };
}

/** Times only: builds the ranker's index (median of three) and runs every query once. */
export function timeRanker(
  task: RetrievalTask,
  ranker: Ranker,
): Pick<RankerOutcome, 'ranker' | 'buildMs' | 'latencyMs'> {
  const { ranker: name, buildMs, latencyMs } = evaluateRanker({ ...task, metrics: [] }, ranker);
  return { ranker: name, buildMs, latencyMs };
}
