import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppInstance, startApp } from '../../src/benchmarks/load/processes.js';
import { writeLoadConfig } from '../../src/benchmarks/load/scenarios.js';
import { runChurn } from '../../src/benchmarks/soak/churn.js';
import {
  formatSoakTable,
  renderSoakChart,
  type SoakRow,
  summarizeRss,
  WINDOWS,
} from '../../src/benchmarks/soak/report.js';
import { parseVmRss, readRssMiB } from '../../src/benchmarks/soak/rss.js';
import { findRepositoryRoot } from '../../src/paths.js';

/** Readings every 10 s from 0 to 600 s, following `shape`. */
const readings = (shape: (seconds: number) => number) =>
  Array.from({ length: 61 }, (_, index) => ({ seconds: index * 10, rssMiB: shape(index * 10) }));

describe('the soak summary', () => {
  it('calls a garbage-collection sawtooth without a trend flat, and a steady rise not', () => {
    const sawtooth = summarizeRss(
      readings((seconds) => 400 + ((seconds / 10) % 6) * 40),
      120,
      600,
    );
    expect(sawtooth.windows).toHaveLength(WINDOWS);
    expect(sawtooth).toMatchObject({ min: 400, max: 600, floorDrift: 0, peakDrift: 0, flat: true });
    expect(Math.abs(sawtooth.trend)).toBeLessThan(0.05);
    const leak = summarizeRss(
      readings((seconds) => 100 + seconds),
      120,
      600,
    );
    expect(leak.flat).toBe(false);
    expect(leak.slopePerMinute).toBeCloseTo(60, 5);
    // 60 MiB a minute over 8 minutes, on a mean of 460 MiB.
    expect(leak.trend).toBeCloseTo(480 / 460, 5);
    // First window 120-180 s: floor 220 MiB; last window 540-600 s: floor 640 MiB.
    expect(leak.floorDrift).toBeCloseTo(640 / 220 - 1, 5);
  });

  it('ignores what happens during warm-up and keeps every window non-empty (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1, max: 1_000, noNaN: true }), { minLength: 61, maxLength: 61 }),
        (values) => {
          const samples = values.map((rssMiB, index) => ({ seconds: index * 10, rssMiB }));
          const summary = summarizeRss(samples, 120, 600);
          const after = values.slice(12);
          expect(summary.min).toBe(Math.min(...after));
          expect(summary.max).toBe(Math.max(...after));
          for (const window of summary.windows)
            expect(window.floor).toBeLessThanOrEqual(window.peak);
        },
      ),
    );
  });

  it('refuses a soak too short to fill its windows', () => {
    expect(() => summarizeRss(readings(() => 1).slice(0, 20), 120, 600)).toThrow(/no RSS sample/);
  });

  it('reads VmRSS from a /proc status text and refuses one without it', () => {
    expect(parseVmRss('Name:\tnode\nVmRSS:\t  204800 kB\nThreads:\t11\n')).toBe(200);
    expect(() => parseVmRss('Name:\tnode\n')).toThrow(/no VmRSS/);
  });

  it('tables and draws both eras', () => {
    const samples = readings(() => 300);
    const summary = summarizeRss(samples, 120, 600);
    const rows: SoakRow[] = (['legacy', 'modern'] as const).map((era) => ({
      era,
      sessions: 10,
      calls: 100,
      errors: 0,
      sampleErrors: [],
      samples,
      summary,
    }));
    const table = formatSoakTable(rows);
    expect(table).toContain('2025 sessions');
    expect(table).toContain('2026-07-28 stateless');
    expect(table).toMatch(/300\/300\s+300\/300\s+\+0\.0%\s+\+0\.0%\s+0\.0\s+\+0\.0%\s+yes/);
    const chart = renderSoakChart(rows, 30);
    expect(chart.match(/<polyline/g)).toHaveLength(2);
    expect(chart).toContain('RSS, MiB');
  });
});

describe('the soak clients', () => {
  let gateway: AppInstance | undefined;
  const root = findRepositoryRoot();
  beforeAll(async () => {
    const { mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const folder = await mkdtemp(join(tmpdir(), 'x-bench-soak-test-'));
    const config = await writeLoadConfig(
      folder,
      join(root, 'packages', 'core', 'dist', 'catalog-server', 'bin.js'),
    );
    gateway = await startApp(join(root, 'apps', 'gateway', 'dist', 'cli.js'), [
      'serve',
      '--config',
      config,
      '--quiet',
    ]);
  }, 60_000);
  afterAll(async () => {
    await gateway?.stop();
  });

  it.each(['legacy', 'modern'] as const)(
    'churn sessions in the %s era with no errors, and the gateway RSS can be read',
    async (era) => {
      const target = gateway as AppInstance;
      let asked = 0;
      // Two clients, stopping once about four sessions' worth of checks have been asked.
      const run = await runChurn({
        url: target.url,
        era,
        clients: 2,
        callsPerSession: 4,
        largeSize: 20_000,
        shouldStop: () => {
          asked += 1;
          return asked > 16;
        },
      });
      expect(run.errors).toBe(0);
      expect(run.sessions).toBeGreaterThanOrEqual(2);
      expect(run.calls).toBeGreaterThanOrEqual(run.sessions);
      expect(await readRssMiB(target.pid)).toBeGreaterThan(10);
    },
    60_000,
  );
});
