import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client, ProtocolError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS_CATALOG } from './fixtures.js';

const PACKAGE_DIRECTORY = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(PACKAGE_DIRECTORY, 'dist/catalog-server/bin.js');
const SOURCES = ['catalog-server', 'serve'].map((folder) => join(PACKAGE_DIRECTORY, 'src', folder));

/** True when the built bin is missing or older than a source file it is built from. */
async function binIsStale(): Promise<boolean> {
  const built = await stat(BIN).catch(() => undefined);
  if (built === undefined) return true;
  const { readdir } = await import('node:fs/promises');
  for (const folder of SOURCES) {
    for (const file of await readdir(folder)) {
      if ((await stat(join(folder, file))).mtimeMs > built.mtimeMs) return true;
    }
  }
  return false;
}

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the bin to its end with the given arguments and standard input; `keepInputOpen` leaves
 * stdin open after `input`, so only the bin itself can end the run.
 */
function runBin(args: readonly string[], input = '', keepInputOpen = false): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: 'pipe' });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (keepInputOpen) child.stdin.write(input);
    else child.stdin.end(input);
  });
}

const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

beforeAll(async () => {
  if (await binIsStale()) {
    // Others may be mid-edit elsewhere in the package: tsc still emits, so judge by the bin.
    await promisify(execFile)(
      join(PACKAGE_DIRECTORY, 'node_modules/.bin/tsc'),
      ['-p', 'tsconfig.build.json'],
      {
        cwd: PACKAGE_DIRECTORY,
      },
    ).catch(() => undefined);
    if (await binIsStale())
      throw new Error(`building ${BIN} failed: run pnpm --filter @x/core build`);
  }
}, 180_000);

describe('x-catalog-server bin', () => {
  it('serves a 4,076-tool catalog over stdio to a client that follows cursors', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, '--catalog', TOOLS_CATALOG, '--page-size', '500'],
      stderr: 'pipe',
    });
    const client = new Client({ name: 'bin-test', version: '1.0.0' });
    cleanups.push(() => client.close());
    await client.connect(transport);
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      names.push(...page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(names).toHaveLength(4076);
    expect(new Set(names).size).toBe(4076);
    const result = await client.callTool({
      name: 'analyzeEvidence',
      arguments: { evidence_type: 'DNA', method: 'PCR', sample: 'swab' },
    });
    expect(result.content).toEqual([
      {
        type: 'text',
        text: '{"arguments":{"evidence_type":"DNA","method":"PCR","sample":"swab"},"tool":"analyzeEvidence"}',
      },
    ]);
  });

  it('exits with status 1 when a call asks it to crash', async () => {
    const messages = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'analyzeEvidence', arguments: { __x_behaviour: 'crash' } },
      },
    ];
    const input = messages.map((message) => `${JSON.stringify(message)}\n`).join('');
    const finished = await runBin(['--catalog', TOOLS_CATALOG], input, true);
    expect(finished.code).toBe(1);
    expect(finished.stderr).toContain('a call asked to crash');
    expect(finished.stdout).not.toContain('"id":2');
  });

  it('prints the usage on stderr and exits with status 2 on a bad flag', async () => {
    const finished = await runBin(['--catalog', TOOLS_CATALOG, '--page-size', 'many']);
    expect(finished.code).toBe(2);
    expect(finished.stderr).toMatch(/^x-catalog-server: --page-size must be a whole number/);
    expect(finished.stderr).toContain('Usage: x-catalog-server --catalog FILE');
  });

  it('answers a result above --max-message-bytes with RESULT_TOO_LARGE and serves the next call', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, '--catalog', TOOLS_CATALOG, '--max-message-bytes', '4096'],
      stderr: 'pipe',
    });
    const client = new Client({ name: 'bin-test', version: '1.0.0' });
    cleanups.push(() => client.close());
    await client.connect(transport);
    const call = (extra: Record<string, unknown>) =>
      client.callTool({
        name: 'analyzeEvidence',
        arguments: { evidence_type: 'DNA', method: 'PCR', sample: 'swab', ...extra },
      });
    const refused = await call({ __x_behaviour: 'large', __x_size: 10_000 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ProtocolError);
    expect(refused).toMatchObject({ data: { reason: 'RESULT_TOO_LARGE', maxMessageBytes: 4096 } });
    expect((refused as Error).message).toContain("above this server's limit of 4096 bytes");
    expect((await call({})).isError).not.toBe(true);
  });

  it('exits with status 2 naming the flag and its bounds for a bad --max-message-bytes', async () => {
    const finished = await runBin(['--catalog', TOOLS_CATALOG, '--max-message-bytes', '100']);
    expect(finished.code).toBe(2);
    expect(finished.stderr).toMatch(
      /^x-catalog-server: --max-message-bytes: must be at least 1024 \(1 KiB\), got "100"/,
    );
  });

  it('prints the usage on stdout for --help', async () => {
    const finished = await runBin(['--help']);
    expect(finished.code).toBe(0);
    expect(finished.stdout).toMatch(/^Usage: x-catalog-server/);
  });

  it('exits with status 1 naming the file and entry when the catalog is malformed', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'catalog-bin-'));
    cleanups.push(() => rm(directory, { recursive: true, force: true }));
    const path = join(directory, 'broken.json');
    await writeFile(path, JSON.stringify([{ name: 'x', inputSchema: { type: 'string' } }]));
    const finished = await runBin(['--catalog', path]);
    expect(finished.code).toBe(1);
    expect(finished.stderr).toBe(
      `x-catalog-server: catalog file ${path}: entry 0 ("x") field inputSchema.type: Invalid input: expected "object"\n`,
    );
  });

  it('serves Streamable HTTP with --http and exits with status 0 on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [BIN, '--catalog', TOOLS_CATALOG, '--http', '127.0.0.1:0', '--page-size', '0'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    children.push(child);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const url = await new Promise<URL>((resolve, reject) => {
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        const match = /serving .* at (http:\/\/\S+)\n/.exec(stderr);
        if (match?.[1] !== undefined) resolve(new URL(match[1]));
      });
      child.on('exit', () => reject(new Error(`the bin exited early: ${stderr}`)));
    });
    const client = new Client({ name: 'bin-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    const { tools, nextCursor } = await client.listTools();
    expect(tools).toHaveLength(4076);
    expect(nextCursor).toBeUndefined();
    await client.close();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
