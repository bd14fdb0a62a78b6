import { describe, expect, it } from 'vitest';
import {
  checkTargets,
  formatGatewayTables,
  type GatewayOutcome,
  gatewayFigures,
  renderExecuteChart,
  renderGatewayChart,
} from '../../src/benchmarks/gateway/report.js';

const latency = (p50: number) => ({ p50, p95: p50 * 2, mean: p50 * 1.2 });

const outcome: GatewayOutcome = {
  context: [
    {
      catalog: 'livemcpbench',
      source: 'tools/livemcpbench',
      tools: 527,
      upstreams: 70,
      rawToolsList: 87_702,
      proxyToolsList: 24_208,
      gatewayToolsList: 443,
      browseResponse: 411,
      browseResponseMax: 500,
      browseQueries: 20,
    },
  ],
  scale: [
    {
      size: 10_000,
      coldIngest: { wallMs: 900, cpuMs: 800 },
      warmIngest: { wallMs: 400, cpuMs: 390 },
      encoderMs: 350,
      firstBrowseMs: 40,
      memory: { heapUsedMb: 80, rssMb: 190, heapAddedMb: 40 },
      browseMs: latency(1.5),
      browseCpuMs: 1.2,
      routeMs: latency(0.5),
      queries: 100,
    },
  ],
  execute: {
    repetitions: 10,
    maxInlineTokens: 65_536,
    cases: [
      {
        case: 'echo',
        label: 'worst case: zero-latency echo',
        tool: 'server/tool',
        args: { text: 'benchmark' },
        resultBytes: 9,
        latencyMs: {
          direct: latency(0.5),
          'forwarder-in-process': latency(0.6),
          'gateway-in-process': latency(0.7),
          'forwarder-stdio': latency(0.9),
          'gateway-stdio': latency(1),
          'forwarder-stdio-2026': latency(0.95),
          'gateway-stdio-2026': latency(1.05),
        },
        ratio: {
          'forwarder-in-process': { p50: 1.2, mean: 1.2 },
          'gateway-in-process': { p50: 1.4, mean: 1.4 },
          'forwarder-stdio': { p50: 1.8, mean: 1.8 },
          'gateway-stdio': { p50: 2, mean: 2 },
          'forwarder-stdio-2026': { p50: 1.9, mean: 1.9 },
          'gateway-stdio-2026': { p50: 2.1, mean: 2.1 },
        },
        modelTokens: { passThrough: 7, envelopeJson: 73 },
        gatewayOwnMs: { 'in-process': 0.1, stdio: 0.1, 'stdio-2026': 0.1 },
      },
      {
        case: 'file-read',
        label: 'realistic: read_text_file of a 50 KB file (official filesystem server)',
        tool: 'files/read_text_file',
        args: { path: '<tmp>/tool-descriptions.txt' },
        resultBytes: 50_000,
        latencyMs: {
          direct: latency(1),
          'forwarder-in-process': latency(1.05),
          'gateway-in-process': latency(1.1),
          'forwarder-stdio': latency(1.4),
          'gateway-stdio': latency(1.5),
          'forwarder-stdio-2026': latency(1.45),
          'gateway-stdio-2026': latency(1.55),
        },
        ratio: {
          'forwarder-in-process': { p50: 1.05, mean: 1.05 },
          'gateway-in-process': { p50: 1.1, mean: 1.1 },
          'forwarder-stdio': { p50: 1.4, mean: 1.4 },
          'gateway-stdio': { p50: 1.5, mean: 1.5 },
          'forwarder-stdio-2026': { p50: 1.45, mean: 1.45 },
          'gateway-stdio-2026': { p50: 1.55, mean: 1.55 },
        },
        modelTokens: { passThrough: 10_464, envelopeJson: 11_224 },
        gatewayOwnMs: { 'in-process': 0.05, stdio: 0.1, 'stdio-2026': 0.1 },
      },
    ],
  },
};

