import { describe, expect, it } from 'vitest';
import { createStdioTarget, runConformance, type TargetDefinition } from '../../../src/index.js';
import type { CashTargetSettings } from '../../../src/specs/cash/settings.js';
import { FIXTURES_DIRECTORY, resultOf } from '../../helpers.js';

/** The fixture's own namespaces, its two probe namespaces and its skill probe, all as upstreams. */
const SETTINGS: CashTargetSettings = {
  upstreams: ['orders', 'inventory', 'probea', 'probeb', 'probeskills'],
  probeUpstreams: ['probea', 'probeb'],
  skillProbeUpstreams: ['probeskills'],
};

const MERGED_SKILLS = 'cash.5.4.merged-skills';

const REQUIREMENT = 'cash.5.4.routes-observed';

/** The CaSH fixture with the probe namespaces (--probe), with `defect`. */
function probeFixture(defect = 'none', settings = SETTINGS): TargetDefinition {
  const target = createStdioTarget({
    name: `cash fixture --probe ${defect}`,
    command: process.execPath,
    args: [`${FIXTURES_DIRECTORY}cash/cash-server.mjs`, defect, '--probe'],
    specs: ['cash'],
  });
  return { ...target, settings: { cash: settings } };
}

describe('the cash routing check at probe upstreams', () => {
  it('passes when each call reaches its own probe upstream', async () => {
    const report = await runConformance({ targets: [probeFixture()], requirements: [REQUIREMENT] });
    expect(resultOf(report, REQUIREMENT)).toMatchObject({
      status: 'pass',
      message: 'calls into probea, probeb reach their own upstream, function and kwargs intact',
    });
  });

  it('fails when a call into one namespace reaches the upstream of another', async () => {
    const report = await runConformance({
      targets: [probeFixture('probe-misroute')],
      requirements: [REQUIREMENT],
    });
    expect(resultOf(report, REQUIREMENT)).toMatchObject({
      status: 'fail',
      message:
        'call(namespace="probea") reached its upstream 0 times, not once; call(namespace="probea") reached the upstream of "probeb"',
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

  it('fails an aggregator that drops every upstream skill when a skill probe is named', async () => {
    const report = await runConformance({
      targets: [probeFixture('skills-dropped')],
      requirements: [MERGED_SKILLS],
    });
    expect(resultOf(report, MERGED_SKILLS)).toMatchObject({
      status: 'fail',
      message: 'skill() does not list "probeskill" of the upstream "probeskills"',
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
