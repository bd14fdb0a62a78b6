#!/usr/bin/env node
/**
 * The `x-conformance` executable.
 *
 * @module
 */

import { exitQuietlyOnBrokenPipe } from './cli/broken-pipe.js';
import { runCli } from './cli/run-cli.js';

exitQuietlyOnBrokenPipe(process.stdout);

process.exitCode = await runCli(process.argv.slice(2), {
  writeStdout: (text) => process.stdout.write(text),
  writeStderr: (text) => process.stderr.write(text),
  progress: process.stderr.isTTY === true,
  ...(process.stderr.columns === undefined ? {} : { columns: process.stderr.columns }),
});
