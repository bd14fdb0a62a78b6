import { parseArgs } from 'node:util';
import type { RunMode } from './benchmark.js';
import { BenchError } from './errors.js';

/** The parsed command line of `pnpm bench`. */
export interface BenchArguments {
  /** The benchmarks to run; empty for all. */
  readonly names: readonly string[];
  /** `--data DIR`. */
  readonly data: string | undefined;
  /** `--split NAME`. */
  readonly split: string | undefined;
  /** `--quick` or `--full`; `standard` without either. */
  readonly mode: RunMode;
  /** `--help`. */
  readonly help: boolean;
}

/** The text of `pnpm bench --help`, given the benchmarks' names and descriptions. */
export function usage(benchmarks: readonly { name: string; description: string }[]): string {
  const width = Math.max(...benchmarks.map((benchmark) => benchmark.name.length));
  return [
    'Usage: pnpm bench [name...] [--data DIR] [--split NAME] [--quick | --full]',
    '',
    'Runs the named benchmarks (all when none is named), prints tables and writes',
    'bench/results/<name>.json (and <name>.svg for charts).',
    '',
    'Options:',
    '  --data DIR    data folder (default: $X_BENCH_DATA, else ../shared/data beside the repository)',
    '  --split NAME  query split to use (queries_<NAME>.*); unsuffixed files are the "test" split',
    '  --quick       smaller samples and sizes: a fast look, not the recorded figures',
    '  --full        every query and size, however long it takes (default: samples that keep each benchmark to a few minutes)',
    '  --help        show this text',
    '',
    'Benchmarks:',
    ...benchmarks.map((benchmark) => `  ${benchmark.name.padEnd(width)}  ${benchmark.description}`),
  ].join('\n');
}

/**
 * Parses `pnpm bench` arguments.
 *
 * @throws {@link BenchError} `USAGE` for an unknown option or a missing value.
 */
export function parseBenchArguments(argv: readonly string[]): BenchArguments {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        data: { type: 'string' },
        split: { type: 'string' },
        quick: { type: 'boolean' },
        full: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.split !== undefined && !/^[\w.-]+$/.test(values.split)) {
      throw new BenchError({ code: 'USAGE', message: `invalid split name "${values.split}"` });
    }
    if (values.quick === true && values.full === true) {
      throw new BenchError({ code: 'USAGE', message: '--quick and --full exclude each other' });
    }
    return {
      names: positionals,
      data: values.data,
      split: values.split,
      mode: values.quick === true ? 'quick' : values.full === true ? 'full' : 'standard',
      help: values.help ?? false,
    };
  } catch (error) {
    if (error instanceof BenchError) throw error;
    throw new BenchError({
      code: 'USAGE',
      message: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
}
