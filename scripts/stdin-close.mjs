// The states in which a stdio server must exit, ending its upstream processes, when its stdin
// closes (issue 20): before any message, in the middle of a call, after a line above its bound.
import {
  bytesRead,
  commandLine,
  descendantPids,
  pollUntil,
  waitUntilGone,
} from './process-table.mjs';
import { spawnStdioPeer } from './stdio-peer.mjs';

/** A line above the 10 MiB stdin bound of our servers. */
const OVERSIZED_LINE = `{"jsonrpc":"2.0","id":"big","method":"ping","params":{"pad":"${'z'.repeat(11 * 1024 * 1024)}"}}\n`;

/** Brings the server to `state`; resolves with its descendants just before the last step. */
async function reach(state, server, peer) {
  if (state === 'fresh') {
    await pollUntil(() => descendantPids(peer.child.pid).length >= server.upstreams, {
      what: 'upstreams started',
    });
    return descendantPids(peer.child.pid);
  }
  await peer.initialize();
  // A server that starts its upstreams lazily starts them for its first listing.
  await peer.request('tools/list', {});
  if (state === 'oversized-line') {
    const pids = descendantPids(peer.child.pid);
    peer.child.stdin.write(OVERSIZED_LINE);
    return pids;
  }
  if (server.startCall === undefined || server.hangingUpstream === undefined) {
    throw new Error('mid-call needs startCall and hangingUpstream');
  }
  const upstream = await pollUntil(
    () =>
      descendantPids(peer.child.pid).find((pid) =>
        commandLine(pid).includes(server.hangingUpstream),
      ),
    { what: 'the hanging upstream started' },
  );
  const before = bytesRead(upstream);
  void server.startCall(peer);
  // The upstream has read the call: the server is in the middle of it.
  await pollUntil(() => bytesRead(upstream) > before, { what: 'the call reached the upstream' });
  return descendantPids(peer.child.pid);
}

/**
 * Starts the server, brings it to `state`, closes its stdin and resolves with its exit and the
 * descendants it had, once they are all gone (polling the process table).
 */
export async function closeStdinIn(state, server) {
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
