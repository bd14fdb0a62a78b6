/**
 * A launched bridge process in its own process group, so stopping it stops everything it
 * started, and nothing outlives this process.
 *
 * @module
 */

import { type ChildProcess, spawn } from 'node:child_process';

/** How much of the process's output is kept for error messages, in characters. */
const OUTPUT_TAIL_LENGTH = 2_000;

/** A running process and its group. */
export interface LaunchedProcess {
  /** The process id (also the group id). */
  readonly pid: number;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  readonly exited: Promise<string>;
  /** True once the process has exited. */
  hasExited(): boolean;
  /** The last characters of its stdout and stderr, interleaved. */
  output(): string;
  /** SIGTERM to the group, then SIGKILL after `graceMs`; resolves when the process has exited. */
  stop(graceMs: number): Promise<void>;
}

/** What to spawn. */
export interface SpawnRequest {
  /** The executable. */
  command: string;
  /** Its arguments. */
  args: readonly string[];
  /** Variables added to this process's environment. */
  env: Readonly<Record<string, string>>;
  /** The working directory. */
  cwd?: string | undefined;
  /** Run when this process exits before the bridge was stopped (synchronous cleanup). */
  onHostExit?: () => void;
}

const liveGroups = new Map<number, (() => void) | undefined>();

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

function killAllOnExit(): void {
  for (const [pid, cleanup] of liveGroups) {
    killGroup(pid, 'SIGKILL');
    cleanup?.();
  }
}

function track(pid: number, cleanup: (() => void) | undefined): void {
  if (liveGroups.size === 0) process.on('exit', killAllOnExit);
  liveGroups.set(pid, cleanup);
}

function untrack(pid: number): void {
  liveGroups.delete(pid);
  if (liveGroups.size === 0) process.off('exit', killAllOnExit);
}

/**
 * Spawns `request` as the leader of a new process group, with its output kept in a small
 * buffer. If this process exits while the group runs, the group is killed (`SIGKILL`) on the
 * way out.
 *
 * @throws Error when the executable cannot be spawned (`ENOENT`, `EACCES`).
 */
export async function launchProcess(request: SpawnRequest): Promise<LaunchedProcess> {
  const child: ChildProcess = spawn(request.command, [...request.args], {
    env: { ...process.env, ...request.env },
    ...(request.cwd === undefined ? {} : { cwd: request.cwd }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    windowsHide: true,
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  const pid = child.pid as number;
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_LENGTH);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exitedFlag = false;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      exitedFlag = true;
      untrack(pid);
      // Whatever the leader left behind in its group goes with it.
      killGroup(pid, 'SIGKILL');
      resolve(signal ?? String(code));
    });
  });
  track(pid, request.onHostExit);
  return {
    pid,
    exited,
    hasExited: () => exitedFlag,
    output: () => tail,
    async stop(graceMs) {
      if (exitedFlag) return;
      killGroup(pid, 'SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([exited, grace]);
      clearTimeout(timer);
      if (!exitedFlag) killGroup(pid, 'SIGKILL');
      await exited;
    },
  };
}
