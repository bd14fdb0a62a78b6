/** The pids of every descendant of `pid` (children, their children, ...), sorted. */
export function descendantPids(pid: number): number[];
/** Whether `pid` is a live process (a zombie, exited but not reaped, counts as gone). */
export function isRunning(pid: number): boolean;
/**
 * Resolves once none of `pids` runs, polling the process table every `intervalMs`; rejects
 * after `timeoutMs` with the pids still running.
 */
export function waitUntilGone(
  pids: readonly number[],
  options?: { intervalMs?: number; timeoutMs?: number },
): Promise<void>;
