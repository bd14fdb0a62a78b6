/**
 * `@x/core/cli`: the scaffold the `@x` executables share: strict flag parsing with
 * {@link UsageError}s, the `--http` / `--tokens` / `--oauth` / `--session-store` / `--max-message-bytes`
 * flags, the `--log-format` / `--log-level` / `--metrics` flags, and a `main` that
 * maps failures to one line and an exit status (0 done, 1 failure, 2 bad command line).
 *
 * @module
 */

// Parsing
export {
  type CommandLine,
  type CommandLineOptions,
  type CommandLineValues,
  parseCommandLine,
} from './command-line.js';
export {
  checkOAuthFlag,
  MaxMessageBytesSchema,
  parseFlagValue,
  parseHttpFlag,
  parseMaxMessageBytesFlag,
  parseServeFlags,
  type ServeFlags,
  type ServeFlagValues,
} from './flags.js';
export {
  OBSERVABILITY_FLAG_OPTIONS,
  OBSERVABILITY_USAGE,
  type ObservabilityFlags,
  type ObservabilityFlagValues,
  parseObservabilityFlags,
} from './observability-flags.js';
// Running
export {
  type CliCommandBase,
  type CliOutput,
  type CliProcess,
  type CliProgram,
  EXIT_STATUS,
  runMain,
} from './run-main.js';
// Errors
export { UsageError } from './usage-error.js';
