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

/**
 * The folder a run writes into: `--out DIR`, else `bench/out/` (ignored by git). Only
 * `--update-results` writes into `bench/` itself, whose `results/` and `REPORT.md` are committed.
 */
export function outputFolder(
  option: { readonly out: string | undefined; readonly updateResults: boolean },
  repositoryRoot: string,
): string {
  if (option.updateResults) return join(repositoryRoot, 'bench');
  return resolve(option.out ?? join(repositoryRoot, 'bench', 'out'));
}

/** Where the result files of a run go: `results/` of its output folder. */
export function resultsFolder(output: string): string {
  return join(output, 'results');
}

/** The data folder of a clone that names none: `bench/data/` (ignored by git). */
export function defaultDataFolder(repositoryRoot: string): string {
  return join(repositoryRoot, 'bench', 'data');
}

/**
 * The data folder: `--data`, else `X_BENCH_DATA`, else {@link defaultDataFolder}, which may not
 * exist (each benchmark that needs a data set then says which one and where to get it).
 *
 * @throws {@link BenchError} `NO_DATA` when a folder named by `--data` or `X_BENCH_DATA` is not a
 *   folder.
 */
export function resolveDataFolder(
  option: string | undefined,
  environment: NodeJS.ProcessEnv,
  repositoryRoot: string,
): string {
  const fromEnvironment = environment[DATA_ENVIRONMENT_VARIABLE];
  const given = option ?? (fromEnvironment === '' ? undefined : fromEnvironment);
  if (given === undefined) return defaultDataFolder(repositoryRoot);
  const folder = resolve(given);
  if (!isFolder(folder)) {
    const source = option !== undefined ? '--data' : DATA_ENVIRONMENT_VARIABLE;
    throw new BenchError({
      code: 'NO_DATA',
      message: `no benchmark data: ${folder} (from ${source}) is not a folder`,
    });
  }
  return folder;
}

/** A data set's folder as results record it: relative to the data folder (`docs/scifact`). */
export function displayDataPath(path: string, dataFolder: string): string {
  return displayPath(path, dataFolder);
}

/** A path as results record it: relative to the repository root, with `/` separators. */
export function displayPath(path: string, repositoryRoot: string): string {
  return relative(repositoryRoot, path).split(sep).join('/') || '.';
}

/** Whether `path` is an existing folder. */
export function isFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}
