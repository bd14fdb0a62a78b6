/**
 * The reference target of this spec, `x-context-cache serve`, and the target kind that builds
 * the fixture cache root before starting a server on it.
 *
 * @module
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConformanceError, describeError } from '../../errors.js';
import type { TargetDefinition } from '../../target.js';
import { type CacheBuilder, prepareFixtureRoot } from './fixture-root.js';

/** This package's root: `src/specs/context-cache/` (or `dist/...`) is three levels down. */
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The built CLI of `@x/context-cache-server` (a dev dependency of this package), run with
 * `node` so that no bin link is needed before the app is built.
 */
export const CONTEXT_CACHE_CLI = join(
  PACKAGE_ROOT,
  'node_modules',
  '@x',
  'context-cache-server',
  'dist',
  'cli.js',
);

/** `x-context-cache` as a {@link CacheBuilder}. */
export const CONTEXT_CACHE_BUILDER: CacheBuilder = {
  command: process.execPath,
  args: [CONTEXT_CACHE_CLI],
};

/** Options of {@link createFixtureRootTarget}. */
export interface FixtureRootTargetOptions {
  /** The name shown in reports. */
  readonly name: string;
  /** The server's executable. */
  readonly command: string;
  /** Its arguments; `--root <fixture root>` is appended. */
  readonly args: readonly string[];
  /** Builds the fixture caches (default: the `x-context-cache` CLI). */
  readonly builder?: CacheBuilder;
  /** The conformance specs that apply (default: detected). */
  readonly specs?: readonly string[];
}

/**
 * A stdio target whose setup builds the fixture cache root (known documents, a tampered cache,
 * the folders and links the checks need) into a fresh temporary folder, then starts the server
 * with `--root` on it; the folder is removed after the target's checks.
 *
 * Setup fails with `TARGET_START_FAILED` when the fixture cannot be built (the app not built, say).
 */
export function createFixtureRootTarget(options: FixtureRootTargetOptions): TargetDefinition {
  return {
    name: options.name,
    ...(options.specs === undefined ? {} : { specs: options.specs }),
    setup: async () => {
      const base = await mkdtemp(join(tmpdir(), 'x-conformance-context-cache-'));
      const cleanup = () => rm(base, { recursive: true, force: true });
      try {
        const { root } = await prepareFixtureRoot(base, options.builder ?? CONTEXT_CACHE_BUILDER);
        return {
          transport: {
            kind: 'stdio',
            command: options.command,
            args: [...options.args, '--root', root],
          },
          cleanup,
        };
      } catch (error) {
        await cleanup();
        throw new ConformanceError({
          code: 'TARGET_START_FAILED',
          message: `target "${options.name}" could not be set up: ${describeError(error)}`,
          cause: error,
        });
      }
    },
  };
}

/** `x-context-cache serve` on the fixture root; its specs are detected (the three `context.*` tools). */
export const contextCacheTargets: readonly TargetDefinition[] = [
  createFixtureRootTarget({
    name: 'x-context-cache serve',
    command: process.execPath,
    args: [CONTEXT_CACHE_CLI, 'serve'],
  }),
];
