// The process table, for tests that check which processes a server leaves behind (Linux /proc).
import { readdirSync, readFileSync } from 'node:fs';

/** The parent pid of every process, read from /proc/PID/stat (field 4, after the command). */
function parents() {
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // It exited while we looked.
    }
  }
  return parentOf;
}

/** The pids of every descendant of `pid` (children, their children, ...), sorted. */
export function descendantPids(pid) {
  const parentOf = parents();
  const found = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [child, ofParent] of parentOf) {
      if (ofParent === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found.sort((a, b) => a - b);
}

/** Whether `pid` is a live process (a zombie, exited but not reaped, counts as gone). */
export function isRunning(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Resolves once none of `pids` runs, polling the process table every `intervalMs`; rejects
 * after `timeoutMs` with the pids still running.
 */
export async function waitUntilGone(pids, { intervalMs = 50, timeoutMs = 20_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const running = pids.filter(isRunning);
    if (running.length === 0) return;
    if (Date.now() > deadline) throw new Error(`still running: ${running.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
