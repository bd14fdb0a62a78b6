import { describe, expect, it } from 'vitest';
import { runConformance, type TargetDefinition } from '../../../src/index.js';
import type { GatewayProbe } from '../../../src/specs/gateway/settings.js';
import { fixtureTarget, resultOf } from '../../helpers.js';

/** The fixture's echo as the probe tool, and its probe namespace. */
const PROBE: GatewayProbe = {
  tool: 'fx:echo',
  largeArgs: { message: 'large '.repeat(1_000) },
  invalidArgs: { message: 42 },
  probeUpstreams: ['probe'],
};

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

/** The gateway fixture in `mode` with the probe tools, broken by `breakName`. */
function probeFixture(mode: 'gateway' | 'proxy', breakName = 'none'): TargetDefinition {
  const target = fixtureTarget(
    'gateway/gateway-fixture.mjs',
    '--mode',
    mode,
    '--probe',
    '--break',
    breakName,
  );
  return { ...target, settings: { gateway: PROBE } };
}

/** Each row: a requirement, the mode and break that violate it, and what the failure says. */
const BROKEN_FIXTURES: readonly {
  requirement: string;
  mode: 'gateway' | 'proxy';
  breakName: string;
  message: RegExp;
}[] = [
  {
    requirement: 'gw.3.4.upstream-taxonomy',
    mode: 'gateway',
    breakName: 'probe-crash-unclassified',
    message: /^a JSON-RPC error of probe_crash answered an error "probe_crash failed on purpose/,
  },
  {
    requirement: 'gw.4.4.schema-invalid',
    mode: 'gateway',
    breakName: 'probe-schema-as-args',
    message: /^probe_badschema answered error ARGS_INVALID, not SCHEMA_INVALID$/,
  },
  {
    requirement: 'gw.4.4.not-reaching-upstream',
    mode: 'gateway',
    breakName: 'probe-invalid-dispatched',
    message:
      /^probe_echo with \{"text":440404\} reached the upstream \(answered error ARGS_INVALID\)$/,
  },
  {
    requirement: 'gw.4.4.not-reaching-upstream',
    mode: 'proxy',
    breakName: 'probe-invalid-dispatched',
    message: /reached the upstream/,
  },
  {
    requirement: 'gw.4.5.retry',
    mode: 'gateway',
    breakName: 'probe-error-retried',
    message: /^the tool error of probe_fail was dispatched 2 times, not once$/,
  },
  {
    requirement: 'gw.4.5.errors-not-cached',
    mode: 'gateway',
    breakName: 'probe-error-cached',
    message:
      /^two identical calls of the read-only probe_fail, which answers a tool error, reached the upstream 1 time\(s\): the error result was served from the cache$/,
  },
  {
    requirement: 'gw.4.5.errors-not-cached',
    mode: 'proxy',
    breakName: 'probe-error-cached',
    message: /reached the upstream 1 time\(s\)/,
  },
  {
    requirement: 'gw.1.3.hash8',
    mode: 'gateway',
    breakName: 'probe-wrong-hash',
    message: /^probe:probe_echo#[0-9a-f]{8} should end in #[0-9a-f]{8}/,
  },
  {
    requirement: 'gw.1.3.hash8',
    mode: 'proxy',
    breakName: 'probe-wrong-hash',
    message: /should end in #/,
  },
  {
    requirement: 'gw.2.3.no-silent-drop',
    mode: 'gateway',
    breakName: 'probe-dropped-field',
    message: /^the long card lacks "tags"$/,
  },
  {
    requirement: 'gw.2.4.truncation',
    mode: 'gateway',
    breakName: 'probe-bad-truncation',
    message: /ends neither at a sentence terminator nor with "…"$/,
  },
  {
    requirement: 'gw.2.4.truncation',
    mode: 'proxy',
    breakName: 'probe-bad-truncation',
    message: /ends neither at a sentence terminator/,
  },
];

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
        'gw.2.3.no-silent-drop': mode === 'gateway' ? 'pass' : 'skip',
        'gw.2.4.truncation': 'pass',
        'gw.4.4.not-reaching-upstream': 'pass',
        'gw.4.5.retry': 'pass',
        'gw.3.4.upstream-taxonomy': 'pass',
        'gw.4.4.schema-invalid': 'pass',
        'gw.4.5.errors-not-cached': 'pass',
      });
    },
  );

  it.each(BROKEN_FIXTURES)(
    'fail $requirement on the $mode fixture broken by $breakName',
    async ({ requirement, mode, breakName, message }) => {
      const report = await runConformance({
        targets: [probeFixture(mode, breakName)],
        specs: ['gateway'],
        requirements: [requirement],
      });
      const result = resultOf(report, requirement);
      expect(result.status).toBe('fail');
      expect(result.message).toMatch(message);
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
