/**
 * The states in which a stdio server must exit, ending its upstream processes, when its stdin
 * closes (issue 20): before any message, in the middle of a call, after a line above its bound.
 *
 * @module
 */

import {
  bytesRead,
  commandLine,
  descendantPids,
  pollUntil,
  waitUntilGone,
} from './process-table.js';
import { type ProcessExit, type StdioPeer, spawnStdioPeer } from './stdio-peer.js';

/** A line above the 10 MiB stdin bound of our servers. */
const OVERSIZED_LINE = `{"jsonrpc":"2.0","id":"big","method":"ping","params":{"pad":"${'z'.repeat(11 * 1024 * 1024)}"}}\n`;

/** How to start one stdio server and a call of it that never ends. */
export interface StdinCloseServer {
  /** The program. */
  command: string;
  /** Its arguments. */
  args: readonly string[];
  /** Its environment (default ours). */
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

/** Brings the server to `state`; resolves with its descendants just before the last step. */
async function reach(
  state: StdinCloseState,
  server: StdinCloseServer,
  peer: StdioPeer,
): Promise<number[]> {
  const pid = peer.child.pid ?? 0;
  if (state === 'fresh') {
    await pollUntil(() => descendantPids(pid).length >= server.upstreams, {
      what: 'upstreams started',
    });
    return descendantPids(pid);
  }
  await peer.initialize();
  // A server that starts its upstreams lazily starts them for its first listing.
  await peer.request('tools/list', {});
  if (state === 'oversized-line') {
    const pids = descendantPids(pid);
    peer.child.stdin.write(OVERSIZED_LINE);
    return pids;
  }
  const { startCall, hangingUpstream } = server;
  if (startCall === undefined || hangingUpstream === undefined) {
    throw new Error('mid-call needs startCall and hangingUpstream');
  }
  const upstream = await pollUntil(
    () => descendantPids(pid).find((candidate) => commandLine(candidate).includes(hangingUpstream)),
    { what: 'the hanging upstream started' },
  );
  const before = bytesRead(upstream);
  void startCall(peer);
  // The upstream has read the call: the server is in the middle of it.
  await pollUntil(() => bytesRead(upstream) > before, { what: 'the call reached the upstream' });
  return descendantPids(pid);
}

/**
 * Starts the server, brings it to `state`, closes its stdin and resolves with its exit and the
 * descendants it had, once they are all gone (polling the process table).
 */
export async function closeStdinIn(
  state: StdinCloseState,
  server: StdinCloseServer,
): Promise<{ exit: ProcessExit; pids: number[] }> {
  const peer = spawnStdioPeer(server.command, server.args, { env: server.env });
  try {
    const pids = await reach(state, server, peer);
    peer.closeStdin();
    const exit = await peer.exited;
    await waitUntilGone(pids);
    return { exit, pids };
  } finally {
    peer.child.kill('SIGKILL');
  }
}
