/**
 * The `main` of an `@x` executable: parse, print help, run, and turn failures into one line on
 * stderr and an exit status.
 *
 * @module
 */

import { UsageError } from './usage-error.js';

/** What every command of a {@link CliProgram} has. */
export interface CliCommandBase {
  /** The command's name; `help` asks for the usage. */
  readonly kind: string;
}

/** Where {@link runMain} writes: `process.stdout`, `process.stderr` or a test's recorder. */
export interface CliOutput {
  /** Writes `text` as it is. */
  write(text: string): unknown;
}

/** An executable, as {@link runMain} drives it. */
export interface CliProgram<Command extends CliCommandBase> {
  /** The executable's name, which starts every message: `x-cash`. */
  readonly name: string;
  /** The help text: on stdout for `help`, on stderr after a usage error. */
  readonly usage: string;
  /** Turns the arguments into a command; `{ kind: 'help' }` asks for the usage. */
  parse(argv: readonly string[]): Command;
  /** Runs any other command; returning means success (it may set `process.exitCode`). */
  run(command: Exclude<Command, { readonly kind: 'help' }>): Promise<void>;
  /**
   * Whether a failure is expected (a bad configuration, a port in use): expected failures print
   * their message alone, anything else its stack. Default: an error with a string `code`.
   */
  isExpected?(error: unknown): boolean;
}

/** The process {@link runMain} reads and writes; tests pass their own. */
export interface CliProcess {
  /** The arguments, without `node` and the script. */
  readonly argv: readonly string[];
  /** Receives the help text. */
  readonly stdout: CliOutput;
  /** Receives failures. */
  readonly stderr: CliOutput;
  /** Ends the process with `code` (`process.exit`). */
  exit(code: number): void;
}

/** Exit statuses of {@link runMain}. */
export const EXIT_STATUS = {
  /** The command ran (or help was printed). */
  ok: 0,
  /** The command failed: a bad configuration, a server that cannot start. */
  failure: 1,
  /** The command line is wrong. */
  usage: 2,
} as const;

function hasStringCode(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

function describeFailure(error: unknown, expected: boolean): string {
  if (!(error instanceof Error)) return String(error);
  return expected ? error.message : (error.stack ?? error.message);
}

function nodeProcess(): CliProcess {
  return {
    argv: process.argv.slice(2),
    stdout: process.stdout,
    stderr: process.stderr,
    exit: (code) => process.exit(code),
  };
}

/**
 * Runs `program` once and never rejects.
 *
 * A {@link UsageError} from `parse` prints `NAME: message`, a blank line and the usage on
 * stderr, then exits 2. `help` prints the usage on stdout and returns. Anything `parse` (other
 * errors) or `run` throws prints `NAME: message` (expected failures) or `NAME: stack` on stderr
 * and exits 1. When `run` returns, so does this: the process ends when its servers close.
 */
export async function runMain<Command extends CliCommandBase>(
  program: CliProgram<Command>,
  host: CliProcess = nodeProcess(),
): Promise<void> {
  const fail = (message: string, status: number, usage = false): void => {
    host.stderr.write(`${program.name}: ${message}\n${usage ? `\n${program.usage}` : ''}`);
    host.exit(status);
  };
  try {
    let command: Command;
    try {
      command = program.parse(host.argv);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      fail(error.message, EXIT_STATUS.usage, true);
      return;
    }
    if (command.kind === 'help') {
      host.stdout.write(program.usage);
      return;
    }
    await program.run(command as Exclude<Command, { readonly kind: 'help' }>);
  } catch (error) {
    const expected = (program.isExpected ?? hasStringCode)(error);
    fail(describeFailure(error, expected), EXIT_STATUS.failure);
  }
}
