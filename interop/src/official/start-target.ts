/**
 * Starts a reference app over HTTP and learns its address from what it prints on stderr.
 *
 * @module
 */

import { spawn } from 'node:child_process';
import { InteropError, tail } from '../errors.js';
import type { OfficialTarget } from './targets.js';

/** An app serving HTTP. */
export interface StartedTarget {
  /** Its MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  readonly url: URL;
  /** Everything it printed on stderr so far. */
  stderr(): string;
  /** Sends SIGTERM (SIGKILL after `graceMs`) and resolves once the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

/** How long an app may take to print its address. */
export const DEFAULT_START_TIMEOUT_MS = 60_000;

const ADDRESS = /\bhttp:\/\/127\.0\.0\.1:\d+\/mcp\b/;

/**
 * Starts `target` and resolves once it prints an `http://127.0.0.1:PORT/mcp` address.
 *
 * @throws InteropError `TARGET_START_FAILED` when it exits first or prints no address within
 * `timeoutMs`; the process is stopped and its last stderr lines are in the message.
 */
export function startTarget(
  target: OfficialTarget,
  timeoutMs = DEFAULT_START_TIMEOUT_MS,
): Promise<StartedTarget> {
  const child = spawn(target.command, [...target.args], {
    env: { ...process.env, ...target.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('close', () => resolve());
  });
  const stop = async (graceMs = 5_000): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop(1_000).then(() =>
        reject(
          new InteropError({
            code: 'TARGET_START_FAILED',
            message: `${target.name} ${reason}:\n${tail(stderr)}`,
          }),
        ),
      );
    };
    const timer = setTimeout(() => fail(`printed no address within ${timeoutMs} ms`), timeoutMs);
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      const match = settled ? null : ADDRESS.exec(stderr);
      if (match === null) return;
      settled = true;
      clearTimeout(timer);
      child.removeListener('close', onEarlyExit);
      resolve({ url: new URL(match[0]), stderr: () => stderr, stop });
    });
    const onEarlyExit = (code: number | null) => fail(`exited (${code}) before serving`);
    child.once('close', onEarlyExit);
    child.once('error', (error) => fail(`could not be started (${error.message})`));
  });
}
