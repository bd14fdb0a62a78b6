#!/usr/bin/env node
/**
 * `x-gateway`: serve the gateway or the proxy, browse a catalog, or list and approve
 * quarantined tools.
 *
 * Exit status: 0 after a clean shutdown, `--help`, a browse or a `tools` command; 1 when the
 * configuration cannot be served or a browse or `tools` command fails; 2 for a bad command line
 * (with the usage on stderr).
 *
 * @module
 */

import { closeOnSignals } from '@x/core/serve';
import { type AppObservability, startAppObservability } from '@x/core/telemetry-sdk';
import { GatewayError, toErrorPayload } from '@x/gateway';
import { browse } from './browse-command.js';
import { type GatewayCommand, parseGatewayArguments, USAGE, UsageError } from './cli-arguments.js';
import { serve } from './serve-command.js';
import { runToolsCommand } from './tools-command.js';

const PROGRAM = 'x-gateway';
const VERSION = '0.1.0';

function report(line: string): void {
  process.stderr.write(`${PROGRAM}: ${line}\n`);
}

function describe(error: unknown): string {
  if (GatewayError.isInstance(error)) return JSON.stringify(toErrorPayload(error));
  return error instanceof Error ? error.message : String(error);
}

async function main(argv: readonly string[]): Promise<number | undefined> {
  let command: GatewayCommand;
  try {
    command = parseGatewayArguments(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${PROGRAM}: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  let observability: AppObservability | undefined;
  try {
    if (command.kind === 'browse') {
      process.stdout.write(await browse(command, report));
      return 0;
    }
    if (command.kind === 'tools-quarantined' || command.kind === 'tools-approve') {
      process.stdout.write(await runToolsCommand(command, report));
      return 0;
    }
    observability = await startAppObservability({
      program: PROGRAM,
      version: VERSION,
      flags: command.observability,
    });
    closeOnSignals(await serve(command, observability));
    return undefined;
  } catch (error) {
    if (observability === undefined) report(describe(error));
    else observability.logger.error('server.failed', describe(error));
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    report(describe(error));
    process.exitCode = 1;
  },
);
