#!/usr/bin/env node
/**
 * `x-context-cache`: build, verify, inspect, list and resolve context caches, and serve them
 * over MCP (`context.resolve`, `context.list_caches`, `context.inspect_cache`).
 *
 * Exit status: 0 on success, 1 on a failure (an error object, an invalid cache, a build error,
 * a server that cannot start), 2 for a bad command line (with usage).
 *
 * @module
 */

import { ContextCacheError } from '@x/context-cache';
import { CoreError } from '@x/core';
import { runMain } from '@x/core/cli';
import { closeOnSignals } from '@x/core/serve';
import { startAppObservability } from '@x/core/telemetry-sdk';
import { type CliCommand, parseCliArguments, USAGE } from './arguments.js';
import {
  type CommandOutcome,
  runBuild,
  runInspect,
  runList,
  runResolve,
  runVerify,
} from './commands.js';
import { runServe } from './serve-command.js';
import { StartupError } from './startup-error.js';

/** Causes of `io_error` and `internal_error` answers, which stay off the wire, go to stderr. */
function logCause(error: unknown): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`x-context-cache: ${text}\n`);
}

async function runOnce(command: Exclude<CliCommand, { kind: 'help' | 'serve' }>) {
  switch (command.kind) {
    case 'build':
      return runBuild(command, process.stderr);
    case 'verify':
      return runVerify(command);
    case 'inspect':
      return runInspect(command);
    case 'list':
      return runList(command);
    case 'resolve':
      return runResolve(command, logCause);
  }
}

void runMain({
  name: 'x-context-cache',
  usage: USAGE,
  parse: parseCliArguments,
  async run(command) {
    if (command.kind === 'serve') {
      const observability = await startAppObservability({
        program: 'x-context-cache',
        version: '0.1.0',
        flags: command.observability,
      });
      const { logger } = observability;
      try {
        const served = await runServe(
          command,
          (error) =>
            logger.error('server.error', error instanceof Error ? error.message : String(error)),
          observability,
        );
        closeOnSignals({
          close: async () => {
            await served.running.close();
            await observability.shutdown();
          },
        });
        logger.info('server.listening', served.description);
      } catch (error) {
        await observability.shutdown();
        throw error;
      }
      return;
    }
    const outcome: CommandOutcome = await runOnce(command);
    process.stdout.write(outcome.stdout);
    process.exitCode = outcome.exitCode;
  },
  // Expected failures (an existing cache, a missing root, a port in use) are one line; anything else keeps its stack.
  isExpected: (error) =>
    ContextCacheError.isInstance(error) ||
    CoreError.isInstance(error) ||
    error instanceof StartupError,
});
