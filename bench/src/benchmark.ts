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
  /** More SVG charts, each written to `bench/results/<name>-<key>.svg` (keys in kebab-case). */
  readonly extraCharts?: Readonly<Record<string, string>>;
}

/** A data set a benchmark reads, as `bench/REPORT.md` cites it. */
export interface BenchmarkDataset {
  /** Its name (`Seal-Tools dev`). */
  readonly name: string;
  /** Its folder inside the data folder (`tools/seal-tools`); `bench/README.md` gives its layout. */
  readonly folder: string;
  /** Where it comes from: repository or paper, and license. */
  readonly source: string;
  /** The public address to get it from. */
  readonly address: string;
  /** Its license, as its publishers give it. */
  readonly license: string;
}

/** A figure someone else published that a benchmark compares against, with where it is published. */
export interface PublishedFigure {
  /** The figure and what it measures. */
  readonly figure: string;
  /** Where it is published (paper and table, or spec and section). */
  readonly source: string;
}

/** What `bench/REPORT.md` says about a benchmark besides its results. */
export interface BenchmarkAbout {
  /** The data sets it reads (none for one that makes its own). */
  readonly datasets: readonly BenchmarkDataset[];
  /** Published figures to compare against; empty when none is published. */
  readonly published: readonly PublishedFigure[];
}

/** One benchmark of `pnpm bench <name>`; add one to `registry.ts` to make it runnable. */
export interface Benchmark {
  /** The name on the command line and of the result files. */
  readonly name: string;
  /** One line for `--help`. */
  readonly description: string;
  /** Data sets and published figures for `bench/REPORT.md`; without it the report says so. */
  readonly about?: BenchmarkAbout;
  /** Runs the benchmark; throws `BenchError` for missing or malformed data. */
  run(context: BenchmarkContext): Promise<BenchmarkReport>;
}
