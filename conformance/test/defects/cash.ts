/**
 * The CaSH fixture with a defect: by default one HTTP process serving every defect
 * (`?defect=NAME`), registered as an aggregator of its namespaces; `server` the same process
 * registered as a plain CaSH server; `well-known` a process of its own; `probe` over stdio with
 * its probe upstreams.
 */

import { createStdioTarget, createTarget, type TargetDefinition } from '../../src/index.js';
import type { CashTargetSettings } from '../../src/specs/cash/settings.js';
import {
  FIXTURES_DIRECTORY,
  type HttpFixture,
  httpFixtureTarget,
  startHttpFixture,
} from '../helpers.js';
import type { DefectKit } from './kit.js';

/** The fixture, relative to the fixtures folder. */
export const CASH_FIXTURE = 'cash/cash-server.mjs';

/** The fixture's large call and large write, and its namespaces as the upstreams of an aggregator. */
export const CASH_SETTINGS: CashTargetSettings = {
  largeCall: { namespace: 'orders', function: 'list' },
  writeCall: {
    namespace: 'inventory',
    function: 'reserve',
    kwargs: { product_id: 'P-1', count: 500 },
    probe: { namespace: 'inventory', function: 'reservations' },
  },
  upstreams: ['orders', 'inventory'],
};

/** The fixture as a plain CaSH server, not an aggregator: tools beside the three are an error. */
export const CASH_SERVER_SETTINGS: CashTargetSettings = { ...CASH_SETTINGS, upstreams: [] };

/** The fixture's own namespaces, its two probe namespaces and its skill probe, all as upstreams. */
export const CASH_PROBE_SETTINGS: CashTargetSettings = {
  upstreams: ['orders', 'inventory', 'probea', 'probeb', 'probeskills'],
  probeUpstreams: ['probea', 'probeb'],
  skillProbeUpstreams: ['probeskills'],
};

/** The fixture over stdio with `--defect defect`, with `settings` (default {@link CASH_SETTINGS}). */
export function cashFixture(
  defect = 'none',
  extraArgs: readonly string[] = [],
  settings: CashTargetSettings = CASH_SETTINGS,
): TargetDefinition {
  const target = createStdioTarget({
    name: `cash fixture ${[defect, ...extraArgs].join(' ')}`,
    command: process.execPath,
    args: [`${FIXTURES_DIRECTORY}${CASH_FIXTURE}`, '--defect', defect, ...extraArgs],
    specs: ['cash'],
  });
  return { ...target, settings: { cash: settings } };
}

/** A cash target at `url` (over HTTP) with `settings` (default the fixture's). */
export function cashHttpTarget(
  url: string,
  name: string,
  settings: CashTargetSettings = CASH_SETTINGS,
): TargetDefinition {
  return {
    ...createTarget(name, { kind: 'http', url }, ['cash']),
    settings: { cash: settings },
  };
}

/** The kit of `cash`. */
export function cashKit(): DefectKit {
  let shared: HttpFixture | undefined;
  return {
    async start() {
      shared = await startHttpFixture(CASH_FIXTURE);
    },
    close: () => shared?.close() ?? Promise.resolve(),
    target(setup, defect) {
      if (setup === 'probe') return cashFixture(defect, ['--probe'], CASH_PROBE_SETTINGS);
      if (setup === 'well-known') {
        return {
          ...httpFixtureTarget(CASH_FIXTURE, ['--defect', defect], ['cash']),
          settings: { cash: CASH_SETTINGS },
        };
      }
      if (shared === undefined) throw new Error('the cash kit was not started');
      const settings = setup === 'server' ? CASH_SERVER_SETTINGS : CASH_SETTINGS;
      return cashHttpTarget(`${shared.url}?defect=${defect}`, defect, settings);
    },
  };
}
