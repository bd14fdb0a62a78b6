#!/usr/bin/env node
/**
 * The `x-mcs` executable.
 *
 * @module
 */

import { once } from 'node:events';
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

process.exitCode = await runCli(process.argv.slice(2), {
  readStdin,
  writeStdout: (text) => process.stdout.write(text),
  writeStderr: (text) => process.stderr.write(text),
  waitForShutdown: () =>
    Promise.race([once(process, 'SIGINT'), once(process, 'SIGTERM')]).then(() => undefined),
});
