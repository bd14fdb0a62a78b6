/**
 * The command line of `x-gateway`.
 *
 * @module
 */

import { parseArgs } from 'node:util';
import {
  checkOAuthFlag,
  OBSERVABILITY_FLAG_OPTIONS,
  OBSERVABILITY_USAGE,
  type ObservabilityFlags,
  parseMaxMessageBytesFlag,
  parseObservabilityFlags,
} from '@x/core/cli';
import { type ListenAddress, parseListenAddress } from '@x/core/serve';
import { parseSessionStoreArgument, type SessionStoreConfig } from '@x/core/sessions';
import { MAX_TOP_K } from '@x/gateway';
import type { ProxyToolNames } from '@x/gateway/server';
import { parseToolsArguments, type ToolsCommand } from './tools-arguments.js';

/** The help text of `x-gateway`. */
export const USAGE = `Usage:
  x-gateway serve --config FILE [--mode gateway|proxy] [--http [HOST:]PORT] [--tokens FILE]
                  [--oauth FILE] [--tool-names client-safe|canonical] [--max-inline-tokens N]
                  [--quiet] [--session-store memory|redis://HOST:PORT] [--artifact-dir DIR]
                  [--max-message-bytes N] [--ranking auto|lexical|hybrid] [--vector-cache DIR|off]
                  [--log-format human|json] [--log-level LEVEL] [--metrics on|off]
  x-gateway browse --config FILE (QUERY | --path PATH) [--top-k N] [--json]
  x-gateway tools quarantined --config FILE [--session-store memory|redis://HOST:PORT]
  x-gateway tools approve --config FILE (SERVER/TOOL ... | --all) [--session-store STORE]
  x-gateway --help

serve   Puts every server of an mcpServers file behind one MCP server, over stdio unless
        --http is given. --mode gateway (default) exposes tool_browse, tool_execute and
        tool_view; --mode proxy lists every upstream tool as a stripped card plus
        tool_hydrate and tool_execute.
browse  Prints the cards a model would see for a query or a path, for tuning catalogs.
tools   With an "integrity" section in the file: quarantined lists the tools held back
        (changed since first seen, or carrying hidden instructions) with the reasons;
        approve trusts their current version (or every quarantined one with --all).

Options:
  --config FILE          an mcpServers JSON file (required)
  --mode MODE            gateway (default) or proxy
  --http [HOST:]PORT     serve Streamable HTTP at http://HOST:PORT/mcp (default host 127.0.0.1)
  --tokens FILE          with --http: a JSON file of bearer tokens to roles; requests need one
  --oauth FILE           with --http: a JSON file of OAuth resource-server options (issuer,
                         resource, roles, toolScopes); requests need an access token of the
                         issuer for this server; excludes --tokens
  --tool-names NAMES     proxy tool names: client-safe (default) or canonical (tool ids)
  --max-inline-tokens N  gateway: results above N tokens become artifacts (default 1000)
  --quiet                do not pass the upstream servers' stderr through
  --session-store STORE  with --http: where sessions, seen sets, rate limits and artifacts live:
                         memory (default) or redis://HOST:PORT, shared by several instances
  --artifact-dir DIR     with a redis store: a directory every instance reaches, for large artifacts
  --max-message-bytes N  the largest message read from or sent to the client, stdio and HTTP
                         (default 10485760, 10 MiB; from 1024 to 536870912); a larger result
                         is answered with a RESULT_TOO_LARGE error
  --ranking RANKING      gateway: auto (default: lexical until the tools' vectors are ready, then
                         hybrid), or pin lexical or hybrid (hybrid waits for the vectors)
  --vector-cache DIR     where tool vectors persist (default: the user's cache folder, or the
                         redis store when one is configured); off keeps them in memory only
${OBSERVABILITY_USAGE}  --path PATH            browse: a ChoiceGraph path such as / or /filesystem
  --top-k N              browse: how many cards a query shows (1-${MAX_TOP_K}, default 10)
  --json                 browse: print the cards' JSON form instead of the rendered lines
  --all                  tools approve: every quarantined tool
  --help                 print this help
`;

