/**
 * Shared pieces of the end-to-end tests: the built CLI, a sample cache, processes and clients.
 */

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type AppProcess, startApp } from '@x/test-kit';

/** The built `x-context-cache` entry point (tests run after the build). */
export const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

/**
 * Sources with known v0 answers: for the query `cache`, delta.md and notes/zeta.md score 0.75
 * (delta first by id, but 575 tokens), alpha.md and gamma.md 0.5, beta.md 0.25, epsilon.md 0.0.
 */
export const SAMPLE_SOURCES: Readonly<Record<string, string>> = {
  'alpha.md': 'cache budget\n',
  'beta.md': 'cache one two three\n',
  'delta.md': 'cache cache cache word\n'.repeat(100),
  'epsilon.md': 'nothing relevant here\n',
  'gamma.md': 'budget cache\n',
  'notes/Zeta.md': 'Cache CACHE cache word\n',
};

/** Writes `files` (relative path to content) below `folder`. */
export async function writeFiles(
  folder: string,
  files: Readonly<Record<string, string>>,
): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), content);
  }
}

/** A temporary folder and its removal. */
export async function temporaryFolder(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `x-context-cache-${prefix}-`));
}

/** Removes a temporary folder. */
export function removeFolder(folder: string): Promise<void> {
  return rm(folder, { recursive: true, force: true });
}

/** What a finished CLI run printed. */
export interface CliRun {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** Runs the built CLI to completion (stdin closed, output piped: never a terminal). */
export function runCli(args: readonly string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], (error, stdout, stderr) => {
      const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ stdout, stderr, exitCode });
    });
  });
}

/** A connected client and how to release it. */
export interface Connected {
  client: Client;
  close(): Promise<void>;
  /** The server's process id, for a server spawned over stdio. */
  pid?: number | undefined;
}

/** Starts `x-context-cache serve <args>` over stdio and connects an SDK client. */
export async function connectStdio(args: readonly string[]): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'serve', ...args],
    stderr: 'ignore',
  });
  const client = new Client({ name: 'x-context-cache-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, close: () => client.close(), pid: transport.pid ?? undefined };
}

/** A running `serve --http` process. */
export type HttpServer = AppProcess;

/** Starts `x-context-cache serve <args> --http 127.0.0.1:0` and waits for the URL on stderr. */
export function startHttp(args: readonly string[]): Promise<HttpServer> {
  return startApp(CLI, ['serve', ...args, '--http', '127.0.0.1:0'], { name: 'serve' });
}

/** Connects an SDK client to an HTTP server. */
export async function connectHttp(server: HttpServer): Promise<Connected> {
  const transport = new StreamableHTTPClientTransport(server.url);
  const client = new Client({ name: 'x-context-cache-test', version: '0.0.0' });
  await client.connect(transport);
  return {
    client,
    close: async () => {
      await transport.terminateSession().catch(() => {});
      await client.close();
    },
  };
}

/** The text and error flag of a tool call. */
export interface ToolText {
  text: string;
  isError: boolean;
}

/** Calls a tool and returns its one text item and whether it is an error. */
export async function callText(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<ToolText> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const first = result.content[0];
  if (result.content.length !== 1 || first?.type !== 'text') {
    throw new Error(`expected one text item, got ${JSON.stringify(result.content)}`);
  }
  return { text: first.text, isError: result.isError === true };
}
