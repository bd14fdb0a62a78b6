import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConformanceReport,
  runConformance,
  type TargetDefinition,
} from '../../../src/index.js';
import { SHARED_SCOPE_REASON } from '../../../src/specs/progressive-disclosure/authorization-trace.js';
import { progressiveDisclosureSpec } from '../../../src/specs/progressive-disclosure/index.js';
import { pdOverHttp } from '../../defects/progressive-disclosure.js';
import {
  fixtureTarget,
  type HttpFixture,
  MCP_BASE_FIXTURE,
  resultOf,
  startHttpFixture,
} from '../../helpers.js';
import { NEEDS_RESTRICTED_CALLER, PD_FIXTURE, pdFixture, UNOBSERVABLE } from './pd-targets.js';

// Each check's defects are proven in test/defects.test.ts (src/specs/progressive-disclosure/defects.ts).

/** [id, status] of every result of `report`, in report order. */
function statuses(report: ConformanceReport): [string, string][] {
  return report.targets.flatMap((target) =>
    target.results.map((result): [string, string] => [result.id, result.status]),
  );
}

// Servers on a shared machine: a generous time limit, no timed assertion.
describe('the progressive-disclosure checks', { timeout: 120_000 }, () => {
  let fixture: HttpFixture;
  let good: ConformanceReport;
  let goodOverHttp: ConformanceReport;
  // `pool` keeps the grants and the callers of concurrent runs apart.
  const overHttp = (defect: string, pool = '', callers = true): TargetDefinition =>
    pdOverHttp(fixture.url, defect, pool, callers);

  beforeAll(async () => {
    fixture = await startHttpFixture(PD_FIXTURE);
    [good, goodOverHttp] = await Promise.all([
      runConformance({ targets: [pdFixture()], specs: ['progressive-disclosure'] }),
      runConformance({
        targets: [overHttp('none', 'good')],
        specs: ['progressive-disclosure'],
        era: 'both',
      }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await fixture?.close();
  });

  /** Every observable requirement passed; over stdio, the restricted caller's check skipped. */
  const expectedOnGood = (kind: 'stdio' | 'http' = 'stdio') =>
    progressiveDisclosureSpec.requirements
      .filter(
        (requirement) => requirement.level !== 'MAY' && !UNOBSERVABLE.includes(requirement.id),
      )
      .map((requirement): [string, string] => [
        requirement.id,
        kind === 'stdio' && requirement.id === NEEDS_RESTRICTED_CALLER ? 'not-applicable' : 'pass',
      ]);

  it('lists what MCP cannot show unchecked', () => {
    expect(
      progressiveDisclosureSpec.requirements
        .filter((requirement) => requirement.unobservable !== undefined)
        .map((requirement) => requirement.id),
    ).toEqual(UNOBSERVABLE);
  });

  it('passes the good fixture over stdio on every requirement it can observe', () => {
    expect(statuses(good)).toEqual(expectedOnGood());
  });

  it('passes the good fixture over HTTP in both eras: MCP sessions in 2025, distinct callers in 2026-07-28', () => {
    expect(goodOverHttp.targets.map((target) => target.era)).toEqual(['modern', 'legacy']);
    expect(statuses(goodOverHttp)).toEqual([...expectedOnGood('http'), ...expectedOnGood('http')]);
    const isolation = goodOverHttp.targets.map(
      (target) =>
        target.results.find((result) => result.id === 'pd.5.1.session-isolation')?.message,
    );
    expect(isolation).toEqual([
      '"notes_search" is refused in a second caller (other credentials) calling while the first was at work',
      '"notes_search" is refused in a second MCP session of the same endpoint open at the same time',
    ]);
  });

  it('in the 2026-07-28 era without distinct callers, skips the checks that need a fresh caller and fails none', async () => {
    const report = await runConformance({
      targets: [overHttp('none', 'anonymous', false)],
      specs: ['progressive-disclosure'],
      era: 'modern',
    });
    const notPassed = report.targets[0]?.results.filter((result) => result.status !== 'pass');
    expect(notPassed?.map((result) => [result.id, result.status])).toEqual([
      ['pd.5.1.ungranted-call-refused', 'skip'],
      ['pd.5.1.grant-on-read', 'skip'],
      ['pd.5.1.grant-persists', 'skip'],
      ['pd.5.1.session-isolation', 'skip'],
      ['pd.5.2.session-lifecycle', 'skip'],
      ['pd.5.3.primary-authorization', 'skip'],
      ['pd.6.2.required-error-shape', 'skip'],
    ]);
    expect(resultOf(report, 'pd.5.1.session-isolation').message).toBe(SHARED_SCOPE_REASON);
  });

  it('detects a server listing the resource or its template, and not one without', async () => {
    const detected = async (target: TargetDefinition) =>
      (await runConformance({ targets: [target], requirements: ['mcp.ping.empty-result'] }))
        .targets[0]?.specs;
    expect(await detected(overHttp('template-only'))).toContain('progressive-disclosure');
    expect(await detected(fixtureTarget(MCP_BASE_FIXTURE))).not.toContain('progressive-disclosure');
  });
});