/** What the command line asks for. */
export type GatewayCommand =
  | { kind: 'help' }
  | {
      kind: 'serve';
      /** The mcpServers file. */
      configPath: string;
      /** Which surface to serve. */
      mode: 'gateway' | 'proxy';
      /** Where to serve Streamable HTTP; `undefined` serves stdio. */
      http: ListenAddress | undefined;
      /** A bearer tokens file (HTTP only). */
      tokensPath: string | undefined;
      /** An OAuth options file (HTTP only; excludes `tokensPath`). */
      oauthPath: string | undefined;
      /** Proxy tool names. */
      toolNames: ProxyToolNames;
      /** The firewall threshold. */
      maxInlineTokens: number | undefined;
      /** Whether upstream stderr is dropped. */
      quiet: boolean;
      /** `--session-store` (HTTP only); `undefined` leaves it to the configuration file. */
      sessionStore: SessionStoreConfig | undefined;
      /** `--artifact-dir`; `undefined` leaves it to the configuration file. */
      artifactDirectory: string | undefined;
      /** `--max-message-bytes`; `undefined` keeps the default (10 MiB). */
      maxMessageBytes: number | undefined;
      /** `--log-format`, `--log-level` and `--metrics`. */
      observability: ObservabilityFlags;
      /** `--ranking`; `undefined` leaves it to the configuration file (default `auto`). */
      ranking: 'auto' | 'lexical' | 'hybrid' | undefined;
      /** `--vector-cache`: a folder, `off`, or `undefined` for the configuration's choice. */
      vectorCache: string | undefined;
    }
  | {
      kind: 'browse';
      /** The mcpServers file. */
      configPath: string;
      /** A query, or a path with `byPath`. */
      target: { query: string } | { path: string };
      /** Cards per query. */
      topK: number | undefined;
      /** Whether to print JSON. */
      json: boolean;
    }
  | ToolsCommand;

/** A command-line mistake; the CLI prints it with the usage and exits with status 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

function positiveInteger(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[1-9][0-9]{0,8}$/.test(text)) {
    throw new UsageError(`${flag} must be a positive whole number, got ${JSON.stringify(text)}`);
  }
  return Number(text);
}

function messageBoundOf(text: string | undefined): number | undefined {
  try {
    return parseMaxMessageBytesFlag(text);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function oneOf<Value extends string>(
  flag: string,
  text: string | undefined,
  values: readonly Value[],
  fallback: Value,
): Value {
  if (text === undefined) return fallback;
  if (!(values as readonly string[]).includes(text)) {
    throw new UsageError(`${flag} must be ${values.join(' or ')}, got ${JSON.stringify(text)}`);
  }
  return text as Value;
}

/**
 * Parses the arguments of `x-gateway` (without `node` and the script).
 *
 * @throws UsageError for an unknown command or flag, a missing `--config`, a
 * value outside its domain, a flag of the other command, or a browse with
 * both or neither of a query and `--path`.
 */
