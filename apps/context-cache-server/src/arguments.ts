/**
 * The command line of `x-context-cache`, parsed with `parseCommandLine` of `@x/core/cli`.
 *
 * @module
 */

import { DEFAULT_MAX_FILE_BYTES } from '@x/context-cache';
import {
  OBSERVABILITY_FLAG_OPTIONS,
  OBSERVABILITY_USAGE,
  type ObservabilityFlags,
  parseCommandLine,
  parseFlagValue,
  parseHttpFlag,
  parseMaxMessageBytesFlag,
  parseObservabilityFlags,
  UsageError,
} from '@x/core/cli';
import type { ListenAddress } from '@x/core/serve';
import { z } from 'zod';
import { STRATEGY_NAMES } from './strategies.js';

/** A command line `x-context-cache` cannot run; the process exits with status 2. */
export { UsageError } from '@x/core/cli';

/** The smallest `--max-file-bytes` (1 KiB: a manifest of a few entries). */
const MIN_MAX_FILE_BYTES = 1024;
/** The largest `--max-file-bytes` (1 GiB): each file read is held in memory whole. */
const MAX_MAX_FILE_BYTES = 1024 * 1024 * 1024;

/** The text of `--max-file-bytes`: a whole number of bytes within its bounds. */
const MaxFileBytesSchema = z
  .string()
  .regex(/^\d{1,10}$/, 'expected a whole number of bytes')
  .transform(Number)
  .pipe(
    z
      .number()
      .min(MIN_MAX_FILE_BYTES, `must be at least ${MIN_MAX_FILE_BYTES}`)
      .max(MAX_MAX_FILE_BYTES, `must be at most ${MAX_MAX_FILE_BYTES} (1 GiB)`),
  );

/**
 * Parses `--max-file-bytes N`; `undefined` (no flag) stays `undefined`, which keeps the
 * library's default ({@link DEFAULT_MAX_FILE_BYTES}).
 *
 * @throws UsageError `--max-file-bytes: ...` for a value outside its bounds
 */
export function parseMaxFileBytesFlag(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return parseFlagValue('max-file-bytes', text, (value) => {
    const parsed = MaxFileBytesSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    throw new Error(
      `${parsed.error.issues[0]?.message ?? 'invalid'}, got ${JSON.stringify(value)}`,
    );
  });
}

/** The help text of `x-context-cache`. */
export const USAGE = `Usage:
  x-context-cache build --sources DIR --cache DIR [--include GLOB]... [--force]
                            build a cache from the *.md files below DIR (or the files
                            matching each --include glob); --force replaces an existing one
  x-context-cache verify --cache DIR [--max-file-bytes N]
                            run every integrity check; exit 1 when one fails (index.json
                            problems are warnings)
  x-context-cache inspect --cache DIR | --root DIR --cache NAME [--max-file-bytes N]
  x-context-cache list --root DIR
  x-context-cache resolve --cache DIR --query TEXT --budget TOKENS [--strategy v0|bm25]
  x-context-cache resolve --root DIR --cache NAME --query TEXT --budget TOKENS [--strategy S]
                        [--max-file-bytes N]
                            print exactly what context.resolve answers (exit 1 on an error object)
  x-context-cache serve [--root DIR] [--http [HOST:]PORT] [--default-strategy v0|bm25]
                        [--max-message-bytes N] [--max-file-bytes N]
                        [--log-format F] [--log-level L] [--metrics S]
                            serve context.resolve, context.list_caches and context.inspect_cache
                            over stdio, or Streamable HTTP at http://HOST:PORT/mcp; without
                            --root, a cache named repo-docs built from this repository's READMEs;
                            --max-message-bytes bounds each message read or sent (default
                            10485760, 10 MiB; from 1024 to 536870912)
  x-context-cache --help

Options of serve (health at /healthz and /readyz over HTTP):
${OBSERVABILITY_USAGE}

With --root, --cache is a cache name resolved inside DIR exactly as the server resolves it;
without it, --cache is the cache folder itself.

--max-file-bytes N: a cache file (manifest, document, index) larger than N bytes is refused
without being read, which makes its cache invalid (default ${DEFAULT_MAX_FILE_BYTES}, 64 MiB;
from ${MIN_MAX_FILE_BYTES} to ${MAX_MAX_FILE_BYTES}).

Exit status: 0 on success, 1 on a failure (an error object, an invalid cache, a build error),
2 on a bad command line.
`;

