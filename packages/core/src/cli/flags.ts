/**
 * Flag values shared by the `@x` servers: `--http`, `--tokens` and `--session-store`.
 *
 * @module
 */

import { type ListenAddress, parseListenAddress } from '../serve/listen-address.js';
import {
  parseSessionStoreArgument,
  type SessionStoreConfig,
} from '../sessions/session-store-config.js';
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

/** The flags of a server that serves stdio or Streamable HTTP, as given. */
export interface ServeFlagValues {
  /** `--http [HOST:]PORT`. */
  readonly http?: string | undefined;
  /** `--tokens FILE`: bearer tokens, HTTP only. */
  readonly tokens?: string | undefined;
  /** `--session-store STORE`: `memory` or a `redis://` URL, HTTP only. */
  readonly 'session-store'?: string | undefined;
}

/** The parsed {@link ServeFlagValues}. */
export interface ServeFlags {
  /** Where to serve Streamable HTTP; `undefined` serves stdio. */
  readonly http: ListenAddress | undefined;
  /** The bearer tokens file (HTTP only). */
  readonly tokensPath: string | undefined;
  /** Where MCP sessions live (HTTP only); `undefined` keeps them in memory. */
  readonly sessionStore: SessionStoreConfig | undefined;
}

/**
 * Parses `--http`, `--tokens` and `--session-store`, in that order: the address first, then
 * `--tokens` and `--session-store` need `--http` (a stdio server has no bearer tokens and one
 * session), then the store itself.
 *
 * @throws UsageError naming the flag.
 */
export function parseServeFlags(values: ServeFlagValues): ServeFlags {
  const http = parseHttpFlag(values.http);
  if (values.tokens !== undefined && http === undefined) {
    throw new UsageError('--tokens needs --http: bearer tokens apply to HTTP only');
  }
  const storeText = values['session-store'];
  if (storeText !== undefined && http === undefined) {
    throw new UsageError('--session-store needs --http: a stdio server serves one session');
  }
  return {
    http,
    tokensPath: values.tokens,
    sessionStore:
      storeText === undefined
        ? undefined
        : parseFlagValue('session-store', storeText, parseSessionStoreArgument),
  };
}
