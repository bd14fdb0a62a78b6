#!/usr/bin/env node
/**
 * `x-cash`: a CaSH demo server on SQLite (`demo`) and any MCP servers behind `call`, `help` and
 * `skill` (`aggregate`).
 *
 * Exit status: 0 after a clean shutdown or `--help`, 1 when the server cannot start (a bad
 * configuration, a port in use), 2 for a bad command line (with usage).
 *
 * @module
 */

import { closeOnSignals } from '@x/core/serve';
import { type CliCommand, parseCliArguments, USAGE, UsageError } from './arguments.js';
import { runAggregate, runDemo } from './run.js';

function fail(message: string, exitCode: number, usage = false): never {
  process.stderr.write(`x-cash: ${message}\n${usage ? `\n${USAGE}` : ''}`);
  process.exit(exitCode);
}

async function main(argv: readonly string[]): Promise<void> {
  let command: CliCommand;
  try {
    command = parseCliArguments(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    fail(error.message, 2, true);
  }
  if (command.kind === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  const { running, where } =
    command.kind === 'demo' ? await runDemo(command) : await runAggregate(command);
  closeOnSignals(running);
  process.stderr.write(`x-cash: serving ${command.kind} ${where}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // Expected failures (a bad config, a port in use) carry a code: one line; anything else keeps its stack.
  const expected = typeof (error as { code?: unknown }).code === 'string';
  fail(
    error instanceof Error && !expected
      ? (error.stack ?? error.message)
      : String(error instanceof Error ? error.message : error),
    1,
  );
});
