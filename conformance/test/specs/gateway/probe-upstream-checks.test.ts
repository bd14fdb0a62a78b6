import { describe, expect, it } from 'vitest';
import { runConformance } from '../../../src/index.js';
import { gatewayFixture, GATEWAY_PROBE_UPSTREAM as PROBE } from '../../defects/gateway.js';
import { fixtureTarget, resultOf } from '../../helpers.js';

// Each check's defects are proven in test/defects.test.ts (src/specs/gateway/defects.ts).

/** The requirements checked through the probe upstream. */
const PROBE_REQUIREMENTS = [
  'gw.1.3.hash8',
  'gw.2.3.no-silent-drop',
  'gw.2.4.truncation',
  'gw.4.4.not-reaching-upstream',
  'gw.4.5.retry',
  'gw.3.4.upstream-taxonomy',
  'gw.4.4.schema-invalid',
  'gw.4.5.errors-not-cached',
];

/** The gateway fixture in `mode` with the probe tools, with `defect`. */
function probeFixture(mode: 'gateway' | 'proxy', defect = 'none') {
  return gatewayFixture(mode === 'gateway' ? 'probe' : 'probe-proxy', defect);
}

describe('the gateway checks of a probe upstream', () => {
  it.each(['gateway', 'proxy'] as const)(
    'pass on the good fixture with the probe tools in %s mode',
    async (mode) => {
      const report = await runConformance({
        targets: [probeFixture(mode)],
        specs: ['gateway'],
        requirements: PROBE_REQUIREMENTS,
      });
      const statuses = Object.fromEntries(
        PROBE_REQUIREMENTS.map((id) => [id, resultOf(report, id).status]),
      );
      // Proxy mode has no cards, so nothing a card builder could drop.
      expect(statuses).toEqual({
        'gw.1.3.hash8': 'pass',
        'gw.2.3.no-silent-drop': mode === 'gateway' ? 'pass' : 'not-applicable',
        'gw.2.4.truncation': 'pass',
        'gw.4.4.not-reaching-upstream': 'pass',
        'gw.4.5.retry': 'pass',
        'gw.3.4.upstream-taxonomy': 'pass',
        'gw.4.4.schema-invalid': 'pass',
        'gw.4.5.errors-not-cached': 'pass',
      });
    },
  );

  it('finds no failure of the spec on the good fixture with the probe tools', async () => {
    const report = await runConformance({ targets: [probeFixture('gateway')], specs: ['gateway'] });
    expect(report.targets[0]?.results.filter((result) => result.status === 'fail')).toEqual([]);
  });

  it('fails when a named probe namespace holds no probe upstream', async () => {
    const target = {
      ...fixtureTarget('gateway/gateway-fixture.mjs', '--mode', 'gateway'),
      settings: { gateway: { ...PROBE, probeUpstreams: ['fx'] } },
    };
    const report = await runConformance({
      targets: [target],
      specs: ['gateway'],
      requirements: ['gw.4.4.not-reaching-upstream'],
    });
    expect(resultOf(report, 'gw.4.4.not-reaching-upstream')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/browsing found no card for the probe tool fx:probe_echo/),
    });
  });

  it('skips the error caching check when the cache does not keep the probe tools', async () => {
    const report = await runConformance({
      targets: [probeFixture('gateway', 'no-cache-hit')],
      specs: ['gateway'],
      requirements: ['gw.4.5.errors-not-cached'],
    });
    expect(resultOf(report, 'gw.4.5.errors-not-cached')).toMatchObject({
      status: 'skip',
      message: expect.stringMatching(
        /^two identical calls of the read-only probe_brief reached the upstream 2 time\(s\): the result cache is off/,
      ),
    });
  });

  it('skips the probe checks when the target names no probe upstream', async () => {
    const target = fixtureTarget('gateway/gateway-fixture.mjs', '--mode', 'gateway', '--probe');
    const report = await runConformance({
      targets: [target],
      specs: ['gateway'],
      requirements: PROBE_REQUIREMENTS,
    });
    for (const id of PROBE_REQUIREMENTS) {
      expect(resultOf(report, id)).toMatchObject({
        status: 'skip',
        message: 'the target names no probe upstream (settings.gateway.probeUpstreams)',
      });
    }
  });
});
