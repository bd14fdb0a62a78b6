import { describe, expect, it } from 'vitest';
import { runConformance, type TargetDefinition } from '../../../src/index.js';
import { cashFixture, CASH_PROBE_SETTINGS as SETTINGS } from '../../defects/cash.js';
import { resultOf } from '../../helpers.js';

// The defects probe-misroute and skills-dropped are proven in test/defects.test.ts.

const MERGED_SKILLS = 'cash.5.4.merged-skills';

const REQUIREMENT = 'cash.5.4.routes-observed';

/** The CaSH fixture with the probe namespaces (--probe), with `defect`. */
function probeFixture(defect = 'none', settings = SETTINGS): TargetDefinition {
  return cashFixture(defect, ['--probe'], settings);
}

describe('the cash routing check at probe upstreams', () => {
  it('passes when each call reaches its own probe upstream', async () => {
    const report = await runConformance({ targets: [probeFixture()], requirements: [REQUIREMENT] });
    expect(resultOf(report, REQUIREMENT)).toMatchObject({
      status: 'pass',
      message: 'calls into probea, probeb reach their own upstream, function and kwargs intact',
    });
  });

  it('fails when a named probe namespace answers no probe record', async () => {
    const report = await runConformance({
      targets: [probeFixture('none', { probeUpstreams: ['orders'] })],
      requirements: [REQUIREMENT],
    });
    expect(resultOf(report, REQUIREMENT)).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/^call\(namespace="orders", function="probe_echo"/),
    });
  });

  it('finds the skill of the skill probe upstream among the merged skills', async () => {
    const report = await runConformance({
      targets: [probeFixture()],
      requirements: [MERGED_SKILLS],
    });
    expect(resultOf(report, MERGED_SKILLS)).toMatchObject({
      status: 'pass',
      message:
        '3 skill(s) are listed under their upstreams and fetchable, the probe skill of probeskills among them',
    });
  });

  it('skips an aggregator that lists no skill when no skill probe is named', async () => {
    const { skillProbeUpstreams: _named, ...unnamed } = SETTINGS;
    const report = await runConformance({
      targets: [probeFixture('skills-dropped', unnamed)],
      requirements: [MERGED_SKILLS],
    });
    expect(resultOf(report, MERGED_SKILLS)).toMatchObject({
      status: 'skip',
      message: expect.stringMatching(/^the aggregator lists no skill and names no skill probe/),
    });
  });

  it('passes the other aggregation checks with the probe namespaces', async () => {
    const report = await runConformance({ targets: [probeFixture()], specs: ['cash'] });
    expect(report.targets[0]?.results.filter((result) => result.status === 'fail')).toEqual([]);
  });
});
