/**
 * The command line of `x-pd`, parsed with `parseCommandLine` of `@x/core/cli`.
 *
 * @module
 */

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
import type { MinimalSchemaStyle } from '@x/progressive-disclosure';

/** A command line `x-pd` cannot run; the process exits with status 2. */
export { UsageError } from '@x/core/cli';

/** The help text of `x-pd`. */
export const USAGE = `Usage:
  x-pd wrap --config FILE [options]   progressive disclosure in front of the servers of an
                                      mcpServers file (the official servers, say)
  x-pd demo [options]                 a notes, tasks and calendar server of 12 tools
  x-pd measure --config FILE [options]
                                      print the tokens of the full tools/list and of stage 1
  x-pd --help

Both serve stdio unless --http is given. tools/list gives short descriptions; read
resource:///tool_descriptions?tools=NAME before calling NAME.

Options:
  --http [HOST:]PORT        serve Streamable HTTP at http://HOST:PORT/mcp (default host 127.0.0.1)
  --tokens FILE             with --http: a JSON file {"<bearer token>": "<role>"}; the role
                            "read-only" sees only tools marked read-only
  --oauth FILE              with --http: a JSON file of OAuth resource-server options (issuer,
                            resource, roles, toolScopes); requests need an access token of
                            the issuer for this server; excludes --tokens
  --session-store STORE     with --http: where sessions, grants and rate limits live: memory
                            (default) or redis://HOST:PORT, shared by every instance behind
                            one address
  --max-message-bytes N     the largest message read or sent, stdio and HTTP (default
                            10485760, 10 MiB; from 1024 to 536870912); a larger result is
                            answered with a RESULT_TOO_LARGE error
  --max-summary-tokens N    bound of a stage-1 description in cl100k tokens (default 20)
  --schema STYLE            stage-1 input schema: type-only ({"type":"object"}, default) or
                            explicit ({"type":"object","additionalProperties":true})
  --keep-hints              keep title, annotations and icons in stage 1 (dropped by default)
${OBSERVABILITY_USAGE}wrap and measure:
  --config FILE             the mcpServers file (required)
  --descriptions DIR        a folder of <tool>.json files overriding tool descriptions
  --no-prefix               keep upstream tool names instead of <server>__<tool>
wrap only:
  --watch                   reload --descriptions when its files change (development)
  --groups                  experimental: answer groups/list and groups/get (the groups
                            draft, io.modelcontextprotocol/groups, 2026-09-28) with one group
                            per upstream; a client that declares it lists no grouped tools
`;

/** Options both commands take. */
export interface CommonOptions {
  /** Where to serve Streamable HTTP; `undefined` serves stdio. */
  http: ListenAddress | undefined;
  /** The bearer tokens file (HTTP only). */
  tokensPath: string | undefined;
  /** The OAuth options file (HTTP only; excludes `tokensPath`). */
  oauthPath: string | undefined;
  /** Where session state lives (HTTP only); `undefined` keeps it in memory. */
  sessionStore: SessionStoreConfig | undefined;
  /** The largest message read or sent; `undefined` keeps the default (10 MiB). */
  maxMessageBytes: number | undefined;
  /** The bound of stage-1 descriptions. */
  maxSummaryTokens: number | undefined;
  /** The stage-1 input schema style. */
  schemaStyle: MinimalSchemaStyle | undefined;
  /** Whether stage 1 keeps title, annotations and icons. */
  keepClientHints: boolean;
  /** `--log-format`, `--log-level` and `--metrics`. */
  observability: ObservabilityFlags;
}

/** What the command line asks for. */
export type CliCommand =
  | { kind: 'help' }
  | ({
      kind: 'measure';
      /** The mcpServers file. */
      configPath: string;
      /** The description override folder. */
      descriptionsPath: string | undefined;
      /** Whether to prefix tool names with their server's namespace. */
      prefixTools: boolean;
    } & Omit<
      CommonOptions,
      'http' | 'tokensPath' | 'oauthPath' | 'sessionStore' | 'maxMessageBytes' | 'observability'
    >)
  | ({ kind: 'demo' } & CommonOptions)
  | ({
      kind: 'wrap';
      /** The mcpServers file. */
      configPath: string;
      /** The description override folder. */
      descriptionsPath: string | undefined;
      /** Whether to reload the folder on change. */
      watch: boolean;
      /** Whether to prefix tool names with their server's namespace. */
      prefixTools: boolean;
      /** Whether to serve the groups draft (experimental). */
      groups: boolean;
    } & CommonOptions);

