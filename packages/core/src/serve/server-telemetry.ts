/**
 * The sessions and callers of one running server, for `mcp_sessions_open`, `mcp_sessions_closed`
 * and `mcp_callers` (`mcp_sessions_opened` counts answered `initialize` requests, see
 * `request-telemetry.ts`).
 *
 * @module
 */

import { gaugeSources } from '../telemetry/gauge-sources.js';
import { instruments } from '../telemetry/instruments.js';

/** The most distinct callers one server remembers for `mcp_callers` (a token fingerprint each). */
export const MAX_TRACKED_CALLERS = 10_000;

/** What `serveHttp` and `serveStdio` report about their sessions and callers. */
export interface ServerTelemetry {
  /** Notes a request from `caller` (a token fingerprint, or `anonymous`). */
  noteCaller(caller: string): void;
  /** Counts a session closed, and why. */
  sessionClosed(reason: string): void;
  /** Stops reporting this server to the gauges. */
  close(): void;
}

/**
 * Starts reporting one server: `sessions` says how many sessions it holds now. Callers are kept
 * as the fingerprints the bearer check gives (never a token), at most {@link MAX_TRACKED_CALLERS}.
 */
export function createServerTelemetry(
  transport: 'stdio' | 'http',
  sessions: () => number,
): ServerTelemetry {
  const callers = new Set<string>();
  const remove = gaugeSources.addServer({ transport, sessions, callers: () => callers.size });
  return {
    noteCaller(caller) {
      if (callers.size < MAX_TRACKED_CALLERS) callers.add(caller);
    },
    sessionClosed(reason) {
      instruments().sessionsClosed.add(1, { transport, reason });
    },
    close: remove,
  };
}
