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
import { startAppObservability } from '@x/core/telemetry-sdk';
import { parseCliArguments, USAGE } from './arguments.js';
import { runAggregate, runDemo } from './run.js';

// Expected failures (a bad config, a port in use) carry a code: one line; anything else keeps its stack.
void runMain({
  name: 'x-cash',
  usage: USAGE,
  parse: parseCliArguments,
  async run(command) {
    const observability = await startAppObservability({
      program: 'x-cash',
      version: '0.1.0',
      flags: command.observability,
    });
    try {
      const served =
        command.kind === 'demo'
          ? await runDemo(command, observability)
          : await runAggregate(command, observability);
      closeOnSignals({
        close: async () => {
          await served.running.close();
          await observability.shutdown();
        },
      });
      observability.logger.info('server.listening', `serving ${command.kind} ${served.where}`);
    } catch (error) {
      await observability.shutdown();
      throw error;
    }
  },
});