export function parseGatewayArguments(argv: readonly string[]): GatewayCommand {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help === true) return { kind: 'help' };
  const [command, ...rest] = positionals;
  if (command !== 'serve' && command !== 'browse' && command !== 'tools') {
    throw new UsageError(
      command === undefined
        ? 'a command is required'
        : `unknown command ${JSON.stringify(command)}`,
    );
  }
  if (values.config === undefined) throw new UsageError('--config FILE is required');
  const only = (flags: readonly (keyof typeof values)[], owner: string) => {
    for (const flag of flags) {
      if (values[flag] !== undefined) throw new UsageError(`--${flag} belongs to ${owner}`);
    }
  };
  if (command === 'tools') {
    only(['mode', 'http', 'tokens', 'tool-names', 'max-inline-tokens', 'quiet'], 'serve');
    only(['artifact-dir', 'max-message-bytes', 'ranking', 'vector-cache'], 'serve');
    only(['log-format', 'log-level', 'metrics', 'path', 'top-k', 'json'], 'serve or browse');
    const tools = parseToolsArguments(rest, { ...values, config: values.config });
    if (typeof tools === 'string') throw new UsageError(tools);
    return tools;
  }
  only(['all'], 'tools approve');
  if (command === 'serve') {
    only(['path', 'top-k', 'json'], 'browse');
    if (rest.length > 0)
      throw new UsageError(`serve takes no positional argument, got ${JSON.stringify(rest[0])}`);
    const http = values.http === undefined ? undefined : parseListen(values.http);
    if (values.tokens !== undefined && http === undefined)
      throw new UsageError('--tokens needs --http');
    try {
      checkOAuthFlag(values.oauth, values.tokens, http !== undefined);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    return {
      kind: 'serve',
      configPath: values.config,
      mode: oneOf('--mode', values.mode, ['gateway', 'proxy'], 'gateway'),
      http,
      tokensPath: values.tokens,
      oauthPath: values.oauth,
      toolNames: oneOf(
        '--tool-names',
        values['tool-names'],
        ['client-safe', 'canonical'],
        'client-safe',
      ),
      maxInlineTokens: positiveInteger('--max-inline-tokens', values['max-inline-tokens']),
      quiet: values.quiet === true,
      sessionStore: sessionStoreOf(values['session-store'], http !== undefined),
      artifactDirectory: values['artifact-dir'],
      maxMessageBytes: messageBoundOf(values['max-message-bytes']),
      observability: observabilityOf(values, http !== undefined),
      ranking:
        values.ranking === undefined
          ? undefined
          : oneOf<'auto' | 'lexical' | 'hybrid'>(
              '--ranking',
              values.ranking,
              ['auto', 'lexical', 'hybrid'],
              'auto',
            ),
      vectorCache: values['vector-cache'],
    };
  }
  only(
    [
      'mode',
      'http',
      'tokens',
      'oauth',
      'tool-names',
      'max-inline-tokens',
      'quiet',
      'session-store',
      'artifact-dir',
      'max-message-bytes',
      'ranking',
      'vector-cache',
      'log-format',
      'log-level',
      'metrics',
    ],
    'serve',
  );
  if (rest.length > 1) throw new UsageError('browse takes one query; quote it');
  const [query] = rest;
  if ((query === undefined) === (values.path === undefined)) {
    throw new UsageError('browse takes a query or --path, not both');
  }
  return {
    kind: 'browse',
    configPath: values.config,
    target: query === undefined ? { path: values.path as string } : { query },
    topK: positiveInteger('--top-k', values['top-k']),
    json: values.json === true,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      config: { type: 'string' },
      mode: { type: 'string' },
      http: { type: 'string' },
      tokens: { type: 'string' },
      oauth: { type: 'string' },
      'tool-names': { type: 'string' },
      'max-inline-tokens': { type: 'string' },
      quiet: { type: 'boolean' },
      'session-store': { type: 'string' },
      'artifact-dir': { type: 'string' },
      'max-message-bytes': { type: 'string' },
      ...OBSERVABILITY_FLAG_OPTIONS,
      ranking: { type: 'string' },
      'vector-cache': { type: 'string' },
      path: { type: 'string' },
      'top-k': { type: 'string' },
      json: { type: 'boolean' },
      all: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
}

function observabilityOf(
  values: Parameters<typeof parseObservabilityFlags>[0],
  http: boolean,
): ObservabilityFlags {
  try {
    return parseObservabilityFlags(values, http);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function sessionStoreOf(text: string | undefined, http: boolean): SessionStoreConfig | undefined {
  if (text === undefined) return undefined;
  if (!http)
    throw new UsageError('--session-store needs --http: a stdio server serves one session');
  try {
    return parseSessionStoreArgument(text);
  } catch (error) {
    throw new UsageError(`--session-store: ${(error as Error).message}`);
  }
}

function parseListen(value: string): ListenAddress {
  try {
    return parseListenAddress(value);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
