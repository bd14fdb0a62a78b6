import type { LatencySummary } from '../../metrics/latency.js';
import { renderBarChart } from '../../report/bar-chart.js';
import { round } from '../../report/result-file.js';
import { formatNumber, formatTable } from '../../report/table.js';
import type { EndToEndOutcome } from './end-to-end.js';
import type { StrategyOutcome } from './evaluate.js';
import type { StdioOutcome } from './mcp-stdio.js';

/** What building the cache cost and produced. */
export interface BuildOutcome {
  /** Documents in the cache. */
  readonly documents: number;
  /** Median `buildCache` time. */
  readonly buildMs: number;
  /** How many builds the median is of. */
  readonly builds: number;
  /** The cache version (same on every build). */
  readonly cacheVersion: string;
  /** Bytes and files of the cache folder. */
  readonly cache: { readonly bytes: number; readonly files: number };
  /** Bytes of the markdown sources. */
  readonly sourceBytes: number;
  /** Median `loadCache` time (every integrity check, then every document parsed). */
  readonly loadMs: number;
}

/** Load averages (1, 5, 15 minutes). */
export type LoadAverages = readonly number[];

/** A strategy's figures with its latency at the end-to-end budget. */
export interface ResolveOutcome extends StrategyOutcome {
  /** The selection alone on the built index, per call. */
  readonly selection: LatencySummary;
  /** `resolveContext` in process, per call. */
  readonly endToEnd: EndToEndOutcome;
  /** `context.resolve` over MCP stdio, per call, with the load average around it. */
  readonly stdio: StdioOutcome & {
    readonly loadAverage: { readonly before: LoadAverages; readonly after: LoadAverages };
  };
}

function ratio(a: number, b: number): string {
  return b === 0 ? 'n/a' : `${Number((a / b).toPrecision(3))}x`;
}

function megabytes(bytes: number): string {
  return `${formatNumber(bytes / 1_000_000, 2)} MB`;
}

function formatLoad(load: LoadAverages): string {
  return load.map((value) => formatNumber(value, 2)).join(' ');
}

/** What a client waits for, per strategy: the selection alone, in process, over MCP stdio. */
function formatLatencyTable(outcomes: readonly ResolveOutcome[]): string {
  return formatTable(
    [
      { title: 'strategy' },
      { title: 'select p50', align: 'right' },
      { title: 'p95', align: 'right' },
      { title: 'in-process first', align: 'right' },
      { title: 'p50', align: 'right' },
      { title: 'p95', align: 'right' },
      { title: 'MCP stdio first', align: 'right' },
      { title: 'p50', align: 'right' },
      { title: 'p95', align: 'right' },
      { title: 'start', align: 'right' },
      { title: 'load (1/5/15 min)', align: 'right' },
    ],
    outcomes.map((outcome) => [
      outcome.strategy,
      formatNumber(outcome.selection.p50, 2),
      formatNumber(outcome.selection.p95, 2),
      formatNumber(outcome.endToEnd.firstMs, 0),
      formatNumber(outcome.endToEnd.p50, 2),
      formatNumber(outcome.endToEnd.p95, 2),
      formatNumber(outcome.stdio.firstMs, 0),
      formatNumber(outcome.stdio.p50, 2),
      formatNumber(outcome.stdio.p95, 2),
      formatNumber(outcome.stdio.connectMs, 0),
      formatLoad(outcome.stdio.loadAverage.before),
    ]),
  );
}

/** The terminal tables: the build, quality per strategy with bm25 / v0, then latency. */
export function formatResolveTables(
  heading: string,
  build: BuildOutcome,
  outcomes: readonly ResolveOutcome[],
  endToEndBudget: number,
  loads: { readonly start: LoadAverages; readonly end: LoadAverages },
): string {
  const buildTable = formatTable(
    [
      { title: 'documents', align: 'right' },
      { title: 'build ms', align: 'right' },
      { title: 'cache size', align: 'right' },
      { title: 'files', align: 'right' },
      { title: 'sources', align: 'right' },
      { title: 'load + verify ms', align: 'right' },
    ],
    [
      [
        String(build.documents),
        formatNumber(build.buildMs, 0),
        megabytes(build.cache.bytes),
        String(build.cache.files),
        megabytes(build.sourceBytes),
        formatNumber(build.loadMs, 0),
      ],
    ],
  );
  const budgets = outcomes[0]?.budgets.map((entry) => entry.budget) ?? [];
  const qualityTable = formatTable(
    [
      { title: 'strategy' },
      { title: 'nDCG@10', align: 'right' },
      { title: 'R@100', align: 'right' },
      ...budgets.map((budget) => ({ title: `in ${budget}`, align: 'right' as const })),
      { title: 'cold ms', align: 'right' },
      { title: 'p50 ms', align: 'right' },
      { title: 'p95 ms', align: 'right' },
      { title: 'CPU ms', align: 'right' },
    ],
    outcomes.map((outcome) => [
      `${outcome.strategy} (${outcome.tokenCounter})`,
      formatNumber(outcome.quality['ndcg@10'], 4),
      formatNumber(outcome.quality['recall@100'], 4),
      ...outcome.budgets.map((entry) => formatNumber(entry.relevantShare, 4)),
      formatNumber(outcome.coldMs, 0),
      formatNumber(outcome.latencyMs.p50, 1),
      formatNumber(outcome.latencyMs.p95, 1),
      formatNumber(outcome.cpuMs, 2),
    ]),
  );
  const lines = [
    heading,
    buildTable,
    '',
    `Ranking and budgeted quality ("in B" = share of relevant documents inside a ${budgets.join(' / ')}-token selection; cold = first selection, building the index; p50/p95 = later selections of every document on that index, CPU = their process CPU per selection)`,
    qualityTable,
  ];
  const baseline = outcomes[0];
  const tested = outcomes[outcomes.length - 1];
  if (baseline !== undefined && tested !== undefined && baseline !== tested) {
    lines.push(
      `${tested.strategy} / ${baseline.strategy}: nDCG@10 ${ratio(tested.quality['ndcg@10'], baseline.quality['ndcg@10'])}, R@100 ${ratio(tested.quality['recall@100'], baseline.quality['recall@100'])}, ${budgets
        .map(
          (budget, index) =>
            `in ${budget} ${ratio(tested.budgets[index]?.relevantShare ?? 0, baseline.budgets[index]?.relevantShare ?? 0)}`,
        )
        .join(', ')}, p50 ${ratio(tested.latencyMs.p50, baseline.latencyMs.p50)}`,
    );
  }
  lines.push(
    '',
    `What a client waits for at budget ${endToEndBudget}, in ms: the selection alone on the built index; resolveContext in process; context.resolve over MCP stdio to a spawned x-context-cache serve (start = spawn + initialize). "first" verifies the cache, then scores every document (v0, whose index is built right after, in the background) or builds the index (bm25); p50/p95 are the calls after it, answered from the verified cache in memory. Load average before the stdio calls; run from load ${formatLoad(loads.start)} to ${formatLoad(loads.end)}`,
    formatLatencyTable(outcomes),
  );
  for (const outcome of outcomes) {
    lines.push(
      `${outcome.strategy}: MCP stdio p50 ${ratio(outcome.stdio.p50, outcome.selection.p50)} the selection alone, first call ${ratio(outcome.stdio.firstMs, outcome.stdio.p50)} p50`,
    );
  }
  return lines.join('\n');
}

