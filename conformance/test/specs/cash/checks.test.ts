import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConformanceReport, runConformance, X_PROFILE } from '../../../src/index.js';
import { cashSpec } from '../../../src/specs/cash/index.js';
import { CASH_FIXTURE, cashFixture, cashHttpTarget } from '../../defects/cash.js';
import { type HttpFixture, resultOf, startHttpFixture } from '../../helpers.js';

// Each check's defects are proven in test/defects.test.ts (src/specs/cash/defects.ts).

/** The good fixture has no root function to judge; over stdio it has no well-known manifest. */
const NO_ROOT_FUNCTION = 'cash.5.3.expressive-names';

/**
 * Defects that break only a decision of this project (x-profile): a server with one of them
 * still follows the RFC to the letter (error codes and skill listings are ours, not §4.4's).
 */
const LETTER_OF_THE_RFC = ['vague-invalid', 'bare-unknown', 'skills-unlisted', 'skill-unfilled'];
/** Checked against probe upstreams only, which the fixture serves with --probe (routing.test.ts). */
const PROBE_ONLY = 'cash.5.4.routes-observed';
const NOT_APPLICABLE_OVER_STDIO = new Set([
  NO_ROOT_FUNCTION,
  'cash.5.5.manifest-published',
  'cash.5.5.manifest-content-type',
]);

/** The requirements a client can observe: every one but those marked unobservable. */
const CHECKED = cashSpec.requirements.filter(
  (requirement) => requirement.unobservable === undefined,
);

/** The statuses a report gives each requirement of the spec, in catalog order. */
function statuses(report: ConformanceReport): string[][] {
  return (report.targets[0]?.results ?? []).map((result) => [result.id, result.status]);
}

describe('the cash checks', () => {
  const fixtures: HttpFixture[] = [];
  /** One HTTP fixture process serves every defect, at `/mcp?defect=NAME`. */
  let shared: HttpFixture;
  let good: ConformanceReport;

  const httpTarget = cashHttpTarget;
  const startProcess = async () => {
    const fixture = await startHttpFixture(CASH_FIXTURE);
    fixtures.push(fixture);
    return fixture;
  };

  beforeAll(async () => {
    shared = await startProcess();
    good = await runConformance({
      targets: [httpTarget(shared.url, 'good over http')],
      profiles: [X_PROFILE],
    });
  });

  afterAll(async () => {
    await Promise.all(fixtures.map((fixture) => fixture.close()));
  });

  it('passes the good fixture over HTTP, skipping only the root-function and probe checks', () => {
    expect(statuses(good)).toEqual(
      CHECKED.map((requirement) => [
        requirement.id,
        requirement.id === NO_ROOT_FUNCTION
          ? 'not-applicable'
          : requirement.id === PROBE_ONLY
            ? 'skip'
            : 'pass',
      ]),
    );
    expect(resultOf(good, 'cash.5.5.manifest-schema').message).toBe(
      'the manifest is valid (/.well-known/cash-mcp.yaml, cash://server)',
    );
  });

  it('passes the good fixture over stdio, skipping what needs HTTP', async () => {
    const report = await runConformance({ targets: [cashFixture()], profiles: [X_PROFILE] });
    expect(statuses(report)).toEqual(
      CHECKED.map((requirement) => [
        requirement.id,
        requirement.id === PROBE_ONLY
          ? 'skip'
          : NOT_APPLICABLE_OVER_STDIO.has(requirement.id)
            ? 'not-applicable'
            : 'pass',
      ]),
    );
  });

  it.each(LETTER_OF_THE_RFC)(
    'finds no failure of the RFC on the %s fixture, which breaks only our own decisions',
    async (defect) => {
      const report = await runConformance({
        targets: [httpTarget(`${shared.url}?defect=${defect}`, defect)],
      });
      expect(report.targets[0]?.results.filter((result) => result.status === 'fail')).toEqual([]);
      expect(report.summary.profile).toBeUndefined();
      const profiled = await runConformance({
        targets: [httpTarget(`${shared.url}?defect=${defect}`, defect)],
        profiles: [X_PROFILE],
      });
      expect(profiled.summary).toMatchObject({ failed: 0, profile: { failed: 1 } });
    },
  );

  it('reads function docs that list their parameters as a markdown list, a layout the RFC allows', async () => {
    const report = await runConformance({
      targets: [httpTarget(`${shared.url}?defect=list-parameters`, 'list-parameters')],
      profiles: [X_PROFILE],
    });
    expect(report.targets[0]?.results.filter((result) => result.status === 'fail')).toEqual([]);
    for (const id of ['cash.4.2.function-doc', 'cash.5.3.kwargs-keys-charset']) {
      expect(resultOf(report, id).status).toBe('pass');
    }
    expect(resultOf(report, 'cash.5.3.kwargs-keys-normalized').message).toMatch(
      /matches the key "O_RDER_ID" to "order_id"/,
    );
  });

  it('finds the help extension checks not applicable to a server whose manifest declares none', async () => {
    const report = await runConformance({
      targets: [httpTarget(`${shared.url}?defect=no-help-extension`, 'no-help-extension')],
      requirements: ['cash.4.2.extension-kwargs-documented', 'cash.6.1.query-listing'],
    });
    expect(report.targets[0]?.results.map((result) => [result.status, result.message])).toEqual([
      ['not-applicable', 'the manifest (cash://server) declares no x-help-query extension'],
      ['not-applicable', 'the manifest (cash://server) declares no x-help-query extension'],
    ]);
  });

  it('skips the gating and aggregation checks of a target registered without settings', async () => {
    const bare = { ...httpTarget(shared.url, 'bare'), settings: {} };
    const report = await runConformance({
      targets: [bare],
      requirements: ['cash.7.2.gate-enforced', 'cash.5.4.merged-help'],
    });
    expect(report.targets[0]?.results.map((result) => [result.status, result.message])).toEqual([
      ['skip', 'not registered as an aggregator (settings.cash.upstreams, --cash-upstreams)'],
      [
        'skip',
        'no large call is registered (settings.cash.largeCall, or --cash-large "namespace.function")',
      ],
    ]);
  });
});
