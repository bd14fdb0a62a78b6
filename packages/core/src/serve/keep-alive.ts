/**
 * Kept-alive connections of `serveHttp`: how long an idle one is held, the `Keep-Alive` hint
 * responses carry, and closing an idle one only when no request has arrived on it.
 *
 * Node closes an idle connection from a timer, and timers run before the event loop reads what
 * has arrived: a server whose event loop was held up (a busy or starved process) closed a
 * connection on which a request was already waiting, and the client saw `ECONNRESET` or "other
 * side closed". Clients also count their own idle time loosely (fetch in ticks of its timer,
 * which a busy client stretches), so the hint is a quarter of the hold: they let go first.
 *
 * @module
 */

import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The `Keep-Alive` value advertised for a hold of `holdMs`: a quarter of it, in whole seconds. */
export function keepAliveHint(holdMs: number): string {
  return `timeout=${Math.floor(holdMs / 4_000)}`;
}

/**
 * Holds idle connections of `server` for `holdMs` and closes one only once the event loop has
 * read what arrived on it: an idle connection that received bytes by then is left to serve them
 * (Node arms its timer again after the request). Returns what adds the hint to a response.
 */
export function holdIdleConnections(
  server: Server,
  holdMs: number,
): (response: ServerResponse) => void {
  server.keepAliveTimeout = holdMs;
  // With a listener, Node leaves closing a timed-out connection to it.
  server.on('timeout', closeIfStillIdle);
  const hint = keepAliveHint(holdMs);
  return (response) => {
    if (response.shouldKeepAlive) response.setHeader('Keep-Alive', hint);
  };
}

function closeIfStillIdle(socket: Socket): void {
  const bytesRead = socket.bytesRead;
  // setImmediate runs after the poll phase, which reads every request that has arrived.
  setImmediate(() => {
    if (socket.bytesRead === bytesRead) socket.destroy();
  });
}
