/**
 * The reference targets of this spec: `x-pd demo` and `x-pd wrap` in front of the official
 * servers, both from `@x/pd-server` (a dependency of this package).
 *
 * Paths are found from this module's location, so the targets run from any working directory.
 *
 * @module
 */

import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStdioTarget, type TargetDefinition } from '../../target.js';

/** This package's root: `src/specs/progressive-disclosure/` (or `dist/...`) is three levels down. */
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** This package's `node_modules/.bin`: `x-pd` and the official servers the example starts. */
const BIN = join(PACKAGE_ROOT, 'node_modules', '.bin');

/** The example `mcpServers` file of `@x/pd-server`: filesystem, memory and everything. */
const EXAMPLE_CONFIG = join(
  PACKAGE_ROOT,
  'node_modules',
  '@x',
  'pd-server',
  'examples',
  'mcp.json',
);

/** The description files of that example: examples and guidance for some of the servers' tools. */
const EXAMPLE_DESCRIPTIONS = join(
  PACKAGE_ROOT,
  'node_modules',
  '@x',
  'pd-server',
  'examples',
  'descriptions',
);

/** The specs both targets implement. */
const SPECS = ['mcp-base', 'progressive-disclosure'];

/** `x-pd demo` and `x-pd wrap --descriptions <example folder> --config <example>`, over stdio. */
export const progressiveDisclosureTargets: readonly TargetDefinition[] = [
  createStdioTarget({
    name: 'x-pd demo',
    command: join(BIN, 'x-pd'),
    args: ['demo'],
    specs: SPECS,
  }),
  createStdioTarget({
    name: 'x-pd wrap',
    command: join(BIN, 'x-pd'),
    args: ['wrap', '--descriptions', EXAMPLE_DESCRIPTIONS, '--config', EXAMPLE_CONFIG],
    // The example names the servers by their bins, which must be on the PATH.
    env: { PATH: `${BIN}${delimiter}${process.env.PATH ?? ''}` },
    specs: SPECS,
  }),
];