const OPTIONS = {
  help: { type: 'boolean' },
  http: { type: 'string' },
  tokens: { type: 'string' },
  oauth: { type: 'string' },
  'session-store': { type: 'string' },
  'max-message-bytes': { type: 'string' },
  'max-summary-tokens': { type: 'string' },
  schema: { type: 'string' },
  'keep-hints': { type: 'boolean' },
  config: { type: 'string' },
  descriptions: { type: 'string' },
  watch: { type: 'boolean' },
  'no-prefix': { type: 'boolean' },
  groups: { type: 'boolean' },
  ...OBSERVABILITY_FLAG_OPTIONS,
} as const;

const WRAP_ONLY = ['config', 'descriptions', 'watch', 'no-prefix', 'groups'] as const;

function parseCommon(values: Record<string, string | boolean | undefined>): CommonOptions {
  const text = (name: string) => values[name] as string | undefined;
  const { http, tokensPath, oauthPath, sessionStore, maxMessageBytes } = parseServeFlags({
    http: text('http'),
    tokens: text('tokens'),
    oauth: text('oauth'),
    'session-store': text('session-store'),
    'max-message-bytes': text('max-message-bytes'),
  });
  const maxText = text('max-summary-tokens');
  if (maxText !== undefined && !/^[1-9][0-9]{0,3}$/.test(maxText)) {
    throw new UsageError(
      `--max-summary-tokens must be a whole number, got ${JSON.stringify(maxText)}`,
    );
  }
  const schema = text('schema');
  if (schema !== undefined && schema !== 'explicit' && schema !== 'type-only') {
    throw new UsageError(`--schema must be type-only or explicit, got ${JSON.stringify(schema)}`);
  }
  return {
    http,
    tokensPath,
    oauthPath,
    sessionStore,
    maxMessageBytes,
    maxSummaryTokens: maxText === undefined ? undefined : Number(maxText),
    schemaStyle: schema,
    keepClientHints: values['keep-hints'] === true,
    observability: parseObservabilityFlags(
      {
        'log-format': text('log-format'),
        'log-level': text('log-level'),
        metrics: text('metrics'),
      },
      http !== undefined,
    ),
  };
}

/**
 * Parses the arguments of `x-pd` (without `node` and the script).
 *
 * @throws UsageError for an unknown command or flag, a missing value, a flag of the other
 *   command, or a value outside its domain; the message names the flag.
 */
export function parseCliArguments(argv: readonly string[]): CliCommand {
  const { help, command, rest, values } = parseCommandLine(argv, OPTIONS);
  if (help) return { kind: 'help' };
  if (command === undefined) throw new UsageError('missing command: wrap, demo or measure');
  if (rest.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])}`);
  if (command === 'demo') {
    const misplaced = WRAP_ONLY.find((name) => values[name] !== undefined);
    if (misplaced !== undefined) throw new UsageError(`--${misplaced} applies to wrap only`);
    return { kind: 'demo', ...parseCommon(values) };
  }
  if (command !== 'wrap' && command !== 'measure') {
    throw new UsageError(`unknown command ${JSON.stringify(command)}: use wrap, demo or measure`);
  }
  if (values.config === undefined) throw new UsageError(`${command} needs --config FILE`);
  if (command === 'measure') {
    const misplaced = (
      [
        'http',
        'tokens',
        'oauth',
        'session-store',
        'max-message-bytes',
        'watch',
        'groups',
        'log-format',
        'log-level',
        'metrics',
      ] as const
    ).find((name) => values[name] !== undefined);
    if (misplaced !== undefined) throw new UsageError(`--${misplaced} does not apply to measure`);
    const {
      http: _http,
      tokensPath: _tokens,
      oauthPath: _oauth,
      sessionStore: _sessionStore,
      maxMessageBytes: _maxMessageBytes,
      observability: _observability,
      ...common
    } = parseCommon(values);
    return {
      kind: 'measure',
      configPath: values.config,
      descriptionsPath: values.descriptions,
      prefixTools: values['no-prefix'] !== true,
      ...common,
    };
  }
  if (values.watch === true && values.descriptions === undefined) {
    throw new UsageError('--watch needs --descriptions DIR');
  }
  return {
    kind: 'wrap',
    configPath: values.config,
    descriptionsPath: values.descriptions,
    watch: values.watch === true,
    prefixTools: values['no-prefix'] !== true,
    groups: values.groups === true,
    ...parseCommon(values),
  };
}
