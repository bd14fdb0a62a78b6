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

import { runMain } from '@x/core/cli';
import { closeOnSignals } from '@x/core/serve';
import { startAppObservability } from '@x/core/telemetry-sdk';
import { parseCliArguments, USAGE } from './arguments.js';
import { runDemo, runMeasure, runWrap } from './run.js';

// Expected failures (a bad config, a port in use) carry a code: one line; anything else keeps its stack.
void runMain({
  name: 'x-pd',
  usage: USAGE,
  parse: parseCliArguments,
  async run(command) {
    if (command.kind === 'measure') {
      process.stdout.write(`${JSON.stringify(await runMeasure(command))}\n`);
      return;
    }
    const observability = await startAppObservability({
      program: 'x-pd',
      version: '0.1.0',
      flags: command.observability,
    });
    const { logger } = observability;
    // The lines `x-pd` reports start with `x-pd: `; the log adds its own prefix.
    const log = (line: string) => logger.warn('pd.notice', line.replace(/^x-pd: /, ''));
    try {
      const { running, where } =
        command.kind === 'demo'
          ? await runDemo(command, observability)
          : await runWrap(command, log, observability);
      closeOnSignals({
        close: async () => {
          await running.close();
          await observability.shutdown();
        },
      });
      logger.info(
        'server.listening',
        `serving ${command.kind === 'demo' ? 'the demo' : command.configPath} ${where}`,
      );
    } catch (error) {
      await observability.shutdown();
      throw error;
    }
  },
});
