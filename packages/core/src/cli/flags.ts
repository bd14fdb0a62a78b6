/**
 * Flag values shared by the `@x` servers: `--http`, `--tokens`, `--session-store` and
 * `--max-message-bytes`.
 *
 * @module
 */

import { z } from 'zod';
import { type ListenAddress, parseListenAddress } from '../serve/listen-address.js';
import {
  parseSessionStoreArgument,
  type SessionStoreConfig,
} from '../sessions/session-store-config.js';
import {
  MAX_UPSTREAM_MESSAGE_BYTES,
  MIN_UPSTREAM_MESSAGE_BYTES,
} from '../upstreams/upstream-options.js';
import { UsageError } from './usage-error.js';

/**
 * Parses the text of `--flag` with `parse`; whatever `parse` throws becomes a
 * {@link UsageError} `--flag: <its message>`.
 */
export function parseFlagValue<Value>(
  flag: string,
  text: string,
  parse: (text: string) => Value,
): Value {
  try {
    return parse(text);
  } catch (error) {
    throw new UsageError(`--${flag}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Parses `--http [HOST:]PORT` with `parseListenAddress` (from `@x/core/serve`); `undefined`
 * (no flag) stays `undefined`, which serves stdio.
 *
 * @throws UsageError `--http: Invalid listen address ...` for a bad address.
 */
export function parseHttpFlag(text: string | undefined): ListenAddress | undefined {
  return text === undefined ? undefined : parseFlagValue('http', text, parseListenAddress);
}

/** The text of `--max-message-bytes`: a whole number of bytes from 1 KiB to 512 MiB. */
export const MaxMessageBytesSchema = z
  .string()
  .regex(/^\d{1,10}$/, 'expected a whole number of bytes')
  .transform(Number)
  .pipe(
    z
      .number()
      .min(MIN_UPSTREAM_MESSAGE_BYTES, `must be at least ${MIN_UPSTREAM_MESSAGE_BYTES} (1 KiB)`)
      .max(MAX_UPSTREAM_MESSAGE_BYTES, `must be at most ${MAX_UPSTREAM_MESSAGE_BYTES} (512 MiB)`),
  );

/**
 * Parses `--max-message-bytes N`; `undefined` (no flag) stays `undefined`, which keeps the
 * server's default (10 MiB).
 *
 * @throws UsageError `--max-message-bytes: ...` for a value that is not a whole number of
 *   bytes from 1 KiB to 512 MiB.
 */
export function parseMaxMessageBytesFlag(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return parseFlagValue('max-message-bytes', text, (value) => {
    const parsed = MaxMessageBytesSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    throw new Error(
      `${parsed.error.issues[0]?.message ?? 'invalid'}, got ${JSON.stringify(value)}`,
    );
  });
}

/** The flags of a server that serves stdio or Streamable HTTP, as given. */
export interface ServeFlagValues {
  /** `--http [HOST:]PORT`. */
  readonly http?: string | undefined;
  /** `--tokens FILE`: bearer tokens, HTTP only. */
  readonly tokens?: string | undefined;
  /** `--oauth FILE`: the OAuth resource server's options, HTTP only. */
  readonly oauth?: string | undefined;
  /** `--session-store STORE`: `memory` or a `redis://` URL, HTTP only. */
  readonly 'session-store'?: string | undefined;
  /** `--max-message-bytes N`: the largest message read or sent, stdio and HTTP. */
  readonly 'max-message-bytes'?: string | undefined;
}

/** The parsed {@link ServeFlagValues}. */
export interface ServeFlags {
  /** Where to serve Streamable HTTP; `undefined` serves stdio. */
  readonly http: ListenAddress | undefined;
  /** The bearer tokens file (HTTP only). */
  readonly tokensPath: string | undefined;
  /** The OAuth options file (HTTP only; excludes {@link ServeFlags.tokensPath}). */
  readonly oauthPath: string | undefined;
  /** Where MCP sessions live (HTTP only); `undefined` keeps them in memory. */
  readonly sessionStore: SessionStoreConfig | undefined;
  /** The largest message read or sent, in bytes; `undefined` keeps the default (10 MiB). */
  readonly maxMessageBytes: number | undefined;
}

/**
 * Parses `--http`, `--tokens`, `--oauth`, `--session-store` and `--max-message-bytes`, in that
 * order: the address first, then `--tokens`, `--oauth` and `--session-store` need `--http` (a
 * stdio server has no bearer tokens and one session; MCP has stdio take credentials from the
 * environment) and `--tokens` excludes `--oauth`, then the store itself, then the message bound.
 *
 * @throws UsageError naming the flag.
 */
export function parseServeFlags(values: ServeFlagValues): ServeFlags {
  const http = parseHttpFlag(values.http);
  if (values.tokens !== undefined && http === undefined) {
    throw new UsageError('--tokens needs --http: bearer tokens apply to HTTP only');
  }
  checkOAuthFlag(values.oauth, values.tokens, http !== undefined);
  const storeText = values['session-store'];
  if (storeText !== undefined && http === undefined) {
    throw new UsageError('--session-store needs --http: a stdio server serves one session');
  }
  return {
    http,
    tokensPath: values.tokens,
    oauthPath: values.oauth,
    sessionStore:
      storeText === undefined
        ? undefined
        : parseFlagValue('session-store', storeText, parseSessionStoreArgument),
    maxMessageBytes: parseMaxMessageBytesFlag(values['max-message-bytes']),
  };
}

/**
 * Checks `--oauth` against the other flags: it needs `--http` (MCP Authorization applies to HTTP;
 * a stdio server takes its credentials from the environment) and excludes `--tokens`.
 *
 * @throws UsageError naming the conflict.
 */
export function checkOAuthFlag(
  oauth: string | undefined,
  tokens: string | undefined,
  http: boolean,
): void {
  if (oauth === undefined) return;
  if (!http) throw new UsageError('--oauth needs --http: OAuth applies to HTTP only');
  if (tokens !== undefined) {
    throw new UsageError('--oauth and --tokens exclude each other: choose one way to authenticate');
  }
}