/** Where a command finds its cache: a folder, or a name inside a root. */
export type CacheLocation =
  | { readonly kind: 'path'; readonly path: string }
  | { readonly kind: 'name'; readonly root: string; readonly name: string };

/** What the command line asks for. */
export type CliCommand =
  | { readonly kind: 'help' }
  | {
      readonly kind: 'build';
      /** The folder of source files. */
      readonly sources: string;
      /** The cache folder to create. */
      readonly cache: string;
      /** Glob patterns choosing other text files than `*.md`. */
      readonly include: readonly string[] | undefined;
      /** Replace an existing cache. */
      readonly force: boolean;
    }
  | {
      readonly kind: 'verify';
      readonly cache: string;
      /** The largest cache file read; absent keeps the default (64 MiB). */
      readonly maxFileBytes: number | undefined;
    }
  | {
      readonly kind: 'inspect';
      readonly location: CacheLocation;
      /** The largest manifest read; absent keeps the default (64 MiB). */
      readonly maxFileBytes: number | undefined;
    }
  | { readonly kind: 'list'; readonly root: string }
  | {
      readonly kind: 'resolve';
      readonly location: CacheLocation;
      /** The query, as given. */
      readonly query: string;
      /** The budget as {@link parseBudgetText} reads it (validated by the resolver, like an MCP argument). */
      readonly budget: unknown;
      /** The strategy name, as given. */
      readonly strategy: string | undefined;
      /** The largest cache file read; absent keeps the default (64 MiB). */
      readonly maxFileBytes: number | undefined;
    }
  | {
      readonly kind: 'serve';
      /** The cache root; absent serves the repository docs. */
      readonly root: string | undefined;
      /** Where to serve Streamable HTTP; absent serves stdio. */
      readonly http: ListenAddress | undefined;
      /** The strategy of requests that name none. */
      readonly defaultStrategy: string | undefined;
      /** The largest message read or sent; absent keeps the default (10 MiB). */
      readonly maxMessageBytes: number | undefined;
      /** The largest cache file read; absent keeps the default (64 MiB). */
      readonly maxFileBytes: number | undefined;
      /** `--log-format`, `--log-level` and `--metrics`. */
      readonly observability: ObservabilityFlags;
    };

const OPTIONS = {
  help: { type: 'boolean' },
  sources: { type: 'string' },
  cache: { type: 'string' },
  include: { type: 'string', multiple: true },
  force: { type: 'boolean' },
  root: { type: 'string' },
  query: { type: 'string' },
  budget: { type: 'string' },
  strategy: { type: 'string' },
  http: { type: 'string' },
  'default-strategy': { type: 'string' },
  'max-message-bytes': { type: 'string' },
  'max-file-bytes': { type: 'string' },
  ...OBSERVABILITY_FLAG_OPTIONS,
} as const;

type OptionName = keyof typeof OPTIONS;

/** The flags each command accepts (besides `--help`). */
const ALLOWED: Readonly<Record<string, readonly OptionName[]>> = {
  build: ['sources', 'cache', 'include', 'force'],
  verify: ['cache', 'max-file-bytes'],
  inspect: ['cache', 'root', 'max-file-bytes'],
  list: ['root'],
  resolve: ['cache', 'root', 'query', 'budget', 'strategy', 'max-file-bytes'],
  serve: [
    'root',
    'http',
    'default-strategy',
    'max-message-bytes',
    'max-file-bytes',
    'log-format',
    'log-level',
    'metrics',
  ],
};

