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
  /** `--out DIR`: where results and the report go. */
  readonly out: string | undefined;
  /** `--update-results`: rewrite the committed `bench/results/` and `bench/REPORT.md`. */
  readonly updateResults: boolean;
  /** `--skip-missing`: a named benchmark without its data is skipped, not a failure. */
  readonly skipMissing: boolean;
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
    '                  [--out DIR | --update-results] [--skip-missing]',
    '',
    'Runs the named benchmarks (all when none is named), prints tables, writes',
    'results/<name>.json (and <name>.svg for charts) into the output folder, then REPORT.md there',
    'from every result. A benchmark whose data set is missing is skipped with a note that names the',
    'data set, where to get it and its license; naming it makes that a failure (exit status 1).',
    '',
    'Options:',
    '  --data DIR    data folder (default: $X_BENCH_DATA, else bench/data in the repository)',
    '  --out DIR     output folder (default: bench/out, ignored by git)',
    '  --update-results  write into bench/ itself: the committed bench/results/ and bench/REPORT.md',
    '  --skip-missing    skip a named benchmark whose data is missing instead of failing',
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
        out: { type: 'string' },
        'update-results': { type: 'boolean' },
        'skip-missing': { type: 'boolean' },
        quick: { type: 'boolean' },
        standard: { type: 'boolean' },
        full: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.split !== undefined && !/^[\w.-]+$/.test(values.split)) {
      throw new BenchError({ code: 'USAGE', message: `invalid split name "${values.split}"` });
    }
    if (values.out !== undefined && values['update-results'] === true) {
      throw new BenchError({
        code: 'USAGE',
        message: '--out and --update-results exclude each other',
      });
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
      out: values.out,
      updateResults: values['update-results'] ?? false,
      skipMissing: values['skip-missing'] ?? false,
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

/** Options whose value is a folder of this machine, and what a result file says instead. */
const FOLDER_OPTIONS: ReadonlyMap<string, string> = new Map([
  ['--data', '<data>'],
  ['--out', '<out>'],
]);

/**
 * The command line a result file records: `pnpm bench` and `argv`, with the folders of
 * `--data` and `--out` (either `--data DIR` or `--data=DIR`) written as `<data>` and `<out>`,
 * so that no committed result names a path of the machine it ran on.
 */
export function recordedCommand(argv: readonly string[]): string {
  const words = ['pnpm bench'];
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index] as string;
    const [option, inlineValue] = word.split(/=(.*)/s, 2) as [string, string | undefined];
    const placeholder = FOLDER_OPTIONS.get(option);
    if (placeholder === undefined) words.push(word);
    else if (inlineValue !== undefined) words.push(`${option}=${placeholder}`);
    else {
      words.push(option);
      if (index + 1 < argv.length) {
        words.push(placeholder);
        index += 1;
      }
    }
  }
  return words.join(' ');
}
