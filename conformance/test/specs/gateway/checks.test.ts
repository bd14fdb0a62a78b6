import { describe, expect, it } from 'vitest';
import { runConformance, type TargetDefinition } from '../../../src/index.js';
import type { GatewayProbe } from '../../../src/specs/gateway/settings.js';
import { fixtureTarget, resultOf } from '../../helpers.js';

const PROBE: GatewayProbe = {
  tool: 'fx:echo',
  largeArgs: { message: 'large '.repeat(1_000) },
  invalidArgs: { message: 42 },
};

/** The gateway fixture in `mode`, broken by `breakName`, with the probe settings. */
function gatewayFixture(mode: 'gateway' | 'proxy', breakName = 'none'): TargetDefinition {
  const target = fixtureTarget('gateway/gateway-fixture.mjs', '--mode', mode, '--break', breakName);
  return { ...target, settings: { gateway: PROBE } };
}

/** Each row: a requirement, the mode and the break of the fixture that violates it, and the failure. */
const BROKEN_FIXTURES: readonly {
  requirement: string;
  mode: 'gateway' | 'proxy';
  breakName: string;
  message: RegExp;
}[] = [
  {
    requirement: 'gw.4.2.meta-tools',
    mode: 'gateway',
    breakName: 'extra-meta-tool',
    message: /not exactly/,
  },
  {
    requirement: 'gw.4.1.invocation-channel',
    mode: 'proxy',
    breakName: 'no-hydrate',
    message: /lacks tool_hydrate/,
  },
  {
    requirement: 'gw.4.1.stripped-list',
    mode: 'proxy',
    breakName: 'full-schema-stub',
    message: /has inputSchema/,
  },
  {
    requirement: 'gw.4.1.stub-description',
    mode: 'proxy',
    breakName: 'long-stub-description',
    message: /several lines.*over 80/,
  },
  {
    requirement: 'gw.4.3.hydrate',
    mode: 'proxy',
    breakName: 'hydrate-without-schema',
    message: /without an object input_schema/,
  },
  {
    requirement: 'gw.1.1.tool-id-format',
    mode: 'gateway',
    breakName: 'id-without-hash',
    message: /neither a version nor a hash8/,
  },
  {
    requirement: 'gw.1.1.tool-id-format',
    mode: 'proxy',
    breakName: 'id-without-hash',
    message: /neither a version nor a hash8/,
  },
  {
    requirement: 'gw.1.6.id-correlates',
    mode: 'gateway',
    breakName: 'unknown-id-not-hydrate-failed',
    message: /error UPSTREAM_ERROR, not HYDRATE_FAILED/,
  },
  {
    requirement: 'gw.2.1.card-fields',
    mode: 'gateway',
    breakName: 'extra-card-field',
    message: /carries priority/,
  },
  {
    requirement: 'gw.2.2.banned-fields',
    mode: 'gateway',
    breakName: 'schema-in-card',
    message: /\.inputSchema is a banned field/,
  },
  {
    requirement: 'gw.2.3.token-budget',
    mode: 'gateway',
    breakName: 'long-card-description',
    message: /tokens, over \d+/,
  },
  {
    requirement: 'gw.2.4.deterministic',
    mode: 'gateway',
    breakName: 'changing-browse',
    message: /changed between two calls/,
  },
  {
    requirement: 'gw.2.5.ordering',
    mode: 'gateway',
    breakName: 'reversed-order',
    message: /comes after/,
  },
  {
    requirement: 'gw.3.1.query-or-path',
    mode: 'gateway',
    breakName: 'both-accepted',
    message: /answered a result/,
  },
  {
    requirement: 'gw.3.2.root',
    mode: 'gateway',
    breakName: 'star-not-found',
    message: /PATH_NOT_FOUND.*\/fx\/\*/,
  },
  {
    requirement: 'gw.3.3.deep-paths',
    mode: 'gateway',
    breakName: 'leaf-lists-siblings',
    message:
      /^leaf \/fx\/echo answered 2 cards, not the single card fx:echo#1a2b3c4d nor PATH_NOT_FOUND/,
  },
  {
    requirement: 'gw.1.6.legacy-id-refused',
    mode: 'gateway',
    breakName: 'legacy-id-accepted',
    message:
      /^mcp:echo answered ARGS_INVALID but mcp:conformance_no_such_tool .*HYDRATE_FAILED.*: the legacy key reached fx:echo/,
  },
  {
    requirement: 'gw.3.1.top-k',
    mode: 'gateway',
    breakName: 'top-k-ignored',
    message: /with top_k 1 answered \d+ cards$/,
  },
  {
    requirement: 'gw.4.1.stub-not-callable',
    mode: 'proxy',
    breakName: 'stub-callable',
    message:
      /^tools\/call of the stripped "fx__echo_1a2b3c4d" ran the tool and answered its result$/,
  },
  {
    requirement: 'gw.3.4.path-invalid',
    mode: 'gateway',
    breakName: 'trailing-slash-accepted',
    message: /a trailing slash\) answered error PATH_NOT_FOUND/,
  },
  {
    requirement: 'gw.3.4.path-not-found',
    mode: 'gateway',
    breakName: 'missing-path-invalid',
    message: /answered error PATH_INVALID/,
  },
  {
    requirement: 'gw.3.4.error-shape',
    mode: 'gateway',
    breakName: 'error-without-retryable',
    message: /no retryable boolean/,
  },
  {
    requirement: 'gw.3.4.error-shape',
    mode: 'proxy',
    breakName: 'error-without-retryable',
    message: /no retryable boolean/,
  },
  {
    requirement: 'gw.3.4.redaction',
    mode: 'gateway',
    breakName: 'multi-line-message',
    message: /control characters.*names a host path/,
  },
  {
    requirement: 'gw.4.4.args-invalid',
    mode: 'gateway',
    breakName: 'invalid-args-dispatched',
    message: /not ARGS_INVALID/,
  },
  {
    requirement: 'gw.4.4.args-invalid',
    mode: 'proxy',
    breakName: 'invalid-args-dispatched',
    message: /not ARGS_INVALID/,
  },
  {
    requirement: 'gw.4.2.firewall-envelope',
    mode: 'gateway',
    breakName: 'large-result-inline',
    message: /lists no artifact/,
  },
  {
    requirement: 'gw.4.2.tool-view',
    mode: 'gateway',
    breakName: 'view-broken',
    message: /answered error VIEW_FAILED/,
  },
  {
    requirement: 'gw.4.2.view-failed',
    mode: 'gateway',
    breakName: 'unknown-handle-accepted',
    message: /unknown handle answered a result/,
  },
];

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

  it.each(BROKEN_FIXTURES)(
    'fail $requirement on the $mode fixture broken by $breakName',
    async ({ requirement, mode, breakName, message }) => {
      const report = await runConformance({
        targets: [gatewayFixture(mode, breakName)],
        specs: ['gateway'],
        requirements: [requirement],
      });
      const result = resultOf(report, requirement);
      expect(result.status).toBe('fail');
      expect(result.message).toMatch(message);
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
    const target = { ...gatewayFixture('gateway'), settings: { gateway: { tool: 'fx:echo' } } };
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
