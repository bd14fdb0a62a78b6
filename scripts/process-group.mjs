// @ts-check
/**
 * Stopping a test's child process together with everything it spawned: the child runs as the
 * leader of a process group of its own (spawned with `detached: true`).
 */

/** @param {number} pid */
function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends the process group led by `child` (spawned `detached`): SIGTERM, then SIGKILL for what is
 * left after `graceMs`; resolves once no process of the group remains.
 *
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} [graceMs]
 * @returns {Promise<number | null>}
 */
export async function stopProcessGroup(child, graceMs = 3_000) {
  const pid = child.pid;
  if (pid === undefined) return child.exitCode;
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => child.once('exit', () => resolve(undefined)));
  /** @param {NodeJS.Signals} name */
  const signal = (name) => {
    try {
      process.kill(-pid, name);
    } catch {
      // The group is gone already.
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pid)) {
    if (Date.now() > deadline) signal('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await exited;
  return child.exitCode;
}
