/**
 * The reference targets of this spec: `x-gateway serve` in gateway and in proxy mode, in front of
 * the official everything, filesystem and memory servers of the app's `examples/mcp.json`.
 *
 * The large result of the firewall checks is the everything server's `echo` of a long message:
 * deterministic, read-only, and above the gateway's default threshold of 1,000 tokens. Paths are
 * found from this module's location, so the targets run from any working directory.
 *
 * @module
 */

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROBE_ECHO } from '../../probe-upstream/probe-catalog.js';
import { PROBE_LABELS, writeProbeConfig } from '../../probe-upstream/probe-config.js';
import { createStdioTarget, type TargetDefinition } from '../../target.js';
import type { GatewayControlsProbe } from './controls-settings.js';
import type { GatewayProbe } from './settings.js';

/** This package's root: `src/specs/gateway/` (or `dist/...`) is three levels down. */
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `x-gateway`, from `@x/gateway-app` (a dependency of this package). */
const X_GATEWAY = join(PACKAGE_ROOT, 'node_modules', '.bin', 'x-gateway');

/** The app's example configuration; its commands resolve against the app's own folder. */
export const EXAMPLE_CONFIG = join(
  PACKAGE_ROOT,
  'node_modules',
  '@x',
  'gateway-app',
  'examples',
  'mcp.json',
);

/** The app's example configuration with the opt-in controls on (`x-gateway` section). */
const CONTROLS_CONFIG = join(
  PACKAGE_ROOT,
  'node_modules',
  '@x',
  'gateway-app',
  'examples',
  'mcp-controls.json',
);

/** Words in the probe's echo: about 6,000 tokens, well above the firewall threshold. */
const LARGE_ECHO_WORDS = 6_000;

/** The probe calls of the firewall and validation checks. */
export const GATEWAY_PROBE: GatewayProbe = {
  tool: 'everything:echo',
  largeArgs: {
    message: Array.from({ length: LARGE_ECHO_WORDS }, (_, index) => `word${index % 100}`).join(' '),
  },
  invalidArgs: { message: 42 },
};

/**
 * The controls probe of `x-gateway-controls`, matching `examples/mcp-controls.json`: the
 * everything server's read-only `get-annotated-message` is cached and its `toggle-simulated-logging`
 * (declared mutating; two calls leave it as it was) is not; `get-sum` is limited to 3 calls a
 * minute; `echo` takes its arguments as a JSON string, whose string field stays a string.
 * Browsing is cache-stable: "read a file" finds five filesystem tools, and the longer query finds
 * those, `echo` and four more, with other scores. Resources and prompts are on: the everything
 * server's `structure.md` (12 KB) is above the firewall threshold, `args-prompt` requires `city`,
 * and the second memory server shares the namespace `memory` and the resource
 * `memory://knowledge-graph` with the first, so its copy is keyed `~2`.
 */
export const GATEWAY_CONTROLS_PROBE: GatewayControlsProbe = {
  cache: {
    tool: 'everything:get-annotated-message',
    args: { messageType: 'success', includeImage: false },
    mutatingTool: 'everything:toggle-simulated-logging',
    mutatingArgs: {},
  },
  quota: { tool: 'everything:get-sum', args: { a: 2, b: 3 }, maxCallsPerMinute: 3 },
  tolerant: {
    tool: 'everything:echo',
    args: '{"message": "42"}',
    repairs: [{ rule: 'parse_stringified_object', path: '' }],
  },
  cacheStable: {
    first: { query: 'read a file', top_k: 5 },
    second: { query: 'read a file or echo a message', top_k: 10 },
    execute: { tool: 'everything:echo', args: { message: 'cache-stable' } },
  },
  primitives: {
    resources: { large: 'everything:structure.md' },
    prompts: { prompt: 'everything:args-prompt', args: { city: 'Paris' } },
    collisions: true,
  },
};

