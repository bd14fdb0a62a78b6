import { renderBarChart } from '../../report/bar-chart.js';
import { round } from '../../report/result-file.js';
import { formatNumber, formatTable } from '../../report/table.js';
import type { DisclosureCost, ReadCost } from './measure.js';
import type { DisclosedServer } from './servers.js';

/** The figures of one server. */
export interface DisclosureOutcome {
  /** The server, without its live parts. */
  readonly server: Pick<DisclosedServer, 'name' | 'title' | 'source'>;
  /** Its token figures. */
  readonly cost: DisclosureCost;
}

/** Stage 1 plus the mean read of k descriptions: what a model pays to use k tools. */
export function useCost(cost: DisclosureCost, read: ReadCost): number {
  return cost.stageOne + read.mean;
}

function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : (100 * part) / whole;
}

/** The terminal table: stage 1 and the cost of k tools against the full `tools/list`. */
export function formatDisclosureTable(outcomes: readonly DisclosureOutcome[]): string {
  const ks = outcomes[0]?.cost.reads.map((read) => read.k) ?? [];
  const table = formatTable(
    [
      { title: 'tools set' },
      { title: 'tools', align: 'right' },
      { title: 'full tools/list', align: 'right' },
      { title: 'stage 1', align: 'right' },
      { title: '% of full', align: 'right' },
      ...ks.flatMap((k) => [
        { title: `use ${k}`, align: 'right' as const },
        { title: '% of full', align: 'right' as const },
      ]),
    ],
    outcomes.map(({ server, cost }) => [
      server.title,
      String(cost.tools),
      formatNumber(cost.full, 0),
      formatNumber(cost.stageOne, 0),
      `${formatNumber(percent(cost.stageOne, cost.full), 1)}%`,
      ...cost.reads.flatMap((read) => [
        formatNumber(useCost(cost, read), 0),
        `${formatNumber(percent(useCost(cost, read), cost.full), 1)}%`,
      ]),
    ]),
  );
  return [
    'Progressive disclosure (cl100k_base tokens; "use k" = stage-1 tools/list + one read of k full descriptions, mean over draws)',
    table,
  ].join('\n');
}

/** One server as results record it. */
export function outcomeFigures({ server, cost }: DisclosureOutcome): Record<string, unknown> {
  return {
    name: server.name,
    title: server.title,
    source: server.source,
    tools: cost.tools,
    fullToolsListTokens: cost.full,
    stageOneTokens: cost.stageOne,
    stageOneReductionPercent: round(100 - percent(cost.stageOne, cost.full), 1),
    useTools: cost.reads.map((read) => ({
      k: read.k,
      reads: read.reads,
      readTokens: { mean: round(read.mean, 1), min: read.min, max: read.max },
      sameToolsInFullListMean: round(read.fullEntriesMean, 1),
      totalTokens: round(useCost(cost, read), 1),
      percentOfFull: round(percent(useCost(cost, read), cost.full), 1),
    })),
  };
}

/** Bars per server: the full list (100%), stage 1 and the cost of k tools, in percent of the full list. */
export function renderDisclosureChart(outcomes: readonly DisclosureOutcome[]): string {
  const ks = outcomes[0]?.cost.reads.map((read) => read.k) ?? [];
  return renderBarChart({
    title: 'Progressive disclosure, % of the full tools/list (bench/results/disclosure.json)',
    categories: outcomes.map(({ server, cost }) => `${server.title} (${cost.tools} tools)`),
    series: [
      { name: 'full tools/list', values: outcomes.map(() => 100) },
      {
        name: 'stage 1',
        values: outcomes.map(({ cost }) => round(percent(cost.stageOne, cost.full), 1)),
      },
      ...ks.map((k, index) => ({
        name: `use ${k} tool${k === 1 ? '' : 's'}`,
        values: outcomes.map(({ cost }) => {
          const read = cost.reads[index];
          return read === undefined ? 0 : round(percent(useCost(cost, read), cost.full), 1);
        }),
      })),
    ],
    yLabel: '% of the full tools/list tokens',
    xLabel: 'use k tools = stage 1 + one read of k descriptions',
    yMax: 100,
  });
}
