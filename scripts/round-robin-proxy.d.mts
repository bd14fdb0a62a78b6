/** A running {@link startRoundRobinProxy}. */
export interface RoundRobinProxy {
  /** The proxy's address, with the first target's path (e.g. `http://127.0.0.1:PORT/mcp`). */
  url: URL;
  /** How many requests were sent to each target, in `targets` order (refused attempts excluded). */
  served: number[];
  /** How many requests went on to another target after a refused connection. */
  readonly failovers: number;
  /** Stops the proxy and drops its connections, to clients and to targets. */
  close(): Promise<void>;
}

/** Options of {@link startRoundRobinProxy}. */
export interface RoundRobinProxyOptions {
  /**
   * How long a target that refused a connection stays out of the rotation, in ms (default
   * 1,000); it is still tried, last, when every other target refuses too.
   */
  downMs?: number;
}

/**
 * Starts a loopback proxy sending each request to the next of `targets` in turn. A request
 * whose connection is refused (or reset while connecting) goes to the next target; the client
 * gets a 502 only when every target refuses, or when the target that got the request fails
 * before answering.
 *
 * Rejects with a TypeError for no targets or a `downMs` that is not a whole number of
 * milliseconds.
 */
export function startRoundRobinProxy(
  targets: readonly URL[],
  options?: RoundRobinProxyOptions,
): Promise<RoundRobinProxy>;
