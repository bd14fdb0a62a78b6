/**
 * The reference targets of this spec: `x-pd demo` and `x-pd wrap` in front of the official
 * servers over stdio, and `x-pd demo` over Streamable HTTP with bearer tokens, all from
 * `@x/pd-server` (a dependency of this package).
 *
 * Paths are found from this module's location, so the targets run from any working directory.
 *
 * @module
 */

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConformanceError } from '../../errors.js';
import { createStdioTarget, type TargetDefinition } from '../../target.js';
import { PD_SETTINGS_KEY } from './settings.js';

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

/**
 * The callers of `x-pd demo http` and their roles: the target's own, three distinct callers for
 * the checks that need fresh ones in the 2026-07-28 era (where grants belong to the bearer
 * principal, not to a session), and one read-only caller that sees fewer tools.
 */
const HTTP_CALLER_ROLES = {
  own: 'user',
  first: 'user',
  second: 'user',
  third: 'user',
  narrow: 'read-only',
} as const;

type HttpCaller = keyof typeof HTTP_CALLER_ROLES;

/** A caller's bearer token (x-pd wants 16 characters or more); fresh per run, as each run starts its own server. */
const tokenOf = (caller: HttpCaller) => `x-conformance-${caller}-token`;

/** The headers that make `caller`. */
const bearer = (caller: HttpCaller) => ({ Authorization: `Bearer ${tokenOf(caller)}` });

/**
 * `x-pd demo --http 127.0.0.1:0 --tokens <file>` for the run: the tokens file lives in a temporary
 * folder, the URL comes from the line x-pd writes on stderr once it listens, and both go when
 * the target's checks are done.
 */
function demoOverHttp(): TargetDefinition {
  const name = 'x-pd demo http';
  return {
    name,
    specs: SPECS,
    settings: {
      [PD_SETTINGS_KEY]: {
        callers: [bearer('first'), bearer('second'), bearer('third')],
        restrictedCaller: bearer('narrow'),
      },
    },
    setup: async () => {
      const folder = await mkdtemp(join(tmpdir(), 'x-conformance-pd-http-'));
      const tokens = join(folder, 'tokens.json');
      const roles = Object.entries(HTTP_CALLER_ROLES).map(([caller, role]) => [
        tokenOf(caller as HttpCaller),
        role,
      ]);
      await writeFile(tokens, JSON.stringify(Object.fromEntries(roles)));
      const child = spawn(
        join(BIN, 'x-pd'),
        ['demo', '--http', '127.0.0.1:0', '--tokens', tokens],
        {
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      const cleanup = async () => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = once(child, 'exit');
          child.kill('SIGTERM');
          await exited;
        }
        await rm(folder, { recursive: true, force: true });
      };
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let stderr = '';
          child.stderr.on('data', (chunk: Buffer) => {
            stderr += chunk.toString();
            const match = /serving .* at (http:\/\/\S+)/.exec(stderr);
            if (match?.[1] !== undefined) resolve(match[1]);
          });
          child.once('exit', (code) => {
            reject(
              new ConformanceError({
                code: 'TARGET_START_FAILED',
                message: `target "${name}" exited with ${code} before listening: ${stderr.trim()}`,
              }),
            );
          });
        });
        return { transport: { kind: 'http', url, headers: bearer('own') }, cleanup };
      } catch (error) {
        await cleanup();
        throw error;
      }
    },
  };
}

/**
 * `x-pd demo` and `x-pd wrap --descriptions <example folder> --config <example>` over stdio, and
 * `x-pd demo` over Streamable HTTP with its callers.
 */
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
  demoOverHttp(),
];
