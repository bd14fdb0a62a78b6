import { describe, expect, it } from 'vitest';
import { runConformance } from '../../../src/index.js';
import { gatewayDefects } from '../../../src/specs/gateway/defects.js';
import {
  gatewayFixture,
  GATEWAY_PROBE as PROBE,
  GATEWAY_OPT_IN as SETTINGS,
} from '../../defects/gateway.js';
import { fixtureTarget, resultOf } from '../../helpers.js';

const CACHE_STABLE_REQUIREMENTS = [
  'gw.5.1.seen-first',
  'gw.5.1.frozen-cards',
  'gw.5.3.breakpoint',
  'gw.5.5.hydration',
];

const PRIMITIVE_REQUIREMENTS = [
  'gw.9.4.advertised',
  'gw.9.1.primitive-ids',
  'gw.9.3.collision-keys',
  'gw.9.4.browse',
  'gw.9.4.resource-read',
  'gw.9.4.firewalled-read',
  'gw.9.4.prompt-get',
  'gw.9.4.prompt-args',
];

/** The gateway fixture with §5 and §9 on, with `defect`, declaring `settings` and the probe. */
function optInFixture(defect = 'none', settings: unknown = SETTINGS) {
  return gatewayFixture('opt-in', defect, { gateway: PROBE, gatewayControls: settings });
}

/**
 * The opt-in defects (proven in test/defects.test.ts), each of which must fail its own check and
 * no other of the spec: the §5 and §9 checks share one scenario.
 */
const OPT_IN_DEFECTS = gatewayDefects.defects.filter((row) => row.setup === 'opt-in');

describe('the cache-stable browsing and primitive checks', () => {
  it('pass every gateway requirement on the fixture with both on; the §2.5 order and proxy mode do not apply', async () => {
    const report = await runConformance({ targets: [optInFixture()], specs: ['gateway'] });
    const results = report.targets[0]?.results ?? [];
    expect(results.filter((result) => result.status === 'fail')).toEqual([]);
    const ids = (status: string) =>
      results.filter((result) => result.status === status).map((result) => result.id);
    expect(ids('not-applicable')).toEqual([
      'gw.4.1.invocation-channel',
      'gw.4.1.stripped-list',
      'gw.4.1.stub-description',
      'gw.4.1.stub-not-callable',
      'gw.4.3.hydrate',
      'gw.2.5.ordering',
    ]);
    // The controls declare no probe of their own, nor themselves off.
    expect(ids('skip')).toEqual([
      'gw.4.4.tolerant-args',
      'gw.4.5.cache-hit',
      'gw.4.5.cache-mutating',
      'gw.4.5.dry-run',
      'gw.4.5.dry-run-invalid-args',
      'gw.4.5.dry-run-no-quota',
      'gw.4.5.rate-limited',
      // No probe upstream is named (probe-upstream-checks.test.ts runs these).
      'gw.1.3.hash8',
      'gw.2.3.no-silent-drop',
      'gw.2.4.truncation',
      'gw.4.4.not-reaching-upstream',
      'gw.4.5.retry',
      'gw.4.5.errors-not-cached',
      'gw.3.4.upstream-taxonomy',
      'gw.4.4.schema-invalid',
    ]);
    for (const id of [...CACHE_STABLE_REQUIREMENTS, ...PRIMITIVE_REQUIREMENTS]) {
      expect(resultOf(report, id).status).toBe('pass');
    }
  });

  it.each(OPT_IN_DEFECTS)(
    'fail only $requirement with the defect $defect',
    async ({ requirement, defect, failure }) => {
      const report = await runConformance({
        targets: [optInFixture(defect)],
        specs: ['gateway'],
      });
      const failed = (report.targets[0]?.results ?? []).filter(
        (result) => result.status === 'fail',
      );
      expect(failed.map((result) => result.id)).toEqual([requirement]);
      expect(failed[0]?.message).toMatch(failure);
    },
  );

  it('skip §5 when the target declares it neither on nor off, and find §9 not applicable when it lists no primitive meta-tool', async () => {
    const target = fixtureTarget('gateway/gateway-fixture.mjs', '--mode', 'gateway');
    const report = await runConformance({
      targets: [target],
      specs: ['gateway'],
      requirements: [...CACHE_STABLE_REQUIREMENTS, ...PRIMITIVE_REQUIREMENTS],
    });
    for (const id of CACHE_STABLE_REQUIREMENTS) expect(resultOf(report, id).status).toBe('skip');
    for (const id of PRIMITIVE_REQUIREMENTS) {
      expect(resultOf(report, id).status).toBe('not-applicable');
    }
    const off = await runConformance({
      targets: [{ ...target, settings: { gatewayControls: { off: ['cacheStable'] } } }],
      specs: ['gateway'],
      requirements: CACHE_STABLE_REQUIREMENTS,
    });
    for (const id of CACHE_STABLE_REQUIREMENTS) {
      expect(resultOf(off, id)).toMatchObject({
        status: 'not-applicable',
        message: 'the target declares cache-stable browsing off (settings.gatewayControls.off)',
      });
    }
  });

  it('fail the §5 checks when the declared browses cannot show a boundary', async () => {
    const settings = {
      ...SETTINGS,
      cacheStable: { ...SETTINGS.cacheStable, second: { query: 'echo' } },
    };
    const report = await runConformance({
      targets: [optInFixture('none', settings)],
      specs: ['gateway'],
      requirements: ['gw.5.1.seen-first'],
    });
    expect(resultOf(report, 'gw.5.1.seen-first')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/must share cards with the first/),
    });
  });

  it('refuses prompt settings without a required argument', async () => {
    const settings = { primitives: { prompts: { prompt: 'fx:greet', args: {} } } };
    const report = await runConformance({
      targets: [optInFixture('none', settings)],
      specs: ['gateway'],
      requirements: ['gw.9.4.prompt-get'],
    });
    expect(resultOf(report, 'gw.9.4.prompt-get')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/settings.gatewayControls is malformed/),
    });
  });
});
