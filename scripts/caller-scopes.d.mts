/** A protocol era: `legacy` (2025 handshake and sessions) or `modern` (2026-07-28, stateless). */
export type Era = 'legacy' | 'modern';

/** The protocol eras a state test runs in. */
export const ERAS: readonly Era[];

/** Where a state test runs: one instance, or two sharing Redis behind one round-robin address. */
export type Topology = 'one instance' | 'two instances on Redis';

/** The topologies a state test runs on. */
export const TOPOLOGIES: readonly Topology[];

/** Writes a tokens file (`{"<token>": "<role>"}`) with one fresh token per role. */
export function writeCallerTokens(
  folder: string,
  roles: readonly string[],
): Promise<{ file: string; tokens: string[] }>;

/** An instance a state test starts: its address and how to stop it. */
export interface StartedInstance {
  url: URL;
  stop(): Promise<unknown>;
}

/** The address of a started topology, and per-instance request counts behind a proxy. */
export interface StartedTopology {
  url: URL;
  /** How many requests each instance got (two instances only). */
  served: number[] | undefined;
}

/**
 * Starts `topology` with `start` (given extra arguments: `--session-store <redisUrl>` for two
 * instances) and returns the one address to call; everything started goes to `cleanup`.
 */
export function startTopology(
  topology: Topology,
  redisUrl: string,
  start: (extraArgs: string[]) => Promise<StartedInstance>,
  cleanup: (stop: () => Promise<unknown>) => void,
): Promise<StartedTopology>;

/** The SDK options of a client calling as one bearer token in one era. */
export interface CallerOptions {
  /** The Client's options: the 2026-07-28 revision pinned for `modern`. */
  client: { versionNegotiation?: { mode: { pin: '2026-07-28' } } };
  /** The StreamableHTTPClientTransport's options: the bearer token on every request. */
  transport: { requestInit: { headers: Record<string, string> } };
}

/** The SDK options of a client calling as `token` in `era`. */
export function callerOptions(era: Era, token: string): CallerOptions;
