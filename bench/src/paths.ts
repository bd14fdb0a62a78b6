import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchError } from './errors.js';

/** The environment variable that names the data folder when `--data` is not given. */
export const DATA_ENVIRONMENT_VARIABLE = 'X_BENCH_DATA';

/** The repository root: the nearest folder above this module that holds `pnpm-workspace.yaml`. */
export function findRepositoryRoot(from: string = fileURLToPath(import.meta.url)): string {
  let folder = dirname(from);
  for (;;) {
    if (existsSync(join(folder, 'pnpm-workspace.yaml'))) return folder;
    const parent = dirname(folder);
    if (parent === folder) {
      throw new BenchError({ code: 'NO_DATA', message: `no pnpm-workspace.yaml above ${from}` });
    }
    folder = parent;
  }
}

/** Where `bench/results/` is. */
export function resultsFolder(repositoryRoot: string): string {
  return join(repositoryRoot, 'bench', 'results');
}

/**
 * The data folder: `--data`, else `X_BENCH_DATA`, else `../shared/data` beside the repository.
 *
 * @throws {@link BenchError} `NO_DATA` naming what was tried when the folder does not exist.
 */
export function resolveDataFolder(
  option: string | undefined,
  environment: NodeJS.ProcessEnv,
  repositoryRoot: string,
): string {
  const given = option ?? environment[DATA_ENVIRONMENT_VARIABLE];
  const folder = resolve(given ?? join(repositoryRoot, '..', 'shared', 'data'));
  if (!isFolder(folder)) {
    const source =
      option !== undefined
        ? '--data'
        : given !== undefined
          ? DATA_ENVIRONMENT_VARIABLE
          : 'the default (../shared/data beside the repository)';
    throw new BenchError({
      code: 'NO_DATA',
      message: `no benchmark data: ${folder} (from ${source}) is not a folder; pass --data DIR or set ${DATA_ENVIRONMENT_VARIABLE}`,
    });
  }
  return folder;
}

/** A path as results record it: relative to the repository root, with `/` separators. */
export function displayPath(path: string, repositoryRoot: string): string {
  return relative(repositoryRoot, path).split(sep).join('/') || '.';
}

/** Whether `path` is an existing folder. */
export function isFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}
