import { describe, expect, it } from 'vitest';
import {
  createHttpFixtureTarget,
  createStdioFixtureTarget,
} from '../../src/era/era-fixture-targets.js';
import { type ConformanceReport, referenceTargets, runConformance } from '../../src/index.js';

function failures(report: ConformanceReport) {
  return report.targets
    .flatMap((target) => target.results)
    .filter((result) => result.status === 'fail');
}

function erasOf(report: ConformanceReport) {
  return report.targets.map((target) => [target.era, target.results.length > 0]);
}

// Each test starts several servers on a shared machine: a generous time limit, no timed assertion.
describe('era negotiation', { timeout: 180_000 }, () => {
  it('checks an SDK v2 modern-only server in the 2026-07-28 era, over stdio and HTTP, with no failure', async () => {
    const report = await runConformance({
      targets: [
        createStdioFixtureTarget('modern-only', 'modern-only.mjs'),
        createHttpFixtureTarget('modern-only http', 'modern-only.mjs'),
      ],
    });
    expect(failures(report)).toEqual([]);
    expect(erasOf(report)).toEqual([
      ['modern', true],
      ['modern', true],
    ]);
    expect(report.targets.every((target) => target.specs.includes('mcp-2026'))).toBe(true);
    // The methods 2026-07-28 removed are checked in the 2025 era only, never reported as skips.
    const ids = report.targets.flatMap((target) => target.results.map((result) => result.id));
    expect(ids).not.toContain('mcp.lifecycle.initialize');
    expect(ids).not.toContain('mcp.ping.empty-result');
  });

  it('falls back to the 2025 handshake on 2025-only servers, with no failure and no 2026 check', async () => {
    const memory = referenceTargets.find((target) => target.name === 'memory');
    if (memory === undefined) throw new Error('no memory target');
    const report = await runConformance({
      targets: [
        createStdioFixtureTarget('legacy-only', 'legacy-only.mjs'),
        createHttpFixtureTarget('legacy-only http', 'legacy-only.mjs'),
        memory,
      ],
    });
    expect(failures(report)).toEqual([]);
    expect(erasOf(report)).toEqual([
      ['legacy', true],
      ['legacy', true],
      ['legacy', true],
    ]);
    const results = report.targets.flatMap((target) => target.results);
    expect(results.every((result) => result.era === 'legacy')).toBe(true);
    expect(results.some((result) => result.id.startsWith('mcp2026.'))).toBe(false);
  });

  it('with both, checks each era a server serves and notes the one it refuses', async () => {
    const report = await runConformance({
      targets: [createStdioFixtureTarget('modern-only', 'modern-only.mjs')],
      era: 'both',
    });
    expect(failures(report)).toEqual([]);
    expect(erasOf(report)).toEqual([
      ['modern', true],
      ['legacy', false],
    ]);
    expect(report.targets[1]?.note).toMatch(
      /^does not serve the 2025 era: initialize was refused with -32022 Unsupported protocol version/,
    );
  });

  it('reports a pinned era the server does not serve as a target that cannot start', async () => {
    await expect(
      runConformance({
        targets: [createStdioFixtureTarget('legacy-only', 'legacy-only.mjs')],
        era: 'modern',
      }),
    ).rejects.toMatchObject({
      code: 'TARGET_START_FAILED',
      message: expect.stringMatching(/server\/discover got no result/),
    });
    await expect(runConformance({ targets: [], era: 'sometimes' as never })).rejects.toMatchObject({
      code: 'USAGE',
    });
  });
});