/** The specs both targets implement. */
const SPECS = ['mcp-base', 'gateway'];

function gatewayTarget(mode: 'gateway' | 'proxy'): TargetDefinition {
  const target = createStdioTarget({
    name: `x-gateway ${mode}`,
    command: X_GATEWAY,
    // The ranking is pinned to lexical: hybrid answers change once the vectors are ready, and
    // a check must see the same answer whenever it runs.
    args: ['serve', '--config', EXAMPLE_CONFIG, '--mode', mode, '--quiet', '--ranking', 'lexical'],
    specs: SPECS,
  });
  return { ...target, settings: { gateway: GATEWAY_PROBE, gatewayControls: EXAMPLE_CONTROLS } };
}

/** The example configuration turns no opt-in control on. */
const EXAMPLE_CONTROLS: GatewayControlsProbe = {
  off: ['cache', 'quota', 'tolerant', 'cacheStable'],
};

/**
 * The probe targets turn the result cache on, and no other opt-in control; the cache's checks
 * need a probe of a cached tool and a mutating one, which the probe upstreams do not pair, so
 * they skip.
 */
const PROBE_CONTROLS: GatewayControlsProbe = { off: ['quota', 'tolerant', 'cacheStable'] };

/**
 * The probe calls of `x-gateway probe`: the echo of the first probe upstream, with a text of
 * 6,000 words as the large result, and both probe namespaces for the checks that read what
 * reached them.
 */
export const GATEWAY_UPSTREAM_PROBE: GatewayProbe = {
  tool: `${PROBE_LABELS[0]}:${PROBE_ECHO}`,
  largeArgs: { text: GATEWAY_PROBE.largeArgs.message },
  invalidArgs: { text: 42 },
  probeUpstreams: [...PROBE_LABELS],
};

/**
 * The `x-gateway` block of the probe targets' config: the read-only result cache on, so the
 * probe's read-only tools are cached and `gw.4.5.errors-not-cached` sees their errors are not.
 */
const PROBE_GATEWAY_SECTION = { 'x-gateway': { cache: { readOnly: true } } };

/**
 * `x-gateway serve` in `mode` in front of two conformance probe upstreams only, with the result
 * cache on, over stdio.
 */
function probeTarget(mode: 'gateway' | 'proxy'): TargetDefinition {
  const target = createStdioTarget({
    name: `x-gateway probe ${mode}`,
    command: X_GATEWAY,
    args: ['serve', '--mode', mode, '--quiet', '--ranking', 'lexical'],
    specs: SPECS,
    withTemporaryDirectory: (directory) => ({
      args: [
        '--config',
        writeProbeConfig(directory, PROBE_LABELS, { sections: PROBE_GATEWAY_SECTION }),
      ],
    }),
  });
  return {
    ...target,
    settings: { gateway: GATEWAY_UPSTREAM_PROBE, gatewayControls: PROBE_CONTROLS },
  };
}

/** `x-gateway serve --config <example with controls>` in gateway mode, over stdio. */
function controlsTarget(): TargetDefinition {
  const target = createStdioTarget({
    name: 'x-gateway-controls',
    command: X_GATEWAY,
    args: [
      'serve',
      '--config',
      CONTROLS_CONFIG,
      '--mode',
      'gateway',
      '--quiet',
      '--ranking',
      'lexical',
    ],
    specs: SPECS,
  });
  return {
    ...target,
    settings: { gateway: GATEWAY_PROBE, gatewayControls: GATEWAY_CONTROLS_PROBE },
  };
}

/**
 * `x-gateway serve --config <example> --mode gateway|proxy`, `x-gateway-controls` with the
 * opt-in controls on, and both modes in front of two probe upstreams, over stdio.
 */
export const gatewayTargets: readonly TargetDefinition[] = [
  gatewayTarget('gateway'),
  gatewayTarget('proxy'),
  controlsTarget(),
  probeTarget('gateway'),
  probeTarget('proxy'),
];
