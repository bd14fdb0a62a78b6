/**
 * Stopping a test's child process together with everything it spawned: the child runs as the
 * leader of a process group of its own (spawned with `detached: true`).
 *
 * @module
 */

import type { ChildProcess } from 'node:child_process';

/** Whether any process of the group led by `pid` is still alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends `signal` to the process group led by `pid`, if it still exists. */
export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * Ends the process group led by `child` (spawned `detached`): SIGTERM, then SIGKILL for what is
 * left after `graceMs` (default 3,000); resolves with its exit code once no process of the group
 * remains.
 */
export async function stopProcessGroup(
  child: ChildProcess,
  graceMs = 3_000,
): Promise<number | null> {
  const pid = child.pid;
  if (pid === undefined) return child.exitCode;
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pid)) {
    if (Date.now() > deadline) signalGroup(pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await exited;
  return child.exitCode;
}
