/**
 * The caller scope of a server instance: what per-caller state is keyed by when the protocol has
 * no session (see {@link SessionContext.scope}).
 *
 * @module
 */

import { randomUUID } from 'node:crypto';

/** The scope every 2026-07-28 HTTP caller without a bearer token shares. */
export const ANONYMOUS_SCOPE = 'anonymous';

/** The scope of one 2025-era HTTP session. */
export function sessionScope(sessionId: string): string {
  return `session:${sessionId}`;
}

/** The scope of a 2026-07-28 HTTP caller: its token's fingerprint, or the shared anonymous one. */
export function principalScope(tokenFingerprint: string | undefined): string {
  return tokenFingerprint === undefined ? ANONYMOUS_SCOPE : `principal:${tokenFingerprint}`;
}

/** A new scope for one stdio connection (one client per process connection). */
export function stdioScope(): string {
  return `stdio:${randomUUID()}`;
}
