/**
 * The process table, for tests that check which processes a server leaves behind (Linux /proc).
 *
 * @module
 */

import { readdirSync, readFileSync } from 'node:fs';

/** The parent pid of every process, read from /proc/PID/stat (field 4, after the command). */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
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
export function descendantPids(pid: number): number[] {
  const parentOf = parents();
  const found: number[] = [];
  const queue = [pid];
  for (let parent = queue.shift(); parent !== undefined; parent = queue.shift()) {
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
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Options of {@link pollUntil}. */
export interface PollOptions {
  /** What is awaited, for the error message (default `condition`). */
  what?: string;
  /** How often to check, in ms (default 50). */
  intervalMs?: number;
  /** When to give up, in ms (default 20,000). */
  timeoutMs?: number;
}

/**
 * Resolves with the first truthy value of `check`, polling it every `intervalMs`; rejects after
 * `timeoutMs` naming `what`.
 */
export async function pollUntil<Value>(
  check: () => Value | undefined | false | null | 0 | '',
  { what = 'condition', intervalMs = 50, timeoutMs = 20_000 }: PollOptions = {},
): Promise<Value> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not met in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Resolves once none of `pids` runs (polling the process table); rejects after `timeoutMs`. */
export async function waitUntilGone(
  pids: readonly number[],
  { intervalMs = 50, timeoutMs = 20_000 }: Omit<PollOptions, 'what'> = {},
): Promise<void> {
  await pollUntil(() => !pids.some(isRunning), {
    what: `processes ${pids.join(', ')} gone`,
    intervalMs,
    timeoutMs,
  });
}

/** Bytes `pid` has read so far (`rchar` of /proc/PID/io): grows when a server reads a request. */
export function bytesRead(pid: number): number {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  return Number(/^rchar: (\d+)$/m.exec(io)?.[1]);
}

/** The command line of `pid`, arguments joined by spaces ('' once it is gone). */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}
