import { describe, expect, it } from 'vitest';
import { runConformance } from '../../../src/index.js';
import { gatewayFixture } from '../../defects/gateway.js';
import { fixtureTarget, resultOf } from '../../helpers.js';

// Each check's defects are proven in test/defects.test.ts (src/specs/gateway/defects.ts).
describe('the gateway checks', () => {
  it.each(['gateway', 'proxy'] as const)(
    'pass every requirement on the good fixture in %s mode',
    async (mode) => {
      const report = await runConformance({ targets: [gatewayFixture(mode)], specs: ['gateway'] });
      const failed = report.targets[0]?.results.filter((result) => result.status === 'fail');
      expect(failed).toEqual([]);
      // Gateway mode skips the 5 proxy-only requirements; proxy mode the 15 gateway-only ones.
      expect(report.summary.passed).toBe(mode === 'gateway' ? 21 : 11);
    },
  );

  it('skips the probe checks when the target configures no probe', async () => {
    const target = fixtureTarget('gateway/gateway-fixture.mjs', '--mode', 'gateway');
    const report = await runConformance({
      targets: [target],
      specs: ['gateway'],
      requirements: ['gw.4.4.args-invalid', 'gw.4.2.firewall-envelope'],
    });
    expect(resultOf(report, 'gw.4.4.args-invalid').status).toBe('skip');
    expect(resultOf(report, 'gw.4.2.firewall-envelope').status).toBe('skip');
  });

  it('refuses a malformed probe setting', async () => {
    const target = gatewayFixture('gateway', 'none', { gateway: { tool: 'fx:echo' } });
    const report = await runConformance({
      targets: [target],
      specs: ['gateway'],
      requirements: ['gw.4.4.args-invalid'],
    });
    expect(resultOf(report, 'gw.4.4.args-invalid')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/settings.gateway is malformed/),
    });
  });
});
