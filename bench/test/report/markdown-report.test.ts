import { describe, expect, it } from 'vitest';
import { renderMarkdownReport } from '../../src/report/markdown-report.js';

const measured = {
  benchmark: {
    name: 'search',
    description: 'the core ranker',
    about: {
      datasets: [
        {
          name: 'SciFact',
          folder: 'docs/scifact',
          source: 'BEIR',
          address: 'https://example.org/beir',
          license: 'CC BY-NC 2.0',
        },
      ],
      published: [{ figure: 'BM25 nDCG@10 0.665', source: 'BEIR Table 2' }],
    },
  },
  result: {
    command: 'pnpm bench search',
    mode: 'standard',
    table: 'ranker  nDCG@10\ncore    0.70\n',
    environment: { node: 'v20.20.2', cores: 2 },
  },
  chart: true,
};

describe('renderMarkdownReport', () => {
  it('writes a section per benchmark with its table, chart, data, command and published figures', () => {
    const report = renderMarkdownReport([measured]);
    expect(report).toContain('## search');
    expect(report).toContain(
      'Reproduce: `pnpm bench search` (mode `standard`) on Node v20.20.2, 2 cores.',
    );
    expect(report).toContain(
      '- SciFact: `docs/scifact` of the data folder; BEIR; https://example.org/beir',
    );
    expect(report).not.toContain('../');
    expect(report).toContain('- BM25 nDCG@10 0.665 (BEIR Table 2)');
    expect(report).toContain('```text\nranker  nDCG@10\ncore    0.70\n```');
    expect(report).toContain('![search chart](results/search.svg)');
    expect(renderMarkdownReport([measured])).toBe(report);
  });

  it('shows every further chart of a benchmark after its main chart, in the order given', () => {
    const report = renderMarkdownReport([{ ...measured, extraCharts: ['latency', 'recall'] }]);
    const main = report.indexOf('![search chart](results/search.svg)');
    const latency = report.indexOf('![search latency chart](results/search-latency.svg)');
    const recall = report.indexOf('![search recall chart](results/search-recall.svg)');
    expect(main).toBeGreaterThan(0);
    expect(latency).toBeGreaterThan(main);
    expect(recall).toBeGreaterThan(latency);
  });

  it('says "none published" and "not run yet" rather than inventing figures', () => {
    const report = renderMarkdownReport([
      { ...measured, benchmark: { ...measured.benchmark, about: { datasets: [], published: [] } } },
      {
        benchmark: { name: 'gateway', description: 'the gateway' },
        result: undefined,
        chart: false,
      },
    ]);
    expect(report).toContain('- none published');
    expect(report).toContain('Not run yet: `pnpm bench gateway`.');
    expect(report).not.toContain('results/gateway.svg');
  });
});
