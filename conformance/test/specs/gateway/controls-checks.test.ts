import { describe, expect, it } from 'vitest';
import { runConformance } from '../../../src/index.js';
import { GATEWAY_CONTROLS, gatewayFixture } from '../../defects/gateway.js';
import { resultOf } from '../../helpers.js';

// Each check's defects are proven in test/defects.test.ts (src/specs/gateway/defects.ts).

const CONTROLS_REQUIREMENTS = [
  'gw.4.4.tolerant-args',
  'gw.4.5.cache-hit',
  'gw.4.5.cache-mutating',
  'gw.4.5.dry-run',
  'gw.4.5.dry-run-invalid-args',
  'gw.4.5.dry-run-no-quota',
  'gw.4.5.rate-limited',
];

/** The gateway fixture declaring `controls` (default: its own). */
function controlsFixture(controls: unknown = GATEWAY_CONTROLS) {
  return gatewayFixture('controls', 'none', { gatewayControls: controls });
}

describe('the gateway controls checks', () => {
  it('pass every controls requirement on the good fixture', async () => {
    const report = await runConformance({
      targets: [controlsFixture()],
      specs: ['gateway'],
      requirements: CONTROLS_REQUIREMENTS,
    });
    const results = report.targets[0]?.results ?? [];
    expect(results.map((result) => [result.id, result.status])).toEqual(
      CONTROLS_REQUIREMENTS.map((id) => [id, 'pass']),
    );
  });

  it('skip when the target declares no controls', async () => {
    const report = await runConformance({
      targets: [controlsFixture({})],
      specs: ['gateway'],
      requirements: CONTROLS_REQUIREMENTS,
    });
    for (const id of CONTROLS_REQUIREMENTS) expect(resultOf(report, id).status).toBe('skip');
  });

  it('do not apply when the target declares its controls off', async () => {
    const report = await runConformance({
      targets: [controlsFixture({ off: ['cache', 'quota', 'tolerant'] })],
      specs: ['gateway'],
      requirements: CONTROLS_REQUIREMENTS,
    });
    for (const id of CONTROLS_REQUIREMENTS) {
      expect(resultOf(report, id)).toMatchObject({
        status: 'not-applicable',
        message: expect.stringMatching(/^the target declares the \w+ control off/),
      });
    }
  });

  it('refuses a malformed controls setting', async () => {
    const report = await runConformance({
      targets: [controlsFixture({ quota: { tool: 'fx:echo' } })],
      specs: ['gateway'],
      requirements: ['gw.4.5.rate-limited'],
    });
    expect(resultOf(report, 'gw.4.5.rate-limited')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/settings.gatewayControls is malformed/),
    });
  });
});
