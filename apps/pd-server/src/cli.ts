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
import { parseCliArguments, USAGE } from './arguments.js';
import { runDemo, runMeasure, runWrap } from './run.js';

// Expected failures (a bad config, a port in use) carry a code: one line; anything else keeps its stack.
void runMain({
  name: 'x-pd',
  usage: USAGE,
  parse: parseCliArguments,
  async run(command) {
    const log = (line: string) => process.stderr.write(`${line}\n`);
    if (command.kind === 'measure') {
      process.stdout.write(`${JSON.stringify(await runMeasure(command))}\n`);
      return;
    }
    const { running, where } =
      command.kind === 'demo' ? await runDemo(command) : await runWrap(command, log);
    closeOnSignals(running);
    log(`x-pd: serving ${command.kind === 'demo' ? 'the demo' : command.configPath} ${where}`);
  },
});
