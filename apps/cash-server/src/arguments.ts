/**
 * The command line of `x-cash`, parsed with `parseCommandLine` of `@x/core/cli`.
 *
 * @module
 */

import { MIN_HELP_TOKEN_LIMIT } from '@x/cash';
import {
  OBSERVABILITY_FLAG_OPTIONS,
  OBSERVABILITY_USAGE,
  type ObservabilityFlags,
  parseCommandLine,
  parseObservabilityFlags,
  parseServeFlags,
  UsageError,
} from '@x/core/cli';
import type { ListenAddress } from '@x/core/serve';
import type { SessionStoreConfig } from '@x/core/sessions';

/** A command line `x-cash` cannot run; the process exits with status 2. */
export { UsageError } from '@x/core/cli';

/** The help text of `x-cash`. */
export const USAGE = `Usage:
  x-cash demo [--db FILE] [--http HOST:PORT] [--tokens FILE | --oauth FILE]
              [--session-store STORE]
      orders (retail, wholesale), inventory and crm on an SQLite database, created and
      seeded on first run (in memory without --db)
  x-cash aggregate --config FILE [--skills FOLDER] [--help-tokens N] [--http HOST:PORT]
                   [--tokens FILE | --oauth FILE] [--session-store STORE]
      the servers of an mcpServers file behind call, help and skill
  x-cash --help

Both serve stdio unless --http is given.

Options:
  --http [HOST:]PORT   serve Streamable HTTP at http://HOST:PORT/mcp (default host 127.0.0.1),
                       with the manifest at /.well-known/cash-mcp.yaml
  --tokens FILE        with --http: a JSON file {"<bearer token>": "<role>"}; in the demo the
                       role "viewer" sees read functions only
  --oauth FILE         with --http: a JSON file of OAuth resource-server options (issuer,
                       resource, roles, toolScopes); requests need an access token of the
                       issuer for this server; excludes --tokens
  --session-store STORE
                       with --http: where MCP sessions live: memory (default) or
                       redis://HOST:PORT, shared by every instance behind one address
  --db FILE            demo: the SQLite file (created and seeded when missing)
  --config FILE        aggregate: the mcpServers file (required)
  --skills FOLDER      aggregate: skills of its own, from the SKILL.md files of FOLDER (text
                       only), next to the upstreams' skills
  --help-tokens N      aggregate: the most cl100k_base tokens one help answer takes
                       (default 2000, at least 1000); larger listings are paged
  --max-message-bytes N
                       the largest message read or sent, stdio and HTTP (default 10485760,
                       10 MiB; from 1024 to 536870912); a larger result is answered with a
                       RESULT_TOO_LARGE error
${OBSERVABILITY_USAGE}`;

/** What the command line asks for. */
export type CliCommand =
  | { kind: 'help' }
  | {
      kind: 'demo' | 'aggregate';
      /** Where to serve Streamable HTTP; `undefined` serves stdio. */
      http: ListenAddress | undefined;
      /** The bearer tokens file (HTTP only). */
      tokensPath: string | undefined;
      /** The OAuth options file (HTTP only; excludes `tokensPath`). */
      oauthPath: string | undefined;
      /** Where MCP sessions live (HTTP only); `undefined` keeps them in memory. */
      sessionStore: SessionStoreConfig | undefined;
      /** The largest message read or sent; `undefined` keeps the default (10 MiB). */
      maxMessageBytes: number | undefined;
      /** demo: the database file; `undefined` keeps it in memory. */
      databasePath: string | undefined;
      /** aggregate: the mcpServers file. */
      configPath: string | undefined;
      /** aggregate: a folder of `SKILL.md` files served as the aggregator's own skills. */
      skillsPath: string | undefined;
      /** aggregate: the bound of one help answer in tokens; `undefined` keeps the default. */
      helpTokenLimit: number | undefined;
      /** `--log-format`, `--log-level` and `--metrics`. */
      observability: ObservabilityFlags;
    };

const OPTIONS = {
  help: { type: 'boolean' },
  http: { type: 'string' },
  tokens: { type: 'string' },
  oauth: { type: 'string' },
  'session-store': { type: 'string' },
  db: { type: 'string' },
  config: { type: 'string' },
  skills: { type: 'string' },
  'help-tokens': { type: 'string' },
  'max-message-bytes': { type: 'string' },
  ...OBSERVABILITY_FLAG_OPTIONS,
} as const;

/** Reads `--help-tokens`: a whole number of at least {@link MIN_HELP_TOKEN_LIMIT}. */
function parseHelpTokens(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const limit = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!(limit >= MIN_HELP_TOKEN_LIMIT)) {
    throw new UsageError(
      `--help-tokens: expected a whole number of at least ${MIN_HELP_TOKEN_LIMIT}, got ${JSON.stringify(value)}`,
    );
  }
  return limit;
}

/**
 * Parses the arguments of `x-cash` (without `node` and the script).
 *
 * @throws UsageError for an unknown command or flag, a missing value, a flag of the other
 *   command, or a bad listen address; the message names the flag.
 */
export function parseCliArguments(argv: readonly string[]): CliCommand {
  const { help, command, rest, values } = parseCommandLine(argv, OPTIONS);
  if (help) return { kind: 'help' };
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
  if (command === 'demo' && values.skills !== undefined)
    throw new UsageError('--skills applies to aggregate only');
  if (command === 'demo' && values['help-tokens'] !== undefined)
    throw new UsageError('--help-tokens applies to aggregate only');
  const { http, tokensPath, oauthPath, sessionStore, maxMessageBytes } = parseServeFlags(values);
  return {
    kind: command,
    http,
    tokensPath,
    oauthPath,
    sessionStore,
    maxMessageBytes,
    databasePath: values.db,
    configPath: values.config,
    skillsPath: values.skills,
    helpTokenLimit: parseHelpTokens(values['help-tokens']),
    observability: parseObservabilityFlags(values, http !== undefined),
  };
}
