import { renderLineChart } from '../../report/line-chart.js';
import { round } from '../../report/result-file.js';
import { formatNumber, formatTable } from '../../report/table.js';
import type { Deployment } from './deployments.js';
import type { DiscoveryCost } from './discovery.js';

/** The figures of one set of tools. */
export interface TokensOutcome {
  /** The set, without its live parts. */
  readonly deployment: Pick<Deployment, 'name' | 'title' | 'source' | 'upstreams'>;
  /** How many tools the upstreams list. */
  readonly tools: number;
  /** Tokens of the upstreams' `tools/list` tools arrays (compact JSON), together. */
  readonly rawTokens: number;
  /** What the CaSH aggregate costs, layer by layer. */
  readonly discovery: DiscoveryCost;
}

/** What a model reads before its first call through CaSH: `tools/list` and one answer of each help layer (means). */
export function pathToFirstCall(discovery: DiscoveryCost): number {
  return discovery.toolsList + discovery.index + discovery.namespace.mean + discovery.function.mean;
}

function ratio(a: number, b: number): string {
  return b === 0 ? 'n/a' : `${Number((a / b).toPrecision(3))}x`;
}

function whole(value: number): string {
  return formatNumber(value, 0);
}

/** The two terminal tables: context before the first action, and the help layers. */
export function formatTokensTables(outcomes: readonly TokensOutcome[]): string {
  const context = formatTable(
    [
      { title: 'tools set' },
      { title: 'tools', align: 'right' },
      { title: 'upstreams', align: 'right' },
      { title: 'raw tools/list', align: 'right' },
      { title: 'CaSH tools/list', align: 'right' },
      { title: 'raw / CaSH', align: 'right' },
    ],
    outcomes.map((outcome) => [
      outcome.deployment.title,
      String(outcome.tools),
      String(outcome.deployment.upstreams),
      whole(outcome.rawTokens),
      whole(outcome.discovery.toolsList),
      ratio(outcome.rawTokens, outcome.discovery.toolsList),
    ]),
  );
  const layers = formatTable(
    [
      { title: 'tools set' },
      { title: 'help()', align: 'right' },
      { title: 'help(ns) mean', align: 'right' },
      { title: 'max', align: 'right' },
      { title: 'help(ns, fn) mean', align: 'right' },
      { title: 'max', align: 'right' },
      { title: 'fns read', align: 'right' },
      { title: 'list + 3 layers', align: 'right' },
      { title: 'raw / that', align: 'right' },
    ],
    outcomes.map(({ deployment, discovery, rawTokens }) => [
      deployment.title,
      whole(discovery.index),
      whole(discovery.namespace.mean),
      whole(discovery.namespace.max),
      whole(discovery.function.mean),
      whole(discovery.function.max),
      `${discovery.function.calls}/${discovery.functions}`,
      whole(pathToFirstCall(discovery)),
      ratio(rawTokens, pathToFirstCall(discovery)),
    ]),
  );
  return [
    'Context before the first action (cl100k_base tokens of the tools/list tools array)',
    context,
    '',
    'CaSH discovery layers (tokens of each markdown help answer; "list + 3 layers" = tools/list + help() + mean help(ns) + mean help(ns, fn))',
    layers,
  ].join('\n');
}

/** One set as results record it. */
export function outcomeFigures(outcome: TokensOutcome): Record<string, unknown> {
  const { deployment, discovery } = outcome;
  return {
    name: deployment.name,
    title: deployment.title,
    source: deployment.source,
    tools: outcome.tools,
    upstreams: deployment.upstreams,
    rawToolsListTokens: outcome.rawTokens,
    cash: {
      toolsListTokens: discovery.toolsList,
      listedTools: discovery.listedTools,
      namespaces: discovery.namespaces,
      functions: discovery.functions,
      help: {
        index: discovery.index,
        namespace: layerFigures(discovery.namespace),
        function: layerFigures(discovery.function),
      },
      pathToFirstCallTokens: round(pathToFirstCall(discovery), 1),
    },
    rawOverCashToolsList: round(outcome.rawTokens / discovery.toolsList, 2),
    rawOverPathToFirstCall: round(outcome.rawTokens / pathToFirstCall(discovery), 2),
  };
}

function layerFigures(layer: DiscoveryCost['namespace']): Record<string, number> {
  return { calls: layer.calls, mean: round(layer.mean, 1), max: layer.max };
}

/** Tokens against the number of tools, both axes logarithmic. */
export function renderTokensChart(outcomes: readonly TokensOutcome[]): string {
  const line = (name: string, value: (outcome: TokensOutcome) => number) => ({
    name,
    points: outcomes.map((outcome) => [outcome.tools, round(value(outcome), 1)] as const),
  });
  return renderLineChart({
    title: 'Context tokens by number of tools (bench/results/tokens.json)',
    xLabel: 'tools behind the server (log scale)',
    yLabel: 'cl100k_base tokens (log scale)',
    xScale: 'log',
    yScale: 'log',
    series: [
      line('raw tools/list', (outcome) => outcome.rawTokens),
      line('CaSH tools/list', (outcome) => outcome.discovery.toolsList),
      line('help()', (outcome) => outcome.discovery.index),
      line('help(ns) mean', (outcome) => outcome.discovery.namespace.mean),
      line('help(ns, fn) mean', (outcome) => outcome.discovery.function.mean),
    ],
  });
}