/** The build as results record it. */
export function buildFigures(build: BuildOutcome): Record<string, unknown> {
  return {
    documents: build.documents,
    buildMs: round(build.buildMs, 0),
    builds: build.builds,
    cacheVersion: build.cacheVersion,
    cacheBytes: build.cache.bytes,
    cacheFiles: build.cache.files,
    sourceBytes: build.sourceBytes,
    loadAndVerifyMs: round(build.loadMs, 0),
  };
}

/** One strategy as results record it. */
export function strategyFigures(outcome: ResolveOutcome): Record<string, unknown> {
  const latency = (summary: { p50: number; p95: number; mean: number }) => ({
    p50: round(summary.p50, 2),
    p95: round(summary.p95, 2),
    mean: round(summary.mean, 2),
  });
  return {
    strategy: outcome.strategy,
    tokenCounter: outcome.tokenCounter,
    quality: {
      'ndcg@10': round(outcome.quality['ndcg@10'], 4),
      'recall@100': round(outcome.quality['recall@100'], 4),
    },
    budgets: outcome.budgets.map((entry) => ({
      budget: entry.budget,
      relevantShare: round(entry.relevantShare, 4),
      documentsSelected: round(entry.documentsSelected, 2),
      tokensUsed: round(entry.tokensUsed, 1),
    })),
    coldMs: round(outcome.coldMs, 0),
    selectLatencyMs: latency(outcome.latencyMs),
    selectCpuMs: round(outcome.cpuMs, 3),
    selectAtBudgetMs: latency(outcome.selection),
    resolveContextMs: {
      calls: outcome.endToEnd.calls,
      firstMs: round(outcome.endToEnd.firstMs, 0),
      ...latency(outcome.endToEnd),
    },
    mcpStdioMs: {
      calls: outcome.stdio.calls,
      connectMs: round(outcome.stdio.connectMs, 0),
      firstMs: round(outcome.stdio.firstMs, 0),
      ...latency(outcome.stdio),
      loadAverage: outcome.stdio.loadAverage,
    },
  };
}

/** Bars of p50 and p95 per way of calling, one per strategy, in milliseconds. */
export function renderLatencyChart(outcomes: readonly ResolveOutcome[]): string {
  return renderBarChart({
    title: 'context.resolve latency on SciFact after the first call (bench/results/resolve.json)',
    categories: ['select p50', 'select p95', 'local p50', 'local p95', 'stdio p50', 'stdio p95'],
    series: outcomes.map((outcome) => ({
      name: outcome.strategy,
      values: [
        outcome.selection.p50,
        outcome.selection.p95,
        outcome.endToEnd.p50,
        outcome.endToEnd.p95,
        outcome.stdio.p50,
        outcome.stdio.p95,
      ].map((value) => round(value, 2)),
    })),
    yLabel: 'milliseconds',
    xLabel:
      'the selection alone; resolveContext in process (local); context.resolve over MCP stdio',
  });
}

/** Bars per figure (nDCG@10, R@100, each budget), one per strategy. */
export function renderResolveChart(outcomes: readonly ResolveOutcome[]): string {
  const budgets = outcomes[0]?.budgets.map((entry) => entry.budget) ?? [];
  return renderBarChart({
    title: 'context.resolve on SciFact (bench/results/resolve.json)',
    categories: [
      'nDCG@10',
      'R@100',
      ...budgets.map((budget) => `in ${budget.toLocaleString('en-US')}`),
    ],
    series: outcomes.map((outcome) => ({
      name: outcome.strategy,
      values: [
        round(outcome.quality['ndcg@10'], 4),
        round(outcome.quality['recall@100'], 4),
        ...outcome.budgets.map((entry) => round(entry.relevantShare, 4)),
      ],
    })),
    yLabel: 'score / share',
    xLabel: 'ranking quality, then the share of relevant documents inside a budget of N tokens',
    yMax: 1,
  });
}
