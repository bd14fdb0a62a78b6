/**
 * The caller scope of a server instance: what per-caller state is keyed by when the protocol has
 * no session (see {@link CallerContext.scope}).
 *
 * @module
 */

import { randomUUID } from 'node:crypto';

/** The scope every 2026-07-28 HTTP caller without a bearer token shares. */
export const ANONYMOUS_SCOPE = 'anonymous';

/** The prefix of {@link sessionScope}. */
const SESSION_SCOPE_PREFIX = 'session:';

/** The scope of one 2025-era HTTP session of a caller without a bearer token. */
export function sessionScope(sessionId: string): string {
  return `${SESSION_SCOPE_PREFIX}${sessionId}`;
}

/**
 * Whether `scope` is one 2025-era session's ({@link sessionScope}): its state ends with that
 * session, while a principal or anonymous scope outlives every instance serving it.
 */
export function isSessionScope(scope: string): boolean {
  return scope.startsWith(SESSION_SCOPE_PREFIX);
}

/**
 * The scope of a 2025-era HTTP session: the caller's principal scope when it has a bearer token
 * (all of one caller's sessions share their state, windows and bounds), else the session's own.
 */
export function legacySessionScope(
  sessionId: string,
  tokenFingerprint: string | undefined,
): string {
  return tokenFingerprint === undefined
    ? sessionScope(sessionId)
    : principalScope(tokenFingerprint);
}

/** The scope of a 2026-07-28 HTTP caller: its token's fingerprint, or the shared anonymous one. */
export function principalScope(tokenFingerprint: string | undefined): string {
  return tokenFingerprint === undefined ? ANONYMOUS_SCOPE : `principal:${tokenFingerprint}`;
}

/** A new scope for one stdio connection (one client per process connection). */
export function stdioScope(): string {
  return `stdio:${randomUUID()}`;
}
