#!/usr/bin/env node
/**
 * The `x-mcs` executable.
 *
 * @module
 */

import { once } from 'node:events';
import { fstatSync } from 'node:fs';
import { runCli } from './run-cli.js';

/** The most standard input `exec` reads, in bytes; the parser reads far less anyway. */
const MAX_STDIN_BYTES = 16 * 1024 * 1024;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > MAX_STDIN_BYTES) throw new Error('standard input is larger than 16 MB');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Resolves when `serve-demo` should stop: on SIGINT or SIGTERM, or when the process that started
 * it through a pipe on stdin goes away (the pipe ends). A terminal or `/dev/null` on stdin (a
 * shell's `&`) is not read, so only the signals stop it then.
 */
async function waitForShutdown(): Promise<void> {
  const stdinIsPipe = fstatSync(0).isFIFO() || fstatSync(0).isSocket();
  const stopped = [once(process, 'SIGINT'), once(process, 'SIGTERM')];
  if (stdinIsPipe) {
    stopped.push(once(process.stdin, 'end'), once(process.stdin, 'close'));
    process.stdin.resume();
  }
  await Promise.race(stopped);
  if (stdinIsPipe) process.stdin.destroy();
}

process.exitCode = await runCli(process.argv.slice(2), {
  readStdin,
  writeStdout: (text) => process.stdout.write(text),
  writeStderr: (text) => process.stderr.write(text),
  waitForShutdown,
});
