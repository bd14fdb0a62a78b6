/**
 * Runs a command to completion and collects its output, with a time limit.
 *
 * @module
 */

import { execFile } from 'node:child_process';

/** What a finished command printed and how it ended. */
export interface CommandResult {
  /** The exit code; null when a signal (or the time limit) ended it. */
  readonly exitCode: number | null;
  /** Everything written to stdout. */
  readonly stdout: string;
  /** Everything written to stderr. */
  readonly stderr: string;
}

/** Options of {@link runCommand}. */
export interface RunCommandOptions {
  /** The working directory. */
  readonly cwd: string;
  /** Kills the command after this many milliseconds (default 60,000). */
  readonly timeoutMs?: number;
  /** The environment (default: this process's, without the variables pnpm and npm inject). */
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * This process's environment without the `npm_*` variables a package manager sets for the
 * script it runs, so a child `npm` or `pnpm` reads its own configuration, not the caller's.
 */
export function cleanEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')),
  );
}

/**
 * Runs `command` with `args` (no shell) and resolves with its result, whatever its exit code;
 * only a command that cannot be started at all rejects.
 */
export function runCommand(
  command: string,
  args: readonly string[],
  options: RunCommandOptions,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: options.env ?? cleanEnvironment(),
        timeout: options.timeoutMs ?? 60_000,
        maxBuffer: 64 * 1024 * 1024,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        if (error !== null && typeof error.code === 'string') {
          reject(error);
          return;
        }
        const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ exitCode, stdout, stderr });
      },
    );
  });
}

/** Runs a command and throws, with its output, unless it exits with 0. */
export async function runCommandOrThrow(
  command: string,
  args: readonly string[],
  options: RunCommandOptions,
): Promise<CommandResult> {
  const result = await runCommand(command, args, options);
  if (result.exitCode !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited with ${String(result.exitCode)} in ${options.cwd}\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result;
}
