/**
 * The command line of `x-catalog-server`.
 *
 * @module
 */

import { parseArgs } from 'node:util';
import { parseMaxMessageBytesFlag } from '../cli/flags.js';
import { CoreError } from '../errors.js';
import { type ListenAddress, parseListenAddress } from '../serve/index.js';
import { type CatalogServerOptions, CatalogServerOptionsSchema } from './catalog-server.js';

/** The help text of `x-catalog-server`. */
export const CATALOG_SERVER_USAGE = `Usage: x-catalog-server --catalog FILE [options]

Serves every tool of a catalog file (a JSON array of {name, description, inputSchema, server?})
over MCP with its real input schema. A call validates its arguments against that schema and
echoes them; behaviours make calls return a large result, fail, error, hang, slow down or crash.
Serves stdio unless --http is given.

Options:
  --catalog FILE        the catalog file (required)
  --http [HOST:]PORT    serve Streamable HTTP at http://HOST:PORT/mcp (default host 127.0.0.1)
  --page-size N         tools per tools/list page (default 100; 0 puts all on one page)
  --prefix-server       name tools <server>__<name>
  --duplicates POLICY   what a repeated tool name does: error (default) or keep-first
  --server NAME         serve only the tools of this server (repeatable)
  --behaviour NAME      what every call does: echo (default), large, fail, error, hang, slow, crash
  --latency-ms N        wait N ms before answering any call (default 0)
  --delay-ms N          how long a slow call waits (default 1000)
  --size N              characters of a large result (default 100000)
  --max-message-bytes N the largest message read or sent, stdio and HTTP (default 10485760,
                        10 MiB; from 1024 to 536870912); a larger result is answered with a
                        RESULT_TOO_LARGE error
  --help                print this help

Per call, the arguments __x_behaviour, __x_size and __x_delay_ms override --behaviour, --size
and --delay-ms; they are removed before validation.
`;

/** What the command line asks for. */
export type CatalogServerCommand =
  | { kind: 'help' }
  | {
      kind: 'serve';
      /** The catalog file to load. */
      catalogPath: string;
      /** Where to serve Streamable HTTP; `undefined` serves stdio. */
      http: ListenAddress | undefined;
      /** The server options the flags set. */
      options: CatalogServerOptions;
      /** The largest message read or sent; `undefined` keeps the default (10 MiB). */
      maxMessageBytes: number | undefined;
    };

/** The flag that sets each server option, to name it in errors. */
const FLAG_BY_OPTION: Record<string, string> = {
  pageSize: '--page-size',
  prefixServer: '--prefix-server',
  duplicates: '--duplicates',
  servers: '--server',
  behaviour: '--behaviour',
  latencyMs: '--latency-ms',
  delayMs: '--delay-ms',
  size: '--size',
};

function usageError(message: string, cause?: unknown): CoreError {
  return new CoreError({ code: 'INVALID_ARGUMENT', message, cause });
}

function parseCount(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^(0|[1-9][0-9]*)$/.test(text)) {
    throw usageError(`${flag} must be a whole number, got ${JSON.stringify(text)}`);
  }
  return Number(text);
}

/**
 * Parses the arguments of `x-catalog-server` (without `node` and the script).
 *
 * @throws CoreError `INVALID_ARGUMENT` for an unknown flag, a missing value or `--catalog`, a
 *   positional argument, or a value outside its domain; the message names the flag.
 */
export function parseCatalogServerArguments(argv: readonly string[]): CatalogServerCommand {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : String(error), error);
  }
  if (values.help === true) return { kind: 'help' };
  if (values.catalog === undefined) throw usageError('--catalog FILE is required');
  const candidate: Record<string, unknown> = {
    pageSize: parseCount('--page-size', values['page-size']),
    prefixServer: values['prefix-server'],
    duplicates: values.duplicates,
    servers: values.server,
    behaviour: values.behaviour,
    latencyMs: parseCount('--latency-ms', values['latency-ms']),
    delayMs: parseCount('--delay-ms', values['delay-ms']),
    size: parseCount('--size', values.size),
  };
  const given = Object.fromEntries(
    Object.entries(candidate).filter(([, value]) => value !== undefined),
  );
  const result = CatalogServerOptionsSchema.safeParse(given);
  if (!result.success) {
    const issue = result.error.issues[0];
    const option = String(issue?.path[0] ?? '');
    throw usageError(`${FLAG_BY_OPTION[option] ?? option}: ${issue?.message ?? 'invalid value'}`);
  }
  let http: ListenAddress | undefined;
  if (values.http !== undefined) {
    try {
      http = parseListenAddress(values.http);
    } catch (error) {
      throw usageError(`--http: ${error instanceof Error ? error.message : String(error)}`, error);
    }
  }
  let maxMessageBytes: number | undefined;
  try {
    maxMessageBytes = parseMaxMessageBytesFlag(values['max-message-bytes']);
  } catch (error) {
    throw usageError((error as Error).message, error);
  }
  return {
    kind: 'serve',
    catalogPath: values.catalog,
    http,
    options: result.data,
    maxMessageBytes,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      catalog: { type: 'string' },
      http: { type: 'string' },
      'page-size': { type: 'string' },
      'prefix-server': { type: 'boolean' },
      duplicates: { type: 'string' },
      server: { type: 'string', multiple: true },
      behaviour: { type: 'string' },
      'latency-ms': { type: 'string' },
      'delay-ms': { type: 'string' },
      size: { type: 'string' },
      'max-message-bytes': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
}
