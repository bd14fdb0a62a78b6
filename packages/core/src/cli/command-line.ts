/**
 * The first step of every `@x` command line: `node:util` `parseArgs`, strict, with positionals,
 * its failures as {@link UsageError}s, and the help request found.
 *
 * @module
 */

import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './usage-error.js';

/** The `options` of a `parseArgs` configuration: flag names and their types. */
export type CommandLineOptions = NonNullable<ParseArgsConfig['options']>;

/** The flag values `parseArgs` gives for `Options`. */
export type CommandLineValues<Options extends CommandLineOptions> = ReturnType<
  typeof parseArgs<{ options: Options; allowPositionals: true; strict: true }>
>['values'];

/** A command line split into its command, the positionals after it and the flags. */
export interface CommandLine<Options extends CommandLineOptions> {
  /** True for `--help` (when `Options` has it) or a first positional `help`. */
  readonly help: boolean;
  /** The first positional, `undefined` when there is none. */
  readonly command: string | undefined;
  /** The positionals after the command. */
  readonly rest: readonly string[];
  /** The flags, as `parseArgs` types them. */
  readonly values: CommandLineValues<Options>;
}

/**
 * Parses `argv` (without `node` and the script) against `options`, strictly: an unknown flag,
 * a flag without its value or a value given to a boolean flag is a {@link UsageError} with
 * `parseArgs`'s message.
 *
 * @throws UsageError for a command line `parseArgs` rejects.
 */
export function parseCommandLine<const Options extends CommandLineOptions>(
  argv: readonly string[],
  options: Options,
): CommandLine<Options> {
  let parsed: { values: CommandLineValues<Options>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  return {
    help: (values as Record<string, unknown>).help === true || command === 'help',
    command,
    rest,
    values,
  };
}
