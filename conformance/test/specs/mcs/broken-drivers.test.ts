import { describe, expect, it } from 'vitest';
import { mcsSpec, runConformance, X_PROFILE } from '../../../src/index.js';
import { resultOf } from '../../helpers.js';
import { fixtureDriver } from './driver-fixtures.js';

// Each check's defects are proven in test/defects.test.ts (src/specs/mcs/defects.ts).

describe('the mcs checks on broken drivers', () => {
  it('pass on the good fixture every broken one is made from', async () => {
    const report = await runConformance({
      targets: [fixtureDriver('good-driver.mjs')],
      profiles: [X_PROFILE],
    });
    const notPassed = report.targets[0]?.results.filter((result) => result.status !== 'pass');
    expect(notPassed).toEqual([]);
    expect(report.targets[0]?.results).toHaveLength(mcsSpec.checks.length);
  });

  it('hold a driver without getDriverSystemMessage (optional by mcs §2) to the spec without a failure', async () => {
    const report = await runConformance({
      targets: [fixtureDriver('good-driver.mjs', { defect: 'no-system-message' })],
    });
    const results = report.targets[0]?.results ?? [];
    expect(results.filter((result) => result.status === 'fail')).toEqual([]);
    expect(
      results.filter((result) => result.status === 'not-applicable').map((result) => result.id),
    ).toEqual(['mcs.3.2.system-message', 'mcs.3.2.format-guidance']);
    expect(results.some((result) => result.profile !== undefined)).toBe(false);
  });

  it('report the driver that hangs on one output, and go on with a fresh one', async () => {
    const report = await runConformance({
      targets: [fixtureDriver('good-driver.mjs', { defect: 'hangs-on-huge-output' })],
      requirements: ['mcs.3.3.hostile-input', 'mcs.3.3.execute'],
    });
    expect(resultOf(report, 'mcs.3.3.hostile-input')).toMatchObject({
      status: 'fail',
      message: 'huge: did not answer within 5000 ms',
    });
    expect(resultOf(report, 'mcs.3.3.execute').status).toBe('pass');
  });
});
