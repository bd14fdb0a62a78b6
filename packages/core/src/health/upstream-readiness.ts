/**
 * The readiness of a server's upstreams.
 *
 * @module
 */

import type { Upstream } from '../upstreams/upstream-types.js';
import type { ReadinessCheck } from './readiness.js';

/**
 * Ready when at least one upstream is connected (or there is none to wait for): a gateway with
 * one server up can serve that server's tools, and says which are down in its answers. Not ready
 * when every upstream is down, with each one's status as the reason.
 *
 * Upstreams reconnect only when an operation needs them, so the check also starts a connection
 * to each one that is down (without waiting for it): a probe that polls `/readyz` sees the
 * server come back once an upstream does, even when no request arrives meanwhile.
 */
export function upstreamsReadiness(upstreams: () => Iterable<Upstream>): ReadinessCheck {
  return {
    name: 'upstreams',
    async check() {
      const all = [...upstreams()];
      const down = all.filter((upstream) => upstream.status !== 'ready');
      for (const upstream of down) {
        if (upstream.status !== 'closed' && upstream.status !== 'connecting') {
          upstream.connect().catch(() => {
            // The status says how it went; the next probe reports it.
          });
        }
      }
      if (all.length === 0 || down.length < all.length) return { ready: true };
      const statuses = down.map((upstream) => `${upstream.name} ${upstream.status}`).join(', ');
      return { ready: false, reason: `no upstream is connected (${statuses})` };
    },
  };
}
