import { describe, expect, it } from 'vitest';
import { mcsSpec, runConformance, X_PROFILE } from '../../../src/index.js';
import { resultOf } from '../../helpers.js';
import { BROKEN_FIXTURES, fixtureDriver } from './driver-fixtures.js';

const CASES = Object.entries(BROKEN_FIXTURES).flatMap(([id, files]) =>
  files.filter((file) => file !== 'hangs-on-huge-output.mjs').map((file) => [id, file] as const),
);

describe('the mcs checks on broken drivers', () => {
  it('have a broken fixture for every requirement with a check', () => {
    const checked = [...new Set(mcsSpec.checks.map((check) => check.requirement))].sort();
    expect(Object.keys(BROKEN_FIXTURES).sort()).toEqual(checked);
  });

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
    const report = await runConformance({ targets: [fixtureDriver('no-system-message.mjs')] });
    const results = report.targets[0]?.results ?? [];
    expect(results.filter((result) => result.status === 'fail')).toEqual([]);
    expect(results.filter((result) => result.status === 'skip').map((result) => result.id)).toEqual(
      ['mcs.3.2.system-message', 'mcs.3.2.format-guidance'],
    );
    expect(results.some((result) => result.profile !== undefined)).toBe(false);
  });

  it.each(CASES)('%s fails on %s', async (id, file) => {
    const report = await runConformance({
      targets: [fixtureDriver(file)],
      requirements: [id],
      timeoutMs: 10_000,
    });
    const result = resultOf(report, id);
    expect(result.status, result.message).toBe('fail');
  });

  it('report the driver that hangs on one output, and go on with a fresh one', async () => {
    const report = await runConformance({
      targets: [fixtureDriver('hangs-on-huge-output.mjs')],
      requirements: ['mcs.3.3.hostile-input', 'mcs.3.3.execute'],
    });
    expect(resultOf(report, 'mcs.3.3.hostile-input')).toMatchObject({
      status: 'fail',
      message: 'huge: did not answer within 5000 ms',
    });
    expect(resultOf(report, 'mcs.3.3.execute').status).toBe('pass');
  });

  it('name the properties a driver added to Object.prototype', async () => {
    const report = await runConformance({
      targets: [fixtureDriver('pollutes-prototype.mjs')],
      requirements: ['mcs.3.3.hostile-input'],
    });
    expect(resultOf(report, 'mcs.3.3.hostile-input').message).toBe(
      'proto-keys: Object.prototype gained polluted; constructor-prototype: Object.prototype gained polluted',
    );
  });
});
