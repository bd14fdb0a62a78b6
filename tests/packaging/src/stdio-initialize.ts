/**
 * Starts an MCP server command the way a client's `mcpServers` entry does and sends it one
 * `initialize` request over stdio.
 *
 * @module
 */

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** What the server answered, and what it wrote to stderr until then. */
export interface InitializeOutcome {
  /** The parsed first line of stdout (the JSON-RPC response), or undefined when none came. */
  readonly response: { result?: { serverInfo?: { name?: unknown } } } | undefined;
  /** The exit code once stdin was closed (null when a signal ended it). */
  readonly exitCode: number | null;
  /** Everything written to stderr. */
  readonly stderr: string;
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'x-snippet-check', version: '1.0.0' },
  },
};

/**
 * Runs `command args` in `cwd`, writes `initialize`, waits for the first line of stdout, then
 * closes stdin (a stdio server ends with its input) and waits for the exit.
 */
export function initializeOverStdio(
  command: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv },
): Promise<InitializeOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: 'pipe' });
    let stderr = '';
    let response: InitializeOutcome['response'];
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      try {
        response = JSON.parse(line) as InitializeOutcome['response'];
      } catch {
        response = undefined;
      }
      child.stdin.end();
    });
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ response, exitCode, stderr }));
    child.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
  });
}
