import type { StdioPeer } from './stdio-peer.mjs';

/** How to start one stdio server and a call of it that never ends. */
export interface StdinCloseServer {
  command: string;
  args: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** How many processes it starts before any message (0 when it starts them lazily). */
  upstreams: number;
  /** A string in the command line of the upstream that the call hangs in (`mid-call` only). */
  hangingUpstream?: string;
  /** Sends (after `initialize`) a call that never ends; need not resolve (`mid-call` only). */
  startCall?(peer: StdioPeer): Promise<unknown>;
}

/** Where the server is when its stdin closes. */
export type StdinCloseState = 'fresh' | 'mid-call' | 'oversized-line';

/**
 * Starts the server, brings it to `state`, closes its stdin and resolves with its exit and the
 * descendants it had, once they are all gone (polling the process table).
 */
export function closeStdinIn(
  state: StdinCloseState,
  server: StdinCloseServer,
): Promise<{ exit: { code: number | null; signal: NodeJS.Signals | null }; pids: number[] }>;
