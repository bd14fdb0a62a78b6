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
  /**
   * `--quick`, `--standard` or `--full`; without any, `quick` when no benchmark is named (the
   * whole suite stays a few minutes on two cores) and `standard` otherwise.
   */
  readonly mode: RunMode;
  /** `--help`. */
  readonly help: boolean;
}

/** The text of `pnpm bench --help`, given the benchmarks' names and descriptions. */
export function usage(benchmarks: readonly { name: string; description: string }[]): string {
  const width = Math.max(...benchmarks.map((benchmark) => benchmark.name.length));
  return [
    'Usage: pnpm bench [name...] [--data DIR] [--split NAME] [--quick | --standard | --full]',
    '',
    'Runs the named benchmarks (all when none is named), prints tables, writes',
    'bench/results/<name>.json (and <name>.svg for charts), then bench/REPORT.md from every result.',
    '',
    'Options:',
    '  --data DIR    data folder (default: $X_BENCH_DATA, else ../shared/data beside the repository)',
    '  --split NAME  query split to use (queries_<NAME>.*); unsuffixed files are the "test" split',
    '  --quick       smaller samples and sizes: a fast look (the default when no benchmark is named)',
    '  --standard    samples that keep each benchmark to a few minutes (the default for a named benchmark)',
    '  --full        every query and size, however long it takes',
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
        standard: { type: 'boolean' },
        full: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.split !== undefined && !/^[\w.-]+$/.test(values.split)) {
      throw new BenchError({ code: 'USAGE', message: `invalid split name "${values.split}"` });
    }
    const modes = (['quick', 'standard', 'full'] as const).filter((mode) => values[mode] === true);
    if (modes.length > 1) {
      throw new BenchError({
        code: 'USAGE',
        message: `${modes.map((mode) => `--${mode}`).join(' and ')} exclude each other`,
      });
    }
    return {
      names: positionals,
      data: values.data,
      split: values.split,
      mode: modes[0] ?? (positionals.length === 0 ? 'quick' : 'standard'),
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
