import { describe, expect, it } from 'vitest';
import { runConformance, type TargetDefinition } from '../../../src/index.js';
import type { GatewayControlsProbe } from '../../../src/specs/gateway/controls-settings.js';
import { fixtureTarget, resultOf } from '../../helpers.js';

const CONTROLS: GatewayControlsProbe = {
  cache: {
    tool: 'fx:read_doc',
    args: { name: 'readme', version: '1' },
    mutatingTool: 'notes:add_note',
    mutatingArgs: { title: 'groceries' },
  },
  quota: { tool: 'notes:search_notes', args: { query: 'milk' }, maxCallsPerMinute: 3 },
  tolerant: {
    tool: 'fx:echo',
    args: '{"message": "42"}',
    repairs: [{ rule: 'parse_stringified_object', path: '' }],
  },
};

const CONTROLS_REQUIREMENTS = [
  'gw.4.4.tolerant-args',
  'gw.4.5.cache-hit',
  'gw.4.5.cache-mutating',
  'gw.4.5.dry-run',
  'gw.4.5.dry-run-invalid-args',
  'gw.4.5.dry-run-no-quota',
  'gw.4.5.rate-limited',
];

/** The gateway fixture broken by `breakName`, declaring its controls. */
function controlsFixture(breakName = 'none', controls: unknown = CONTROLS): TargetDefinition {
  const target = fixtureTarget(
    'gateway/gateway-fixture.mjs',
    '--mode',
    'gateway',
    '--break',
    breakName,
  );
  return { ...target, settings: { gatewayControls: controls } };
}

/** Each row: a requirement, the break of the fixture that violates it, and the failure. */
const BROKEN_FIXTURES: readonly { requirement: string; breakName: string; message: RegExp }[] = [
  { requirement: 'gw.4.4.tolerant-args', breakName: 'string-coerced', message: /str_to_integer/ },
  { requirement: 'gw.4.5.cache-hit', breakName: 'no-cache-hit', message: /cache_hit false/ },
  {
    requirement: 'gw.4.5.cache-mutating',
    breakName: 'mutating-cached',
    message: /call 2 came from the cache/,
  },
  { requirement: 'gw.4.5.dry-run', breakName: 'dry-run-dispatched', message: /no dry_run: true/ },
  {
    requirement: 'gw.4.5.dry-run-invalid-args',
    breakName: 'dry-run-unvalidated',
    message:
      /^a dry run of fx:read_doc\S* with \{"name":42,"version":42\} answered .*not ARGS_INVALID$/,
  },
  {
    requirement: 'gw.4.5.dry-run-no-quota',
    breakName: 'dry-run-consumes-quota',
    message: /call 1 of 3 answered error RATE_LIMITED/,
  },
  {
    requirement: 'gw.4.5.rate-limited',
    breakName: 'rate-limit-not-retryable',
    message: /retryable is not true/,
  },
];

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

  it.each(BROKEN_FIXTURES)(
    'fail $requirement on the fixture broken by $breakName',
    async ({ requirement, breakName, message }) => {
      const report = await runConformance({
        targets: [controlsFixture(breakName)],
        specs: ['gateway'],
        requirements: [requirement],
      });
      const result = resultOf(report, requirement);
      expect(result.status).toBe('fail');
      expect(result.message).toMatch(message);
    },
  );

  it('skip when the target declares no controls', async () => {
    const report = await runConformance({
      targets: [controlsFixture('none', {})],
      specs: ['gateway'],
      requirements: CONTROLS_REQUIREMENTS,
    });
    for (const id of CONTROLS_REQUIREMENTS) expect(resultOf(report, id).status).toBe('skip');
  });

  it('refuses a malformed controls setting', async () => {
    const report = await runConformance({
      targets: [controlsFixture('none', { quota: { tool: 'fx:echo' } })],
      specs: ['gateway'],
      requirements: ['gw.4.5.rate-limited'],
    });
    expect(resultOf(report, 'gw.4.5.rate-limited')).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/settings.gatewayControls is malformed/),
    });
  });
});
