/**
 * Which benchmarks a data folder lets run, and what a skipped one tells the person running it.
 *
 * @module
 */

import { join } from 'node:path';
import type { Benchmark, BenchmarkDataset } from './benchmark.js';
import { DATA_ENVIRONMENT_VARIABLE, isFolder } from './paths.js';

/** The data sets `benchmark` reads that `dataFolder` does not hold, in the benchmark's order. */
export function missingDatasets(
  benchmark: Pick<Benchmark, 'about'>,
  dataFolder: string,
): BenchmarkDataset[] {
  return (benchmark.about?.datasets ?? []).filter(
    (dataset) => !isFolder(join(dataFolder, dataset.folder)),
  );
}

/**
 * The note for a benchmark that cannot run: each missing data set with its public address and
 * license, where it must go, and the flag and variable that point at a data folder.
 */
export function skipMessage(
  benchmark: Pick<Benchmark, 'name'>,
  missing: readonly BenchmarkDataset[],
  dataFolder: string,
): string {
  return [
    `${benchmark.name}: skipped: it needs data that ${dataFolder} does not hold:`,
    ...missing.map(
      (dataset) =>
        `  - ${dataset.name}, expected in ${dataset.folder}/: get it from ${dataset.address}; license ${dataset.license}`,
    ),
    `  Lay each data set out as bench/README.md ("Data sets") describes, in one folder, and pass`,
    `  --data DIR or set ${DATA_ENVIRONMENT_VARIABLE}=DIR (default: bench/data in the repository).`,
  ].join('\n');
}
