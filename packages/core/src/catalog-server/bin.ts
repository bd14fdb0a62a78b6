#!/usr/bin/env node
/**
 * `x-catalog-server`: serves a tool catalog file over stdio or Streamable HTTP.
 *
 * Exit status: 0 after a clean shutdown or `--help`, 1 when the catalog cannot be served (or a
 * call asked to crash), 2 for a bad command line (with the usage on stderr).
 *
 * @module
 */

import { CoreError } from '../errors.js';
import { closeOnSignals, type RunningServer, serveHttp, serveStdio } from '../serve/index.js';
import { loadCatalog } from './catalog.js';
import { createCatalogServerFactory } from './catalog-server.js';
import {
  CATALOG_SERVER_USAGE,
  type CatalogServerCommand,
  parseCatalogServerArguments,
} from './cli-arguments.js';

const PROGRAM = 'x-catalog-server';

function fail(message: string, exitCode: number, usage = false): never {
  process.stderr.write(`${PROGRAM}: ${message}\n${usage ? `\n${CATALOG_SERVER_USAGE}` : ''}`);
  process.exit(exitCode);
}

function crash(): void {
  process.stderr.write(`${PROGRAM}: a call asked to crash; exiting with status 1\n`);
  process.exit(1);
}

async function main(argv: readonly string[]): Promise<void> {
  let command: CatalogServerCommand;
  try {
    command = parseCatalogServerArguments(argv);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), 2, true);
  }
  if (command.kind === 'help') {
    process.stdout.write(CATALOG_SERVER_USAGE);
    return;
  }
  let factory: ReturnType<typeof createCatalogServerFactory>;
  try {
    const catalog = await loadCatalog(command.catalogPath);
    factory = createCatalogServerFactory(catalog, { ...command.options, onCrash: crash });
  } catch (error) {
    if (!CoreError.isInstance(error)) throw error;
    fail(error.message, 1);
  }
  let running: RunningServer;
  if (command.http === undefined) {
    running = await serveStdio(factory, { maxMessageBytes: command.maxMessageBytes });
    process.stderr.write(`${PROGRAM}: serving ${command.catalogPath} over stdio\n`);
  } else {
    const http = await serveHttp(factory, {
      ...command.http,
      maxMessageBytes: command.maxMessageBytes,
    });
    running = http;
    process.stderr.write(`${PROGRAM}: serving ${command.catalogPath} at ${http.url.href}\n`);
  }
  closeOnSignals(running);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // Expected failures (a port in use, say) get one line; anything else keeps its stack.
  const expected =
    CoreError.isInstance(error) || typeof (error as NodeJS.ErrnoException).code === 'string';
  fail(error instanceof Error && !expected ? (error.stack ?? error.message) : String(error), 1);
});
