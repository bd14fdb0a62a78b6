import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { resultOf } from '../helpers.js';
import { fixtureDriver } from '../specs/mcs/driver-fixtures.js';

describe('driver targets', () => {
  it('load a default-exported factory with the given options', async () => {
    const report = await runConformance({
      targets: [fixtureDriver('default-factory.mjs', { protocol: 'REST-over-test' })],
      requirements: ['mcs.3.driver-meta', 'mcs.3.3.execute'],
    });
    expect(resultOf(report, 'mcs.3.driver-meta')).toMatchObject({
      status: 'pass',
      message: 'REST-over-test over In-Process, described as JSON-Schema',
    });
    expect(resultOf(report, 'mcs.3.3.execute').status).toBe('pass');
  });

  it('load a default-exported driver object and skip the execution checks without probe calls', async () => {
    const report = await runConformance({
      targets: [fixtureDriver('default-object.mjs')],
      requirements: ['mcs.3.3.execute', 'mcs.9.spec-version'],
    });
    expect(resultOf(report, 'mcs.3.3.execute')).toMatchObject({
      status: 'skip',
      message: 'the target declares no probe call, so no call can be executed safely',
    });
    expect(resultOf(report, 'mcs.9.spec-version').status).toBe('pass');
  });

  it('fail to start, saying why, when the module has no driver or its factory throws', async () => {
    await expect(
      runConformance({ targets: [fixtureDriver('no-driver.mjs')] }),
    ).rejects.toMatchObject({
      code: 'TARGET_START_FAILED',
      message:
        'target "no-driver.mjs" could not be started: the driver module could not be loaded: Error: the module exports neither createDriver() nor a default driver',
    });
    await expect(
      runConformance({ targets: [fixtureDriver('throws-on-load.mjs')] }),
    ).rejects.toMatchObject({
      code: 'TARGET_START_FAILED',
      message: expect.stringContaining('Error: cannot reach the bookshop'),
    });
  });

  it('run only the driver specs named by --spec, and no server spec on a driver', async () => {
    const report = await runConformance({
      targets: [fixtureDriver('default-object.mjs')],
      specs: ['mcp-base'],
    });
    expect(report.targets).toEqual([{ target: 'default-object.mjs', specs: [], results: [] }]);
    await expect(
      runConformance({ targets: [fixtureDriver('default-object.mjs')], specs: ['nope'] }),
    ).rejects.toMatchObject({
      code: 'UNKNOWN_SPEC',
      message: expect.stringMatching(/^unknown spec "nope" \(known: mcp-base, .*mcs/),
    });
  });
});
