/**
 * Spawning a built app (`node <cli> ... --http 127.0.0.1:0`) for end-to-end tests: it is ready
 * once it prints `serving ... at <url>` on stderr.
 *
 * @module
 */

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { stopProcessGroup } from './process-group.js';

/** The readiness line every app prints on stderr once it listens. */
const SERVING = /serving .* at (http:\/\/\S+)/;

/** A running app over HTTP, started by {@link startApp}. */
export interface AppProcess {
  /** Its MCP endpoint, from its readiness line. */
  url: URL;
  /** The process. */
  child: ChildProcess;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the first stderr line that matches `pattern` (already written or to come). */
  waitForLine(pattern: RegExp): Promise<string>;
  /**
   * Stops it and resolves with its exit code once it is gone: its whole process group with
   * `processGroup`, else the process alone (SIGTERM).
   */
  stop(): Promise<number | null>;
}

/** Options of {@link startApp}. */
export interface StartAppOptions {
  /** The app's name in the error when it exits before it is ready (default the cli path). */
  name?: string;
  /** Its whole environment (default ours). */
  env?: NodeJS.ProcessEnv;
  /**
   * Runs it as the leader of a process group of its own, so `stop` also ends the upstreams it
   * started (see {@link stopProcessGroup}).
   */
  processGroup?: boolean;
}

/** Stops `child` alone with SIGTERM and resolves with its exit code once it has exited. */
function terminate(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

/**
 * Starts `node <cli> <args>` (the caller adds `--http 127.0.0.1:0`) with stderr piped, and
 * resolves once it prints its readiness line; rejects when it exits first.
 */
export function startApp(
  cli: string,
  args: readonly string[],
  options: StartAppOptions = {},
): Promise<AppProcess> {
  const child = spawn(process.execPath, [cli, ...args], {
    detached: options.processGroup === true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: options.env ?? process.env,
  });
  const stop = () => (options.processGroup === true ? stopProcessGroup(child) : terminate(child));
  let stderr = '';
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const settleWaiting = () => {
    for (const entry of [...waiting]) {
      const line = stderr.split('\n').find((candidate) => entry.pattern.test(candidate));
      if (line === undefined) continue;
      waiting.splice(waiting.indexOf(entry), 1);
      entry.resolve(line);
    }
  };
  const waitForLine = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      waiting.push({ pattern, resolve });
      settleWaiting();
    });
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      settleWaiting();
      const match = SERVING.exec(stderr);
      if (match?.[1] !== undefined) {
        resolve({ url: new URL(match[1]), child, stop, waitForLine, stderr: () => stderr });
      }
    });
    child.once('exit', (code) =>
      reject(new Error(`${options.name ?? cli} exited with ${code}: ${stderr}`)),
    );
  });
}

/** The pids of processes whose command line mentions `marker` (a temp folder of the test). */
export function processesMentioning(marker: string): number[] {
  const output = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return output
    .split('\n')
    .filter((line) => line.includes(marker) && !line.includes('ps -eo'))
    .map((line) => Number.parseInt(line.trim(), 10))
    .filter((pid) => Number.isInteger(pid) && pid !== process.pid);
}