/** A JSON number literal (RFC 8259 §6). */
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/**
 * Reads `--budget` the way a JSON argument would arrive: a JSON number literal becomes that
 * number (`12`, `-1`, `1.5`, `1e3`), anything else stays a string. The resolver then answers
 * `invalid_budget` exactly as it does over MCP, so the CLI and the tool fail with the same bytes.
 * Law: `parseBudgetText(String(n)) === n` for every safe integer `n`.
 */
export function parseBudgetText(text: string): unknown {
  return JSON_NUMBER.test(text) ? Number(text) : text;
}

function location(values: Record<string, unknown>, command: string): CacheLocation {
  const cache = values.cache as string | undefined;
  if (cache === undefined) throw new UsageError(`${command} needs --cache`);
  const root = values.root as string | undefined;
  return root === undefined ? { kind: 'path', path: cache } : { kind: 'name', root, name: cache };
}

function required(values: Record<string, unknown>, name: OptionName, command: string): string {
  const value = values[name];
  if (typeof value !== 'string') throw new UsageError(`${command} needs --${name}`);
  return value;
}

function maxFileBytesOf(values: Record<string, unknown>): number | undefined {
  const text = values['max-file-bytes'];
  return parseMaxFileBytesFlag(typeof text === 'string' ? text : undefined);
}

function parseServe(values: Record<string, unknown>): CliCommand {
  const http = parseHttpFlag(typeof values.http === 'string' ? values.http : undefined);
  const defaultStrategy = values['default-strategy'] as string | undefined;
  if (defaultStrategy !== undefined && !STRATEGY_NAMES.includes(defaultStrategy)) {
    throw new UsageError(
      `--default-strategy must be one of ${STRATEGY_NAMES.join(', ')}, got ${JSON.stringify(defaultStrategy)}`,
    );
  }
  const maxMessageBytes = parseMaxMessageBytesFlag(
    typeof values['max-message-bytes'] === 'string' ? values['max-message-bytes'] : undefined,
  );
  return {
    kind: 'serve',
    root: values.root as string | undefined,
    http,
    defaultStrategy,
    maxMessageBytes,
    maxFileBytes: maxFileBytesOf(values),
    observability: parseObservabilityFlags(
      values as Parameters<typeof parseObservabilityFlags>[0],
      http !== undefined,
    ),
  };
}

/**
 * Parses the arguments of `x-context-cache` (without `node` and the script).
 *
 * @throws UsageError for an unknown command or flag, a flag of another command, a missing
 *   flag or value, or a `--http` / `--default-strategy` outside its domain; the message names it.
 */
export function parseCliArguments(argv: readonly string[]): CliCommand {
  const { help, command, rest, values } = parseCommandLine(argv, OPTIONS);
  if (help) return { kind: 'help' };
  if (command === undefined) {
    throw new UsageError('missing command: build, verify, inspect, list, resolve or serve');
  }
  const allowed = ALLOWED[command];
  if (allowed === undefined) throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  if (rest.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])}`);
  const misplaced = (Object.keys(values) as OptionName[]).find(
    (name) => name !== 'help' && !allowed.includes(name),
  );
  if (misplaced !== undefined) throw new UsageError(`--${misplaced} does not apply to ${command}`);
  switch (command) {
    case 'build':
      return {
        kind: 'build',
        sources: required(values, 'sources', command),
        cache: required(values, 'cache', command),
        include: values.include,
        force: values.force === true,
      };
    case 'verify':
      return {
        kind: 'verify',
        cache: required(values, 'cache', command),
        maxFileBytes: maxFileBytesOf(values),
      };
    case 'inspect':
      return {
        kind: 'inspect',
        location: location(values, command),
        maxFileBytes: maxFileBytesOf(values),
      };
    case 'list':
      return { kind: 'list', root: required(values, 'root', command) };
    case 'resolve':
      return {
        kind: 'resolve',
        location: location(values, command),
        query: required(values, 'query', command),
        budget: parseBudgetText(required(values, 'budget', command)),
        strategy: values.strategy,
        maxFileBytes: maxFileBytesOf(values),
      };
    default:
      return parseServe(values);
  }
}
