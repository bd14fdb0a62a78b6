#!/usr/bin/env node
/**
 * `pnpm bench [name...] [--data DIR] [--split NAME] [--quick | --standard | --full]`: runs
 * benchmarks, prints their tables, writes `bench/results/<name>.json` (and `.svg`), then writes
 * `bench/REPORT.md` from every result file. Exit status: 0 done, 1 failed, 2 usage.
 *
 * @module
 */

import { availableParallelism } from 'node:os';
import { parseBenchArguments, usage } from './arguments.js';
import { BenchError } from './errors.js';
import { displayPath, findRepositoryRoot, resolveDataFolder, resultsFolder } from './paths.js';
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
  const folder = resultsFolder(repositoryRoot);
  for (const benchmark of selected) {
    process.stdout.write(`\n== ${benchmark.name} ==\n`);
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
        command: ['pnpm bench', ...argv].join(' '),
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
    process.stdout.write(
      `wrote ${written.map((path) => displayPath(path, repositoryRoot)).join(', ')}\n`,
    );
  }
  const reportPath = writeMarkdownReport(repositoryRoot, BENCHMARKS);
  process.stdout.write(`\nwrote ${displayPath(reportPath, repositoryRoot)}\n`);
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
