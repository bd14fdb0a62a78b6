/**
 * The built-in cache `serve` offers without `--root`: this repository's READMEs.
 *
 * @module
 */

import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCache } from '@x/context-cache';
import { StartupError } from './startup-error.js';

/** The name of the built-in cache inside its root. */
export const REPOSITORY_DOCS_CACHE = 'repo-docs';

/** The READMEs that make up the built-in cache, relative to the repository root. */
export const REPOSITORY_DOCS_PATTERNS: readonly string[] = [
  'README.md',
  'packages/*/README.md',
  'apps/*/README.md',
  'conformance/README.md',
  'bench/README.md',
];

/** The file that marks the repository root. */
const WORKSPACE_MARKER = 'pnpm-workspace.yaml';

/** A fixed `created_at`, so two starts on the same READMEs write the same bytes. */
const FIXED_CREATED_AT = new Date(0);

/** The built-in cache, ready to serve. */
export interface RepositoryDocs {
  /** The temporary root holding the one cache {@link REPOSITORY_DOCS_CACHE}. */
  readonly cacheRoot: string;
  /** How many READMEs it holds. */
  readonly documentCount: number;
  /** Removes the temporary root. */
  release(): Promise<void>;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The repository this app runs from: the nearest folder above `start` holding
 * `pnpm-workspace.yaml`, or `undefined` (the app was installed outside the repository).
 */
export async function findRepositoryRoot(start: string): Promise<string | undefined> {
  let folder = start;
  for (;;) {
    if (await isFile(join(folder, WORKSPACE_MARKER))) return folder;
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}

/** This app's folder, found from this module's location (`dist/` or `src/`), not the working directory. */
export const APP_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds the built-in cache into a fresh temporary root, at every start: a build of a dozen
 * READMEs takes milliseconds, is never stale (no build-time copy to drift from the files), and
 * writes nothing next to the installed app. `created_at` is fixed, so the same READMEs give the
 * same bytes and the same `cache_version`. Document ids are the README paths, lowercased
 * (`readme.md`, `packages/core/readme.md`).
 *
 * @throws StartupError when the repository cannot be found around `appRoot`
 */
export async function buildRepositoryDocs(appRoot: string = APP_ROOT): Promise<RepositoryDocs> {
  const repositoryRoot = await findRepositoryRoot(appRoot);
  if (repositoryRoot === undefined) {
    throw new StartupError(
      `no repository (${WORKSPACE_MARKER}) above ${appRoot} to build the built-in docs cache from; pass --root DIR`,
    );
  }
  const cacheRoot = await mkdtemp(join(tmpdir(), 'x-context-cache-docs-'));
  const release = () => rm(cacheRoot, { recursive: true, force: true });
  try {
    const result = await buildCache({
      sources: repositoryRoot,
      cache: join(cacheRoot, REPOSITORY_DOCS_CACHE),
      include: [...REPOSITORY_DOCS_PATTERNS],
      createdAt: FIXED_CREATED_AT,
    });
    return { cacheRoot, documentCount: result.documentCount, release };
  } catch (error) {
    await release();
    throw error;
  }
}
