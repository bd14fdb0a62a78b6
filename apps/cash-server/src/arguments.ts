/**
 * The command line of `x-cash`, parsed with `node:util` `parseArgs`.
 *
 * @module
 */

import { parseArgs } from 'node:util';
import { type ListenAddress, parseListenAddress } from '@x/core/serve';
import { parseSessionStoreArgument, type SessionStoreConfig } from '@x/core/sessions';

/** The help text of `x-cash`. */
export const USAGE = `Usage:
  x-cash demo [--db FILE] [--http HOST:PORT] [--tokens FILE] [--session-store STORE]
      orders (retail, wholesale), inventory and crm on an SQLite database, created and
      seeded on first run (in memory without --db)
  x-cash aggregate --config FILE [--http HOST:PORT] [--tokens FILE] [--session-store STORE]
      the servers of an mcpServers file behind call, help and skill
  x-cash --help

Both serve stdio unless --http is given.

Options:
  --http [HOST:]PORT   serve Streamable HTTP at http://HOST:PORT/mcp (default host 127.0.0.1),
                       with the manifest at /.well-known/cash-mcp.yaml
  --tokens FILE        with --http: a JSON file {"<bearer token>": "<role>"}; in the demo the
                       role "viewer" sees read functions only
  --session-store STORE
                       with --http: where MCP sessions live: memory (default) or
                       redis://HOST:PORT, shared by every instance behind one address
  --db FILE            demo: the SQLite file (created and seeded when missing)
  --config FILE        aggregate: the mcpServers file (required)
`;

/** What the command line asks for. */
export type CliCommand =
  | { kind: 'help' }
  | {
      kind: 'demo' | 'aggregate';
      /** Where to serve Streamable HTTP; `undefined` serves stdio. */
      http: ListenAddress | undefined;
      /** The bearer tokens file (HTTP only). */
      tokensPath: string | undefined;
      /** Where MCP sessions live (HTTP only); `undefined` keeps them in memory. */
      sessionStore: SessionStoreConfig | undefined;
      /** demo: the database file; `undefined` keeps it in memory. */
      databasePath: string | undefined;
      /** aggregate: the mcpServers file. */
      configPath: string | undefined;
    };

/** A command line `x-cash` cannot run; the process exits with status 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

const OPTIONS = {
  help: { type: 'boolean' },
  http: { type: 'string' },
  tokens: { type: 'string' },
  'session-store': { type: 'string' },
  db: { type: 'string' },
  config: { type: 'string' },
} as const;

/**
 * Parses the arguments of `x-cash` (without `node` and the script).
 *
 * @throws UsageError for an unknown command or flag, a missing value, a flag of the other
 *   command, or a bad listen address; the message names the flag.
 */
export function parseCliArguments(argv: readonly string[]): CliCommand {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help === true || positionals[0] === 'help') return { kind: 'help' };
  const [command, ...rest] = positionals;
  if (command === undefined) throw new UsageError('missing command: demo or aggregate');
  if (command !== 'demo' && command !== 'aggregate') {
    throw new UsageError(`unknown command ${JSON.stringify(command)}: use demo or aggregate`);
  }
  if (rest.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])}`);
  if (command === 'demo' && values.config !== undefined)
    throw new UsageError('--config applies to aggregate only');
  if (command === 'aggregate' && values.db !== undefined)
    throw new UsageError('--db applies to demo only');
  if (command === 'aggregate' && values.config === undefined)
    throw new UsageError('aggregate needs --config FILE');
  let http: ListenAddress | undefined;
  if (values.http !== undefined) {
    try {
      http = parseListenAddress(values.http);
    } catch (error) {
      throw new UsageError(`--http: ${(error as Error).message}`);
    }
  }
  if (values.tokens !== undefined && http === undefined) {
    throw new UsageError('--tokens needs --http: bearer tokens apply to HTTP only');
  }
  const storeText = values['session-store'];
  if (storeText !== undefined && http === undefined) {
    throw new UsageError('--session-store needs --http: a stdio server serves one session');
  }
  let sessionStore: SessionStoreConfig | undefined;
  if (storeText !== undefined) {
    try {
      sessionStore = parseSessionStoreArgument(storeText);
    } catch (error) {
      throw new UsageError(`--session-store: ${(error as Error).message}`);
    }
  }
  return {
    kind: command,
    http,
    tokensPath: values.tokens,
    sessionStore,
    databasePath: values.db,
    configPath: values.config,
  };
}
