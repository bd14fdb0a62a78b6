/**
 * The registry of reference targets: what `x-conformance` checks when given no target.
 *
 * A reference server joins with one entry here (its bin must be a dependency of this package).
 *
 * @module
 */

import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createOAuthHttpTarget } from './auth/oauth-http-target.js';
import { createDriverTarget, type DriverTargetDefinition } from './driver/driver-target.js';
import { eraFixtureTargets } from './era/era-fixture-targets.js';
import { ConformanceError } from './errors.js';
import { cashTargets, X_CASH_CLI } from './specs/cash/targets.js';
import { contextCacheTargets } from './specs/context-cache/targets.js';
import { EXAMPLE_CONFIG, gatewayTargets } from './specs/gateway/targets.js';
import { progressiveDisclosureTargets } from './specs/progressive-disclosure/targets.js';
import { createStdioTarget, type TargetDefinition } from './target.js';

/** This package's root, found from this module's location (not the working directory). */
const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The path of an executable in this package's `node_modules/.bin`. */
export function packageBin(name: string): string {
  return join(PACKAGE_ROOT, 'node_modules', '.bin', name);
}

/** The `file:` URL of a file of a package installed in this package's `node_modules`. */
export function packageFile(name: string, path: string): string {
  return pathToFileURL(join(PACKAGE_ROOT, 'node_modules', name, path)).href;
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
  ...eraFixtureTargets,
  ...progressiveDisclosureTargets,
  ...contextCacheTargets,
  ...gatewayTargets,
  // The gateway over Streamable HTTP as an OAuth resource server trusting the kit's issuer;
  // tool_execute needs the extra scope, so a base-scope token gets 403 insufficient_scope.
  createOAuthHttpTarget({
    name: 'x-gateway serve oauth',
    command: packageBin('x-gateway'),
    args: ({ configFile, port }) => [
      'serve',
      '--config',
      EXAMPLE_CONFIG,
      '--quiet',
      '--ranking',
      'lexical',
      '--http',
      `127.0.0.1:${port}`,
      '--oauth',
      configFile,
    ],
    specs: ['mcp-base', 'mcp-auth'],
    settings: {
      'mcp-auth': { scopedTool: { name: 'tool_execute', arguments: {}, scope: 'mcp:admin' } },
    },
    ready: /serving .* at http:\/\/127\.0\.0\.1:\d+\/mcp/u,
  }),
  ...cashTargets,
];

/** A command line for `sh -c`, each word single-quoted. */
function shellWords(words: readonly string[]): string {
  return words.map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(' ');
}

/**
 * Every reference driver (MCS driver modules, checked in process), in run order: the REST
 * driver on the demo bookshop of `x-mcs`, the MCP driver on the everything server, and the
 * CaSH driver on `x-cash demo`. The probe calls are read-only.
 */
export const referenceDriverTargets: readonly DriverTargetDefinition[] = [
  createDriverTarget({
    name: 'mcs-rest',
    module: packageFile('@x/mcs-cli', 'dist/driver-module.js'),
    options: { demo: true },
    probeCalls: [
      {
        name: 'listBooks',
        arguments: { q: 'dune' },
        resultContains: 'Frank Herbert',
        resultMatches: { status: 200, ok: true },
      },
      { name: 'getBook', arguments: { isbn: '978-0441172719' }, resultContains: 'Dune' },
    ],
  }),
  createDriverTarget({
    name: 'mcs-mcp',
    module: packageFile('@x/mcs-cli', 'dist/driver-module.js'),
    options: { mcp: shellWords([packageBin('mcp-server-everything')]) },
    probeCalls: [
      {
        name: 'echo',
        arguments: { message: 'conformance probe' },
        resultContains: 'Echo: conformance probe',
        resultMatches: { content: [{ type: 'text', text: 'Echo: conformance probe' }] },
      },
      { name: 'get-sum', arguments: { a: 2, b: 3 }, resultContains: 'The sum of 2 and 3 is 5.' },
    ],
  }),
  createDriverTarget({
    name: 'mcs-cash',
    module: packageFile('@x/mcs-cli', 'dist/driver-module.js'),
    options: { cash: shellWords([process.execPath, X_CASH_CLI, 'demo']) },
    probeCalls: [
      {
        name: 'help',
        arguments: {},
        resultContains: '**inventory** — Query and update stock levels.',
        resultMatches: { content: [{ type: 'text' }] },
      },
      {
        name: 'call',
        arguments: {
          namespace: 'inventory',
          function: 'check',
          kwargs: { product_id: 'P-7', quantity: 1 },
        },
        resultContains: '\\"available\\":true',
      },
    ],
  }),
];

/**
 * The reference targets (servers and drivers) named in `names`, in registry order.
 *
 * @throws ConformanceError `USAGE` naming the unknown names and the known ones.
 */
export function selectReferenceTargets(
  names: readonly string[],
): (TargetDefinition | DriverTargetDefinition)[] {
  const all = [...referenceTargets, ...referenceDriverTargets];
  const known = new Set(all.map((target) => targetKey(target.name)));
  const unknown = names.filter((name) => !known.has(targetKey(name)));
  if (unknown.length > 0) {
    throw new ConformanceError({
      code: 'USAGE',
      message: `unknown --target ${unknown.join(', ')} (known: ${all.map((target) => target.name).join(', ')})`,
    });
  }
  const wanted = new Set(names.map(targetKey));
  return all.filter((target) => wanted.has(targetKey(target.name)));
}

/** A target name for matching: runs of spaces and hyphens are one hyphen (`x-pd demo` = `x-pd-demo`). */
function targetKey(name: string): string {
  return name.trim().replace(/[\s-]+/gu, '-');
}
