/** A running {@link startRoundRobinProxy}. */
export interface RoundRobinProxy {
  /** The proxy's address, with the first target's path (e.g. `http://127.0.0.1:PORT/mcp`). */
  url: URL;
  /** How many requests went to each target, in `targets` order. */
  served: number[];
  /** Stops the proxy and drops its connections. */
  close(): Promise<void>;
}

/** Starts a loopback proxy sending each request to the next of `targets` in turn. */
export function startRoundRobinProxy(targets: readonly URL[]): Promise<RoundRobinProxy>;
