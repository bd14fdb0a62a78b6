/**
 * The readiness of a server's upstreams.
 *
 * @module
 */

import type { Upstream } from '../upstreams/upstream-types.js';
import type { ReadinessCheck } from './readiness.js';

/** Statuses an upstream can serve from: connected, or not tried yet (it connects on first use). */
const SERVES: ReadonlySet<string> = new Set(['ready', 'idle']);

/**
 * Ready when at least one upstream is connected or not tried yet (an `idle` upstream connects
 * on first use, so the server can serve), or when there is none: a gateway
 * with one server up serves that server's tools and says which are down in its answers. Not
 * ready when every upstream that was tried is down, with each one's status as the reason.
 *
 * Upstreams reconnect only when an operation needs them, so the check also starts a connection
 * to each one that was lost or gave up (without waiting for it): a probe that polls `/readyz`
 * sees the server come back once an upstream does, even when no request arrives meanwhile.
 * Upstreams never tried are left alone.
 */
export function upstreamsReadiness(upstreams: () => Iterable<Upstream>): ReadinessCheck {
  return {
    name: 'upstreams',
    async check() {
      const all = [...upstreams()];
      const down = all.filter((upstream) => upstream.status !== 'ready');
      for (const upstream of down) {
        if (upstream.status === 'reconnecting' || upstream.status === 'failed') {
          upstream.connect().catch(() => {
            // The status says how it went; the next probe reports it.
          });
        }
      }
      if (all.length === 0 || all.some((upstream) => SERVES.has(upstream.status))) {
        return { ready: true };
      }
      const statuses = down.map((upstream) => `${upstream.name} ${upstream.status}`).join(', ');
      return { ready: false, reason: `no upstream is connected (${statuses})` };
    },
  };
}
