/**
 * Defaults and checks of `serveHttp`'s options.
 *
 * @module
 */

import { CoreError } from '../errors.js';
import type { HttpServeOptions } from './types.js';

/** The MCP endpoint path when none is given. */
export const DEFAULT_PATH = '/mcp';
/** The largest request body accepted when none is given (4 MiB, as in the MCP SDK). */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** The deepest JSON nesting accepted when none is given. */
export const DEFAULT_MAX_JSON_DEPTH = 64;
/** The most open sessions when none is given. */
export const DEFAULT_MAX_SESSIONS = 10_000;
/** The most sessions one caller holds when none is given. */
export const DEFAULT_MAX_SESSIONS_PER_CALLER = 1_000;
/** How long an idle 2025-era session stays open when none is given (30 minutes). */
export const DEFAULT_SESSION_IDLE_MS = 1_800_000;
/** How long a client may take to send its headers when none is given (10 s). */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** How long a client may take to send a whole request when none is given (30 s). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/**
 * How long an idle kept-alive connection is held when none is given (20 s): four times the
 * `Keep-Alive: timeout=5` responses advertise, so clients close it first.
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 20_000;
/** The most open TCP connections when none is given. */
export const DEFAULT_MAX_CONNECTIONS = 1_024;
/** How long a stored session lives after its last request when none is given (1 hour). */
export const DEFAULT_SESSION_STORE_TTL_MS = 3_600_000;

/**
 * Checks the options that need no bound port (the `Host`/`Origin` lists are checked when the
 * guard is built), with the path and body limit already defaulted.
 *
 * @throws CoreError `INVALID_ARGUMENT` listing every problem found.
 */
export function validateHttpOptions(
  options: HttpServeOptions,
  path: string,
  maxBodyBytes: number,
): void {
  const problems: string[] = [];
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65_535) {
    problems.push('port must be an integer from 0 to 65535');
  }
  if (!path.startsWith('/') || /[?#\s]/.test(path)) {
    problems.push('path must start with "/" and hold no query, fragment or space');
  }
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes <= 0) {
    problems.push('maxBodyBytes must be a positive integer');
  }
  for (const name of [
    'sessionIdleMs',
    'maxJsonDepth',
    'maxSessions',
    'maxSessionsPerCaller',
    'sessionStoreTtlMs',
    'headersTimeoutMs',
    'requestTimeoutMs',
    'keepAliveTimeoutMs',
    'maxConnections',
    'maxMessageBytes',
  ] as const) {
    const value = options[name];
    if (value !== undefined && (!Number.isSafeInteger(value) || value <= 0)) {
      problems.push(`${name} must be a positive integer`);
    }
  }
  const store = options.sessionStore as { update?: unknown } | undefined;
  if (store !== undefined && typeof store?.update !== 'function') {
    problems.push('sessionStore must be a SessionStore');
  }
  for (const routePath of Object.keys(options.routes ?? {})) {
    if (!routePath.startsWith('/') || routePath === path) {
      problems.push(
        `route ${JSON.stringify(routePath)} must start with "/" and differ from the MCP path`,
      );
    }
  }
  if (problems.length > 0) {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `Invalid serveHttp options: ${problems.join('; ')}.`,
    });
  }
}
