#!/usr/bin/env node
/**
 * `pnpm bench [name...] [--data DIR] [--split NAME] [--quick | --standard | --full]
 * [--out DIR | --update-results] [--skip-missing]`: runs benchmarks, prints their tables, writes
 * `results/<name>.json` (and `.svg`) into the output folder, then `REPORT.md` there from every
 * result file. A benchmark without its data set is skipped with a note saying where to get it.
 * Exit status: 0 done (skips included when no benchmark was named or with `--skip-missing`),
 * 1 failed or a named benchmark could not run, 2 usage.
 *
 * @module
 */

import { availableParallelism } from 'node:os';
import { parseBenchArguments, recordedCommand, usage } from './arguments.js';
import { missingDatasets, skipMessage } from './availability.js';
import { BenchError } from './errors.js';
import {
  displayPath,
  findRepositoryRoot,
  outputFolder,
  resolveDataFolder,
  resultsFolder,
} from './paths.js';
import { BENCHMARKS, selectBenchmarks } from './registry.js';
import { writeMarkdownReport } from './report/markdown-report.js';
import { writeResultFile, writeTextFile } from './report/result-file.js';

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseBenchArguments(argv);
  if (parsed.help) {
    process.stdout.write(`${usage(BENCHMARKS)}\n`);
    return 0;
  }
  const selected = selectBenchmarks(parsed.names);
  const repositoryRoot = findRepositoryRoot();
  const dataFolder = resolveDataFolder(parsed.data, process.env, repositoryRoot);
  const output = outputFolder(parsed, repositoryRoot);
  const folder = resultsFolder(output);
  const mayMiss = parsed.names.length === 0 || parsed.skipMissing;
  // Paths inside the repository relative to its root, others as they are.
  const shown = (path: string) => {
    const relative = displayPath(path, repositoryRoot);
    return relative.startsWith('..') ? path : relative;
  };
  let unrunnable = 0;
  for (const benchmark of selected) {
    process.stdout.write(`\n== ${benchmark.name} ==\n`);
    const missing = missingDatasets(benchmark, dataFolder);
    if (missing.length > 0) {
      process.stderr.write(`${skipMessage(benchmark, missing, dataFolder)}\n`);
      if (!mayMiss) unrunnable += 1;
      continue;
    }
    const report = await benchmark.run({
      dataFolder,
      split: parsed.split,
      mode: parsed.mode,
      repositoryRoot,
      note: (line) => process.stderr.write(`${line}\n`),
    });
    process.stdout.write(`${report.text}\n`);
    const written = [
      writeResultFile(folder, benchmark.name, {
        benchmark: benchmark.name,
        command: recordedCommand(argv),
        environment: { node: process.version, cores: availableParallelism() },
        table: report.text,
        ...report.result,
      }),
    ];
    if (report.chart !== undefined) {
      written.push(writeTextFile(folder, `${benchmark.name}.svg`, report.chart));
    }
    for (const [key, svg] of Object.entries(report.extraCharts ?? {})) {
      written.push(writeTextFile(folder, `${benchmark.name}-${key}.svg`, svg));
    }
    process.stdout.write(`wrote ${written.map(shown).join(', ')}\n`);
  }
  const reportPath = writeMarkdownReport(output, BENCHMARKS);
  process.stdout.write(`\nwrote ${shown(reportPath)}\n`);
  if (unrunnable > 0) {
    process.stderr.write(
      `bench: ${unrunnable} named benchmark(s) could not run for want of data (--skip-missing makes that a skip)\n`,
    );
    return 1;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof BenchError) {
      process.stderr.write(`bench: ${error.message}\n`);
      process.exitCode = error.code === 'USAGE' ? 2 : 1;
      return;
    }
    process.stderr.write(
      `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
