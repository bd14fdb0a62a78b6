/**
 * The gateway fixture with a defect, in one of its setups: gateway mode (the default) or proxy
 * mode with the probe call settings, gateway mode declaring its controls, with cache-stable
 * browsing and primitives on (`opt-in`), or either mode with the probe upstream's tools.
 */

import type { TargetDefinition } from '../../src/index.js';
import type { GatewayControlsProbe } from '../../src/specs/gateway/controls-settings.js';
import type { GatewayProbe } from '../../src/specs/gateway/settings.js';
import { fixtureTarget } from '../helpers.js';
import type { DefectKit } from './kit.js';

/** The fixture, relative to the fixtures folder. */
export const GATEWAY_FIXTURE = 'gateway/gateway-fixture.mjs';

/** The probe call of the fixture: its echo, large arguments and arguments that break its schema. */
export const GATEWAY_PROBE: GatewayProbe = {
  tool: 'fx:echo',
  largeArgs: { message: 'large '.repeat(1_000) },
  invalidArgs: { message: 42 },
};

/** The probe call with the fixture's probe namespace (`--probe`). */
export const GATEWAY_PROBE_UPSTREAM: GatewayProbe = { ...GATEWAY_PROBE, probeUpstreams: ['probe'] };

/** The fixture's §4.4-§4.5 controls. */
export const GATEWAY_CONTROLS: GatewayControlsProbe = {
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

/** What the fixture's `--cache-stable` and `--primitives` offer. */
export const GATEWAY_OPT_IN: GatewayControlsProbe = {
  cacheStable: {
    // "document" finds fx:read_doc (score 1); the longer query finds all four tools, read_doc
    // with score 2, and fx:echo, which the scenario runs.
    first: { query: 'document', top_k: 5 },
    second: { query: 'document name echo notes title', top_k: 10 },
    execute: { tool: 'fx:echo', args: { message: 'hi' } },
  },
  primitives: {
    resources: { large: 'fx:manual' },
    prompts: { prompt: 'fx:greet', args: { person: 'Ada' } },
    collisions: true,
  },
};

/** Each setup: the fixture's arguments besides the defect, and the target's settings. */
const SETUPS: Readonly<
  Record<string, { readonly args: readonly string[]; readonly settings: Record<string, unknown> }>
> = {
  gateway: { args: ['--mode', 'gateway'], settings: { gateway: GATEWAY_PROBE } },
  proxy: { args: ['--mode', 'proxy'], settings: { gateway: GATEWAY_PROBE } },
  controls: { args: ['--mode', 'gateway'], settings: { gatewayControls: GATEWAY_CONTROLS } },
  'opt-in': {
    args: ['--mode', 'gateway', '--cache-stable', '--primitives'],
    settings: { gateway: GATEWAY_PROBE, gatewayControls: GATEWAY_OPT_IN },
  },
  probe: { args: ['--mode', 'gateway', '--probe'], settings: { gateway: GATEWAY_PROBE_UPSTREAM } },
  'probe-proxy': {
    args: ['--mode', 'proxy', '--probe'],
    settings: { gateway: GATEWAY_PROBE_UPSTREAM },
  },
};

/** The fixture in `setup` (default gateway mode) with `defect`, or with `settings` instead. */
export function gatewayFixture(
  setup = 'gateway',
  defect = 'none',
  settings?: Record<string, unknown>,
): TargetDefinition {
  const chosen = SETUPS[setup];
  if (chosen === undefined) throw new Error(`unknown gateway fixture setup ${setup}`);
  const target = fixtureTarget(GATEWAY_FIXTURE, ...chosen.args, '--defect', defect);
  return { ...target, settings: settings ?? chosen.settings };
}

/** The kit of `gateway`. */
export function gatewayKit(): DefectKit {
  return {
    target: (setup, defect) => gatewayFixture(setup, defect),
    options: { specs: ['gateway'] },
  };
}
