import { describe, expect, it } from 'vitest';
import { renderBarChart } from '../../src/report/bar-chart.js';
import { logTicks, renderLineChart } from '../../src/report/line-chart.js';
import { round, stringifyResult } from '../../src/report/result-file.js';
import { formatTable } from '../../src/report/table.js';

describe('formatTable', () => {
  it('pads columns to the widest cell and right-aligns numbers', () => {
    const table = formatTable(
      [{ title: 'ranker' }, { title: 'score', align: 'right' }],
      [
        ['core', '0.7'],
        ['baseline', '0.65'],
      ],
    );
    expect(table).toBe(
      ['ranker    score', '--------  -----', 'core        0.7', 'baseline   0.65'].join('\n'),
    );
  });
});

describe('stringifyResult', () => {
  it('sorts keys at every level, keeps array order and drops undefined', () => {
    const text = stringifyResult({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } });
    expect(text).toBe(
      '{\n  "a": {\n    "d": [\n      3,\n      {\n        "y": 2,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}\n',
    );
    expect(round(0.123456, 4)).toBe(0.1235);
  });
});

describe('SVG charts', () => {
  it('draws one bar per value, escapes labels and gives the same bytes for the same chart', () => {
    const chart = {
      title: 'Quality <&>',
      categories: ['SciFact', 'Seal-Tools'],
      series: [
        { name: 'core', values: [0.7, 0.9] },
        { name: 'baseline', values: [0.6, 0.8] },
      ],
      yLabel: 'nDCG@10',
    };
    const svg = renderBarChart(chart);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('Quality &lt;&amp;&gt;');
    expect(svg.match(/<rect [^>]*><title>/g)).toHaveLength(4);
    expect(renderBarChart(chart)).toBe(svg);
  });

  it('draws a line per series through its points', () => {
    const svg = renderLineChart({
      title: 'Latency',
      series: [
        {
          name: 'p50',
          points: [
            [1000, 0.2],
            [10_000, 1.1],
          ],
        },
      ],
      xLabel: 'tools',
      yLabel: 'ms',
    });
    expect(svg.match(/<polyline /g)).toHaveLength(1);
    expect(svg.match(/<circle /g)).toHaveLength(2);
    expect(svg).toContain('>10k</text>');
  });

  it('draws log axes with power-of-ten grid lines and leaves out points it cannot place', () => {
    expect(logTicks(36, 971_474)).toEqual([10, 100, 1_000, 10_000, 100_000, 1_000_000]);
    expect(logTicks(5, 5)).toEqual([1, 10]);
    const svg = renderLineChart({
      title: 'Tokens',
      series: [
        {
          name: 'raw',
          points: [
            [0, 5],
            [100, 1_000],
            [10_000, 1_000_000],
          ],
        },
      ],
      xLabel: 'tools',
      yLabel: 'tokens',
      xScale: 'log',
      yScale: 'log',
    });
    expect(svg.match(/<circle /g)).toHaveLength(2);
    expect(svg).toContain('>1M</text>');
    expect(svg).toContain('>100k</text>');
    expect(svg).toContain('>1000</text>');
  });
});
