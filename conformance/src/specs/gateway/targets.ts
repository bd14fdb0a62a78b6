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
import { createStdioTarget, type TargetDefinition } from '../../target.js';
import type { GatewayProbe } from './settings.js';

/** This package's root: `src/specs/gateway/` (or `dist/...`) is three levels down. */
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `x-gateway`, from `@x/gateway-app` (a dependency of this package). */
const X_GATEWAY = join(PACKAGE_ROOT, 'node_modules', '.bin', 'x-gateway');

/** The app's example configuration; its commands resolve against the app's own folder. */
const EXAMPLE_CONFIG = join(
  PACKAGE_ROOT,
  'node_modules',
  '@x',
  'gateway-app',
  'examples',
  'mcp.json',
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

/** The specs both targets implement. */
const SPECS = ['mcp-base', 'gateway'];

function gatewayTarget(mode: 'gateway' | 'proxy'): TargetDefinition {
  const target = createStdioTarget({
    name: `x-gateway ${mode}`,
    command: X_GATEWAY,
    args: ['serve', '--config', EXAMPLE_CONFIG, '--mode', mode, '--quiet'],
    specs: SPECS,
  });
  return { ...target, settings: { gateway: GATEWAY_PROBE } };
}

/** `x-gateway serve --config <example> --mode gateway|proxy`, over stdio. */
export const gatewayTargets: readonly TargetDefinition[] = [
  gatewayTarget('gateway'),
  gatewayTarget('proxy'),
];
