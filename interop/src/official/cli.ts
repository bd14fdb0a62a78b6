#!/usr/bin/env node
/**
 * `x-official-conformance` (`pnpm conformance:official`): runs the official MCP conformance
 * suite against every reference app over Streamable HTTP and compares the outcome with the
 * expected-failures baseline.
 *
 * Exit status: 0 when it matches, 1 on a new failure, a stale baseline line or a required
 * scenario in the baseline, 2 on a bad command line or when a tool or app could not start.
 *
 * @module
 */

import { runOfficialCli } from './run-official-cli.js';

process.exitCode = await runOfficialCli(process.argv.slice(2), {
  writeStdout: (text) => process.stdout.write(text),
  stderr: process.stderr,
});
