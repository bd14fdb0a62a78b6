/**
 * The reference targets of this spec: `x-cash demo` and `x-cash aggregate` with the app's example
 * configuration (the official filesystem, memory and everything servers), both from
 * `@x/cash-server` (a dependency of this package), over stdio.
 *
 * Paths are found from this module's location, so the targets run from any working directory.
 * `x-cash` runs through `node` on the app's `dist/cli.js` rather than a bin link, which pnpm
 * makes only when the file exists at install time (a fresh clone installs before it builds).
 *
 * @module
 */

import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROBE_CARD_SHORT } from '../../probe-upstream/probe-catalog.js';
import {
  PROBE_LABELS,
  PROBE_SKILL_LABEL,
  writeProbeConfig,
} from '../../probe-upstream/probe-config.js';
import { createStdioTarget, type TargetDefinition } from '../../target.js';
import type { CashTargetSettings } from './settings.js';

/** This package's root: `src/specs/cash/` (or `dist/...`) is three levels down. */
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The `@x/cash-server` app, as linked into this package. */
const APP = join(PACKAGE_ROOT, 'node_modules', '@x', 'cash-server');

/** The built `x-cash` entry point. */
export const X_CASH_CLI = join(APP, 'dist', 'cli.js');

/** The app's example `mcpServers` file; its relative paths resolve against its own folder. */
export const X_CASH_EXAMPLE_CONFIG = join(APP, 'examples', 'mcp.json');

/** The app's `node_modules/.bin`, where the official servers the example names live. */
export const X_CASH_BIN = join(APP, 'node_modules', '.bin');

/** Products the demo's seed stocks with at least 20 units. */
const STOCKED_PRODUCTS = [3, 4, 5, 8, 9, 10, 12, 13, 14, 17, 18, 19, 21, 22, 23, 24, 26, 27, 28]
  .concat([31, 32, 33, 35, 36, 37, 40, 41, 42, 45, 46, 47, 49, 50])
  .map((index) => `P-${index}`);

/**
 * The demo's `orders.list` without filters (about 5,000 orders, far above 10,000 characters),
 * and an `orders.create` of 200 one-unit lines (about 12,000 characters), probed through the
 * customer's open orders.
 */
export const DEMO_SETTINGS: CashTargetSettings = {
  largeCall: { namespace: 'orders', function: 'list' },
  // The demo is no aggregator: the aggregation checks do not apply.
  upstreams: [],
  writeCall: {
    namespace: 'orders',
    function: 'create',
    kwargs: {
      customer_id: 'C-1',
      items: Array.from({ length: 200 }, (_, line) => ({
        product_id: STOCKED_PRODUCTS[line % STOCKED_PRODUCTS.length],
        quantity: 1,
      })),
    },
    probe: {
      namespace: 'orders',
      function: 'list',
      kwargs: { customer_id: 'C-1', status: 'open' },
    },
  },
};

/** The everything server's `echo` of 12,000 characters, above the default threshold. */
export const AGGREGATE_SETTINGS: CashTargetSettings = {
  largeCall: { namespace: 'everything', function: 'echo', kwargs: { message: 'x'.repeat(12_000) } },
  upstreams: ['filesystem', 'memory', 'everything'],
};

/**
 * An aggregator in front of conformance probe upstreams only: two probes for the routing check,
 * the probe's CaSH face for the merged-skills check, all three as upstreams, and the first
 * probe's read-only lookup with 600 related records (about 16,000 characters) as the large call.
 */
export const PROBE_AGGREGATE_SETTINGS: CashTargetSettings = {
  largeCall: {
    namespace: PROBE_LABELS[0],
    function: PROBE_CARD_SHORT,
    kwargs: { key: 'conformance', limit: 600 },
  },
  upstreams: [...PROBE_LABELS, PROBE_SKILL_LABEL],
  probeUpstreams: [...PROBE_LABELS],
  skillProbeUpstreams: [PROBE_SKILL_LABEL],
};

/** The specs every target implements (a CaSH server serves its skills through the extension too). */
const SPECS = ['mcp-base', 'cash', 'mcp-skills'];

/**
 * `x-cash demo`, `x-cash aggregate --config <example>` and `x-cash aggregate` in front of two
 * probe upstreams, over stdio.
 */
export const cashTargets: readonly TargetDefinition[] = [
  {
    ...createStdioTarget({
      name: 'x-cash demo',
      command: process.execPath,
      args: [X_CASH_CLI, 'demo'],
      specs: SPECS,
    }),
    settings: { cash: DEMO_SETTINGS },
  },
  {
    ...createStdioTarget({
      name: 'x-cash aggregate',
      command: process.execPath,
      args: [X_CASH_CLI, 'aggregate', '--config', X_CASH_EXAMPLE_CONFIG],
      // The example names the servers by their bins, which must be on the PATH.
      env: { PATH: `${X_CASH_BIN}${delimiter}${process.env.PATH ?? ''}` },
      specs: SPECS,
    }),
    settings: { cash: AGGREGATE_SETTINGS },
  },
  {
    ...createStdioTarget({
      name: 'x-cash aggregate probe',
      command: process.execPath,
      args: [X_CASH_CLI, 'aggregate'],
      specs: SPECS,
      withTemporaryDirectory: (directory) => ({
        args: [
          '--config',
          writeProbeConfig(directory, PROBE_LABELS, { cashLabels: [PROBE_SKILL_LABEL] }),
        ],
      }),
    }),
    settings: { cash: PROBE_AGGREGATE_SETTINGS },
  },
];
