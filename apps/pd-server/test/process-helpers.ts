/**
 * Spawning `x-pd` from its build for end-to-end tests, and stopping it.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stopProcessGroup } from '@x/test-kit';

/** The built `x-pd` entry point (tests run after the build). */
export const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
/** The folder of the app's dependencies' bins (the official servers). */
export const BIN = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));

/** A running `x-pd --http` process and the URL it serves. */
export interface HttpProcess {
  url: URL;
  child: ChildProcess;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  /** Stops `x-pd` and the upstream servers it started; resolves with its exit code once all are gone. */
  stop(): Promise<number | null>;
}

/**
 * Starts `x-pd <args> --http 127.0.0.1:0` in a process group of its own and waits for the URL it
 * prints on stderr.
 */
export function startHttp(args: readonly string[]): Promise<HttpProcess> {
  const child = spawn(process.execPath, [CLI, ...args, '--http', '127.0.0.1:0'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ''}` },
  });
  const stop = () => stopProcessGroup(child);
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /serving .* at (http:\/\/\S+)/.exec(stderr);
      if (match?.[1] !== undefined) {
        resolve({ url: new URL(match[1]), child, stop, stderr: () => stderr });
      }
    });
    child.once('exit', (code) => reject(new Error(`x-pd exited with ${code}: ${stderr}`)));
  });
}
