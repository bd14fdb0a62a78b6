/** The pids of every descendant of `pid` (children, their children, ...), sorted. */
export function descendantPids(pid: number): number[];
/** Whether `pid` is a live process (a zombie, exited but not reaped, counts as gone). */
export function isRunning(pid: number): boolean;
/**
 * Resolves with the first truthy value of `check`, polling it every `intervalMs`; rejects after
 * `timeoutMs` naming `what`.
 */
export function pollUntil<Value>(
  check: () => Value | undefined | false | null | 0 | '',
  options?: { what?: string; intervalMs?: number; timeoutMs?: number },
): Promise<Value>;
/** Resolves once none of `pids` runs (polling the process table); rejects after `timeoutMs`. */
export function waitUntilGone(
  pids: readonly number[],
  options?: { intervalMs?: number; timeoutMs?: number },
): Promise<void>;
/** Bytes `pid` has read so far (`rchar` of /proc/PID/io): grows when a server reads a request. */
export function bytesRead(pid: number): number;
/** The command line of `pid`, arguments joined by spaces ('' once it is gone). */
export function commandLine(pid: number): string;
