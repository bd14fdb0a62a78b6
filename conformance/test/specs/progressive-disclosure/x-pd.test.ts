import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConformanceReport,
  createReport,
  createTarget,
  referenceTargets,
  runConformance,
} from '../../../src/index.js';
import { progressiveDisclosureSpec } from '../../../src/specs/progressive-disclosure/index.js';
import { progressiveDisclosureTargets } from '../../../src/specs/progressive-disclosure/targets.js';
import type { HttpFixture } from '../../helpers.js';
import { startDemoOverHttp, UNOBSERVABLE } from './pd-targets.js';

/** The `pd.*` results of `target` as [id, status], and the messages of those not passed. */
function statuses(report: ConformanceReport, target: string): [string, string][] {
  const results = report.targets.find((candidate) => candidate.target === target)?.results ?? [];
  return results
    .filter((result) => result.id.startsWith('pd.'))
    .map((result) => [result.id, result.status]);
}

/** One line per result that did not pass, to explain a failed expectation. */
function notPassed(report: ConformanceReport): string {
  return report.targets
    .flatMap((target) => target.results.map((result) => ({ target: target.target, ...result })))
    .filter((result) => result.status !== 'pass')
    .map((result) => `${result.target} ${result.id} ${result.status}: ${result.message}`)
    .join('\n');
}

/** Every requirement but the MAYs and those MCP cannot show (`unchecked`), passed. */
function expected(unchecked: readonly string[]): [string, string][] {
  return progressiveDisclosureSpec.requirements
    .filter((requirement) => requirement.level !== 'MAY' && !unchecked.includes(requirement.id))
    .map((requirement) => [requirement.id, 'pass']);
}

describe('the real x-pd', () => {
  let demo: HttpFixture | undefined;
  let report: ConformanceReport;
  let overHttp: ConformanceReport;

  beforeAll(async () => {
    demo = await startDemoOverHttp();
    const url = demo.url;
    // mcp-base on x-pd is left to the full run (`pnpm conformance`), to keep this test short; the
    // targets run side by side, as their processes mostly wait, with time limits for a busy
    // machine (x-pd wrap starts three official servers per session).
    const options = { specs: ['progressive-disclosure'], timeoutMs: 30_000 };
    const [demoReport, wrapReport, httpReport] = await Promise.all([
      ...progressiveDisclosureTargets.map((target) =>
        runConformance({ targets: [target], ...options }),
      ),
      // Two sessions apart is a 2025-era promise: in the 2026-07-28 era every caller without a
      // token shares the anonymous scope (docs/protocol-eras.md), so this run pins the 2025 era.
      runConformance({
        targets: [createTarget('x-pd demo over http', { kind: 'http', url })],
        ...options,
        era: 'legacy',
      }),
    ]);
    if (demoReport === undefined || wrapReport === undefined || httpReport === undefined) {
      throw new Error('expected three reports');
    }
    report = createReport([...demoReport.targets, ...wrapReport.targets]);
    overHttp = httpReport;
  }, 120_000);

  afterAll(async () => {
    await demo?.close();
  });

  it('is registered with absolute paths, so it runs from any working directory', async () => {
    expect(referenceTargets.map((target) => target.name)).toEqual(
      expect.arrayContaining(['x-pd demo', 'x-pd wrap']),
    );
    const wrap = progressiveDisclosureTargets.find((target) => target.name === 'x-pd wrap');
    const setup = await wrap?.setup();
    if (setup?.transport.kind !== 'stdio') throw new Error('expected a stdio transport');
    const config = setup.transport.args.at(-1) ?? '';
    expect(isAbsolute(setup.transport.command) && existsSync(setup.transport.command)).toBe(true);
    expect(isAbsolute(config) && existsSync(config)).toBe(true);
    expect(setup.transport.env?.PATH?.split(':')[0]).toMatch(/node_modules\/\.bin$/);
    for (const target of progressiveDisclosureTargets) {
      expect(target.specs).toEqual(['mcp-base', 'progressive-disclosure']);
    }
  });

  it('x-pd demo passes every requirement MCP can show', () => {
    expect(statuses(report, 'x-pd demo'), notPassed(report)).toEqual(expected(UNOBSERVABLE));
  });

  it('x-pd wrap passes every requirement, checking the examples and guidance of its description files', () => {
    expect(statuses(report, 'x-pd wrap'), notPassed(report)).toEqual(expected(UNOBSERVABLE));
    const examples = report.targets
      .find((target) => target.target === 'x-pd wrap')
      ?.results.find((result) => result.id === 'pd.3.2.examples');
    expect(examples?.message).toMatch(/^\d+ of \d+ tools have examples, all valid calls$/);
  });

  it('x-pd demo over Streamable HTTP keeps the grants of two sessions apart, and passes', () => {
    expect(statuses(overHttp, 'x-pd demo over http'), notPassed(overHttp)).toEqual(
      expected(UNOBSERVABLE),
    );
    const isolation = overHttp.targets[0]?.results.find(
      (result) => result.id === 'pd.5.1.session-isolation',
    );
    expect(isolation?.message).toBe(
      '"notes_search" is refused in a second MCP session of the same endpoint open at the same time',
    );
  });
});
