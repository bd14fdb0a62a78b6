import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ConformanceReport,
  createReport,
  referenceTargets,
  runConformance,
} from '../../../src/index.js';
import { progressiveDisclosureSpec } from '../../../src/specs/progressive-disclosure/index.js';
import { progressiveDisclosureTargets } from '../../../src/specs/progressive-disclosure/targets.js';
import { NEEDS_RESTRICTED_CALLER, UNOBSERVABLE } from './pd-targets.js';

/** The registered x-pd demo over Streamable HTTP, with bearer tokens for its callers. */
const HTTP_TARGET = 'x-pd demo http';

/** The `pd.*` results of `target` (in every era it was checked in) as [id, status]. */
function statuses(report: ConformanceReport, target: string): [string, string][] {
  const results = report.targets
    .filter((candidate) => candidate.target === target)
    .flatMap((candidate) => candidate.results);
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

/**
 * Every requirement but the MAYs and those MCP cannot show, passed; over stdio, where no caller
 * has credentials, the restricted caller's check skipped.
 */
function expected(kind: 'stdio' | 'http'): [string, string][] {
  return progressiveDisclosureSpec.requirements
    .filter((requirement) => requirement.level !== 'MAY' && !UNOBSERVABLE.includes(requirement.id))
    .map((requirement) => [
      requirement.id,
      kind === 'stdio' && requirement.id === NEEDS_RESTRICTED_CALLER ? 'not-applicable' : 'pass',
    ]);
}

describe('the real x-pd', () => {
  let report: ConformanceReport;
  let overHttp: ConformanceReport;

  beforeAll(async () => {
    // mcp-base on x-pd is left to the full run (`pnpm conformance`), to keep this test short; the
    // targets run side by side, as their processes mostly wait, with time limits for a busy
    // machine (x-pd wrap starts three official servers per session).
    const options = { specs: ['progressive-disclosure'], timeoutMs: 30_000 };
    const [demoReport, wrapReport, httpReport] = await Promise.all(
      progressiveDisclosureTargets.map((target) =>
        // Over HTTP, both eras: MCP sessions in 2025; in 2026-07-28, callers told apart by bearer
        // token (docs/protocol-eras.md: grants belong to the principal).
        runConformance({
          targets: [target],
          ...options,
          ...(target.name === HTTP_TARGET ? { era: 'both' as const } : {}),
        }),
      ),
    );
    if (demoReport === undefined || wrapReport === undefined || httpReport === undefined) {
      throw new Error('expected three reports');
    }
    report = createReport([...demoReport.targets, ...wrapReport.targets]);
    overHttp = httpReport;
    // Four runs, the HTTP one in both eras, on a shared machine: a roomy limit, not a measurement.
  }, 300_000);

  it('is registered with absolute paths, so it runs from any working directory', async () => {
    expect(referenceTargets.map((target) => target.name)).toEqual(
      expect.arrayContaining(['x-pd demo', 'x-pd wrap', HTTP_TARGET]),
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
    expect(statuses(report, 'x-pd demo'), notPassed(report)).toEqual(expected('stdio'));
  });

  it('x-pd wrap passes every requirement, checking the examples and guidance of its description files', () => {
    expect(statuses(report, 'x-pd wrap'), notPassed(report)).toEqual(expected('stdio'));
    const examples = report.targets
      .find((target) => target.target === 'x-pd wrap')
      ?.results.find((result) => result.id === 'pd.3.2.examples');
    expect(examples?.message).toMatch(/^\d+ of \d+ tools have examples, all valid calls$/);
  });

  it('x-pd demo over Streamable HTTP passes in both eras: grants apart per 2025 session and per 2026-07-28 caller, roles kept', () => {
    expect(overHttp.targets.map((target) => target.era)).toEqual(['modern', 'legacy']);
    expect(statuses(overHttp, HTTP_TARGET), notPassed(overHttp)).toEqual([
      ...expected('http'),
      ...expected('http'),
    ]);
    const messages = (id: string) =>
      overHttp.targets.map((target) => target.results.find((result) => result.id === id)?.message);
    expect(messages('pd.5.1.session-isolation')).toEqual([
      '"notes_search" is refused in a second caller (other credentials) calling while the first was at work',
      '"notes_search" is refused in a second MCP session of the same endpoint open at the same time',
    ]);
    for (const message of messages(NEEDS_RESTRICTED_CALLER)) {
      expect(message).toMatch(
        /^"[a-z_]+", hidden from the restricted caller, still fails for it after a read/,
      );
    }
  });
});
