/**
 * The reference apps the official suite checks, each started over Streamable HTTP on
 * 127.0.0.1 with an ephemeral port (`--http 127.0.0.1:0`; the app prints the bound address).
 *
 * They mirror the stdio targets of `x-conformance` (conformance/src/targets.ts).
 *
 * @module
 */

import { delimiter, join } from 'node:path';
import { linkedPackage } from '../paths.js';

/** One reference app, as the official suite sees it. */
export interface OfficialTarget {
  /** A name without spaces, as used in the expected-failures file. */
  readonly name: string;
  /** The executable. */
  readonly command: string;
  /** Its arguments, `--http 127.0.0.1:0` included. */
  readonly args: readonly string[];
  /** Variables added to this process's environment. */
  readonly env?: Readonly<Record<string, string>>;
}

/** Every app listens here; the port is chosen by the system. */
const HTTP = ['--http', '127.0.0.1:0'] as const;

function app(name: string, script: string): string {
  return join(linkedPackage(name), script);
}

/** A PATH with `bin` first: the example configurations name the official servers by their bins. */
function pathWith(bin: string): Record<string, string> {
  return { PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` };
}

const CASH = app('@x/cash-server', 'dist/cli.js');
const PD = app('@x/pd-server', 'dist/cli.js');
const CONTEXT_CACHE = app('@x/context-cache-server', 'dist/cli.js');
const GATEWAY = app('@x/gateway-app', 'dist/cli.js');

/** Every target, in run order. */
export const officialTargets: readonly OfficialTarget[] = [
  { name: 'x-cash-demo', command: process.execPath, args: [CASH, 'demo', ...HTTP] },
  {
    name: 'x-cash-aggregate',
    command: process.execPath,
    args: [
      CASH,
      'aggregate',
      '--config',
      app('@x/cash-server', 'examples/mcp.json'),
      '--skills',
      app('@x/cash-server', 'examples/skills'),
      ...HTTP,
    ],
    env: pathWith(app('@x/cash-server', 'node_modules/.bin')),
  },
  { name: 'x-pd-demo', command: process.execPath, args: [PD, 'demo', ...HTTP] },
  {
    name: 'x-pd-wrap',
    command: process.execPath,
    args: [PD, 'wrap', '--config', app('@x/pd-server', 'examples/mcp.json'), ...HTTP],
    env: pathWith(app('@x/pd-server', 'node_modules/.bin')),
  },
  // Without --root it serves a cache built from this repository's READMEs.
  {
    name: 'x-context-cache-serve',
    command: process.execPath,
    args: [CONTEXT_CACHE, 'serve', ...HTTP],
  },
  ...(['gateway', 'proxy'] as const).map((mode) => ({
    name: `x-gateway-${mode}`,
    command: process.execPath,
    args: [
      GATEWAY,
      'serve',
      '--config',
      app('@x/gateway-app', 'examples/mcp.json'),
      '--mode',
      mode,
      '--quiet',
      ...HTTP,
    ],
  })),
  {
    name: 'x-gateway-controls',
    command: process.execPath,
    args: [
      GATEWAY,
      'serve',
      '--config',
      app('@x/gateway-app', 'examples/mcp-controls.json'),
      '--quiet',
      ...HTTP,
    ],
  },
];
