#!/usr/bin/env node
/**
 * `x-pd`: progressive disclosure in front of any MCP servers (`wrap`), a demo (`demo`), and the
 * token count of both stages of a configuration (`measure`).
 *
 * Exit status: 0 after a clean shutdown or `--help`, 1 when the server cannot start (a bad
 * configuration or descriptions folder, a port in use), 2 for a bad command line (with usage).
 *
 * @module
 */

import { closeOnSignals } from '@x/core/serve';
import { type CliCommand, parseCliArguments, USAGE, UsageError } from './arguments.js';
import { runDemo, runMeasure, runWrap } from './run.js';

function fail(message: string, exitCode: number, usage = false): never {
  process.stderr.write(`x-pd: ${message}\n${usage ? `\n${USAGE}` : ''}`);
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
  const log = (line: string) => process.stderr.write(`${line}\n`);
  if (command.kind === 'measure') {
    process.stdout.write(`${JSON.stringify(await runMeasure(command))}\n`);
    return;
  }
  const { running, where } =
    command.kind === 'demo' ? await runDemo(command) : await runWrap(command, log);
  closeOnSignals(running);
  log(`x-pd: serving ${command.kind === 'demo' ? 'the demo' : command.configPath} ${where}`);
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
