/**
 * Runs a command to completion and keeps what it printed.
 *
 * @module
 */

import { spawn } from 'node:child_process';

/** What a finished command printed and how it exited. */
export interface CommandResult {
  /** The exit code, or `null` when a signal ended it. */
  readonly exitCode: number | null;
  /** Standard output. */
  readonly stdout: string;
  /** Standard error. */
  readonly stderr: string;
}

/** Options of {@link runCommand}. */
export interface RunCommandOptions {
  /** The working directory. */
  cwd?: string;
  /** Kill the command after this many milliseconds (SIGKILL); default 10 minutes. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/**
 * Runs `command args` with no shell and stdin closed, resolving once it exits. A command that
 * cannot be started resolves with exit code `null` and the reason on `stderr`.
 */
export function runCommand(
  command: string,
  args: readonly string[],
  options: RunCommandOptions = {},
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    child.once('error', (error) => {
      resolve({ exitCode: null, stdout, stderr: `${stderr}${error.message}\n` });
    });
    child.once('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}
