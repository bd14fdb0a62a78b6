/**
 * The registry of reference targets: what `x-conformance` checks when given no target.
 *
 * A reference server joins with one entry here (its bin must be a dependency of this package).
 *
 * @module
 */

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStdioTarget, type TargetDefinition } from './target.js';

/** This package's root, found from this module's location (not the working directory). */
const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The path of an executable in this package's `node_modules/.bin`. */
export function packageBin(name: string): string {
  return join(PACKAGE_ROOT, 'node_modules', '.bin', name);
}

/** Every reference target, in run order. */
export const referenceTargets: readonly TargetDefinition[] = [
  createStdioTarget({ name: 'everything', command: packageBin('mcp-server-everything') }),
  createStdioTarget({
    name: 'filesystem',
    command: packageBin('mcp-server-filesystem'),
    withTemporaryDirectory: (directory) => ({ args: [directory] }),
  }),
  createStdioTarget({
    name: 'memory',
    command: packageBin('mcp-server-memory'),
    withTemporaryDirectory: (directory) => ({
      env: { MEMORY_FILE_PATH: join(directory, 'memory.jsonl') },
    }),
  }),
];