describe('gateway benchmark report', () => {
  it('checks the browse, ingest and execute targets against the 10,000-tool figures', () => {
    expect(checkTargets(outcome).map((check) => check.met)).toEqual([true, true, false, true]);
  });

  it('checks the execute target once per case and names the case in the target', () => {
    const execute = checkTargets(outcome).slice(2);
    expect(execute.map((check) => check.target)).toEqual([
      'tool_execute overhead < 1.2x a direct call (in-process gateway, p50), worst case: zero-latency echo',
      'tool_execute overhead < 1.2x a direct call (in-process gateway, p50), realistic: read_text_file of a 50 KB file (official filesystem server)',
    ]);
    expect(execute.map((check) => check.measured)).toEqual([
      '1.40x (a forwarder alone: 1.20x; over stdio: gateway 2.00x, forwarder 1.80x)',
      '1.10x (a forwarder alone: 1.05x; over stdio: gateway 1.50x, forwarder 1.40x)',
    ]);
  });

  it('prints one overhead row per case and path, and the rounded ratios of each case in JSON', () => {
    const text = formatGatewayTables(outcome, checkTargets(outcome));
    expect(text.match(/^\s*file-read\s+gateway-in-process\s.*1\.10x\s*$/m)).not.toBeNull();
    expect(text.match(/^\s*echo\s+direct\s.*1\.00x\s*$/m)).not.toBeNull();
    expect(text.match(/^\s*echo\s+gateway-stdio\s.*\s0\.500\s+2\.00x\s*$/m)).not.toBeNull();
    expect(text).toContain(
      "echo: the gateway's own work adds 0.100 ms (p50) to the forwarder in process, 0.100 ms over stdio (2025), 0.100 ms over stdio (2026-07-28);",
    );
    expect(text).toContain(
      'a model reads 7 tokens of the result (the envelope as JSON text would be 73)',
    );
    expect(text).toContain('maxInlineTokens 65536');
    const figures = gatewayFigures(outcome).execute as {
      cases: { case: string; ratio: Record<string, { p50: number }> }[];
    };
    expect(
      figures.cases.map((measured) => [measured.case, measured.ratio['gateway-in-process']?.p50]),
    ).toEqual([
      ['echo', 1.4],
      ['file-read', 1.1],
    ]);
  });

  it('shows the CPU of a browse beside its wall time and the route alone', () => {
    expect(checkTargets(outcome)[0]?.measured).toBe(
      '1.50 ms (route alone 0.50 ms; CPU 1.20 ms per browse)',
    );
    expect(formatGatewayTables(outcome, checkTargets(outcome))).toContain('browse CPU');
    expect(gatewayFigures(outcome)).toMatchObject({
      scale: [{ browseCpuMs: 1.2 }],
    });
  });

  it('shows the one-time encoder build beside the ingest it is not part of', () => {
    const ingest = checkTargets(outcome)[1];
    expect(ingest?.measured).toBe('900 ms wall, 800 ms CPU (+ encoder 350 ms once per process)');
    const text = formatGatewayTables(outcome, checkTargets(outcome));
    expect(text).toContain('encoder ms');
    expect(text).toContain('1st browse ms');
  });

  it('prints the context, scale, overhead and target tables', () => {
    const text = formatGatewayTables(outcome, checkTargets(outcome));
    expect(text).toContain('livemcpbench');
    expect(text).toContain('103x');
    expect(text).toContain('gateway-stdio');
    expect(text).toContain('NO');
  });

  it('draws one line per mode', () => {
    const chart = renderGatewayChart(outcome);
    expect(chart.match(/<polyline/g)).toHaveLength(3);
    expect(chart).toContain('gateway + browse');
  });

  it('draws one bar per non-direct path and case, at its p50 ratio', () => {
    const svg = renderExecuteChart(outcome.execute);
    expect(svg.match(/<rect [^>]*><title>/g)).toHaveLength(12);
    expect(svg).toContain('<title>gateway-in-process: 1.4</title>');
    expect(svg).toContain('<title>forwarder-stdio: 1.4</title>');
    expect(renderExecuteChart(outcome.execute)).toBe(svg);
  });
});
