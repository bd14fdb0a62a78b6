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

import { runMain } from '@x/core/cli';
import { closeOnSignals } from '@x/core/serve';
import { parseCliArguments, USAGE } from './arguments.js';
import { runAggregate, runDemo } from './run.js';

// Expected failures (a bad config, a port in use) carry a code: one line; anything else keeps its stack.
void runMain({
  name: 'x-cash',
  usage: USAGE,
  parse: parseCliArguments,
  async run(command) {
    const { running, where } =
      command.kind === 'demo' ? await runDemo(command) : await runAggregate(command);
    closeOnSignals(running);
    process.stderr.write(`x-cash: serving ${command.kind} ${where}\n`);
  },
});
