/**
 * Spawning `x-pd` from its build for end-to-end tests, and stopping it.
 */

import { fileURLToPath } from 'node:url';
import { type AppProcess, startApp } from '@x/test-kit';

/** The built `x-pd` entry point (tests run after the build). */
export const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
/** The folder of the app's dependencies' bins (the official servers). */
export const BIN = fileURLToPath(new URL('../node_modules/.bin', import.meta.url));

/** A running `x-pd --http` process; `stop` ends it and the upstream servers it started. */
export type HttpProcess = AppProcess;

/**
 * Starts `x-pd <args> --http 127.0.0.1:0` in a process group of its own and waits for the URL it
 * prints on stderr.
 */
export function startHttp(args: readonly string[]): Promise<HttpProcess> {
  return startApp(CLI, [...args, '--http', '127.0.0.1:0'], {
    name: 'x-pd',
    processGroup: true,
    env: { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ''}` },
  });
}
