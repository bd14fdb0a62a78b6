/**
 * The readiness of a session store.
 *
 * @module
 */

import type { SessionStore } from '../sessions/session-store.js';
import type { ReadinessCheck } from './readiness.js';

/** The key a readiness probe reads; nothing writes it. */
export const READINESS_PROBE_KEY = 'health:readyz';

/**
 * Ready when the store answers a read (a Redis store bounds it by its command timeout); not
 * ready, with the store's own message (no credentials: the store leaves them out), when it fails.
 */
export function sessionStoreReadiness(store: SessionStore): ReadinessCheck {
  return {
    name: 'session-store',
    async check() {
      try {
        await store.get(READINESS_PROBE_KEY);
        return { ready: true };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { ready: false, reason: `unreachable (${message})` };
      }
    },
  };
}
