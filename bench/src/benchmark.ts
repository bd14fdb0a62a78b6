/**
 * How much a benchmark runs: `quick` (small samples, a fast look), `standard` (the default:
 * samples that keep a benchmark to a few minutes on two cores) or `full` (every query and size).
 */
export type RunMode = 'quick' | 'standard' | 'full';

/** What a benchmark gets from the CLI. */
export interface BenchmarkContext {
  /** The data folder (absolute), holding `docs/<set>/` and `tools/<set>/`. */
  readonly dataFolder: string;
  /** The split asked for with `--split`; each benchmark has its own defaults. */
  readonly split: string | undefined;
  /** How much to run (`--quick`, `--full`); each benchmark records what the mode meant for it. */
  readonly mode: RunMode;
  /** The repository root (absolute), for paths that results record. */
  readonly repositoryRoot: string;
  /** Writes a note for the person running the benchmark (stderr). */
  readonly note: (line: string) => void;
}

/** What a benchmark returns: text for the terminal, figures for `bench/results/<name>.json`. */
export interface BenchmarkReport {
  /** Tables and short notes, printed to stdout. */
  readonly text: string;
  /** The figures; the CLI adds the benchmark name, the command line and the environment. */
  readonly result: Readonly<Record<string, unknown>>;
  /** An SVG chart written to `bench/results/<name>.svg`, when the benchmark draws one. */
  readonly chart?: string;
}

/** One benchmark of `pnpm bench <name>`; add one to `registry.ts` to make it runnable. */
export interface Benchmark {
  /** The name on the command line and of the result files. */
  readonly name: string;
  /** One line for `--help`. */
  readonly description: string;
  /** Runs the benchmark; throws `BenchError` for missing or malformed data. */
  run(context: BenchmarkContext): Promise<BenchmarkReport>;
}
