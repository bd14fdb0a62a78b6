import { renderBarChart } from '../../report/bar-chart.js';
import { round } from '../../report/result-file.js';
import { formatNumber, formatTable } from '../../report/table.js';
import type { RankerOutcome } from './evaluate.js';
import type { Metric, RetrievalTask } from './task.js';

/** A task with the outcome of every ranker, the one under test first and the baseline last. */
export interface TaskOutcome {
  readonly task: RetrievalTask;
  readonly outcomes: readonly RankerOutcome[];
}

/** The terminal table of one task, with the ratio of the ranker under test to the baseline. */
export function formatTaskTable({ task, outcomes }: TaskOutcome): string {
  const heading = `${task.title} (${task.data}, split ${task.split}: ${task.documents.length} documents, ${task.queries.length} queries)`;
  const table = formatTable(
    [
      { title: 'ranker' },
      ...task.metrics.map((metric) => ({ title: metric.label, align: 'right' as const })),
      { title: 'build ms', align: 'right' },
      { title: 'p50 ms', align: 'right' },
      { title: 'p95 ms', align: 'right' },
    ],
    outcomes.map((outcome) => [
      outcome.ranker,
      ...task.metrics.map((metric) => formatNumber(outcome.quality[metric.key] ?? 0, 4)),
      formatNumber(outcome.buildMs, 0),
      formatNumber(outcome.latencyMs.p50, 2),
      formatNumber(outcome.latencyMs.p95, 2),
    ]),
  );
  const tested = outcomes[0];
  const baseline = outcomes[outcomes.length - 1];
  const metric = primaryMetric(task);
  if (tested === undefined || baseline === undefined || metric === undefined) return heading;
  const ratio = (a: number, b: number): string =>
    b === 0 ? 'n/a' : `${Number((a / b).toPrecision(3))}x`;
  const comparison = `${tested.ranker} / ${baseline.ranker}: ${metric.label} ${ratio(tested.quality[metric.key] ?? 0, baseline.quality[metric.key] ?? 0)}, p50 ${ratio(tested.latencyMs.p50, baseline.latencyMs.p50)}, build ${ratio(tested.buildMs, baseline.buildMs)}`;
  return [heading, table, comparison].join('\n');
}

/** The figures of one ranker as results record them, rounded. */
export function outcomeFigures(outcome: Pick<RankerOutcome, 'buildMs' | 'latencyMs'>): {
  buildMs: number;
  latencyMs: { p50: number; p95: number; mean: number };
} {
  return {
    buildMs: round(outcome.buildMs, 1),
    latencyMs: {
      p50: round(outcome.latencyMs.p50, 3),
      p95: round(outcome.latencyMs.p95, 3),
      mean: round(outcome.latencyMs.mean, 3),
    },
  };
}

/** One task as results record it. */
export function taskFigures({ task, outcomes }: TaskOutcome): Record<string, unknown> {
  return {
    dataset: task.name,
    data: task.data,
    split: task.split,
    documents: task.documents.length,
    queries: task.queries.length,
    fields: Object.fromEntries(
      Object.entries(task.fields).map(([field, options]) => [field, options.weight ?? 1]),
    ),
    rankers: outcomes.map((outcome) => ({
      ranker: outcome.ranker,
      quality: Object.fromEntries(
        Object.entries(outcome.quality).map(([key, value]) => [key, round(value, 4)]),
      ),
      ...outcomeFigures(outcome),
    })),
  };
}

/** A bar chart of each task's first quality figure per ranker. */
export function renderQualityChart(tasks: readonly TaskOutcome[]): string {
  const rankers = tasks[0]?.outcomes.map((outcome) => outcome.ranker) ?? [];
  return renderBarChart({
    title: 'Search quality by ranker (bench/results/search.json)',
    categories: tasks.map(({ task }) => `${task.title} ${primaryMetric(task)?.label ?? ''}`),
    series: rankers.map((ranker) => ({
      name: ranker,
      values: tasks.map(({ task, outcomes }) => {
        const key = task.primaryMetric;
        return round(outcomes.find((outcome) => outcome.ranker === ranker)?.quality[key] ?? 0, 4);
      }),
    })),
    yLabel: 'score',
    yMax: 1,
  });
}

function primaryMetric(task: RetrievalTask): Metric | undefined {
  return task.metrics.find((metric) => metric.key === task.primaryMetric);
}
