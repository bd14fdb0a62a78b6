/**
 * The reference targets on the MCP TypeScript SDK v2, shipped in this package's `fixtures/`: one
 * server that serves only the 2026-07-28 era (`legacy: 'reject'`) and one that serves only the
 * 2025 era, each over stdio and over Streamable HTTP, which prove the runner checks a server in
 * the era it serves without blaming it for the era it refuses; and one built with the SDK's
 * `createMcpExpressApp`, serving both eras over Streamable HTTP behind `express.json()`, which
 * answers a body that is not JSON with 400 and an HTML page (a regression target: both revisions
 * allow that answer).
 *
 * @module
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ConformanceError } from '../errors.js';
import { createStdioTarget, type TargetDefinition } from '../target.js';

/** This package's `fixtures/` folder (`src/era/` or `dist/era/` is two levels down). */
const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));

/** The specs of the era fixtures: the base ones (`mcp-2026` joins `mcp-base` in its era). */
const SPECS = ['mcp-base'];

/**
 * Waits for the `listening <url>` line a fixture prints once it serves HTTP; rejects with
 * `TARGET_START_FAILED` when it exits or closes its output first.
 */
export async function listeningUrl(child: ChildProcess, name: string): Promise<string> {
  if (child.stdout === null) throw new Error('no stdout');
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, 'exit').then(() => {
    throw new ConformanceError({
      code: 'TARGET_START_FAILED',
      message: `target "${name}" exited before listening`,
    });
  });
  const listening = (async () => {
    for await (const line of lines) {
      const match = /^listening (\S+)$/.exec(line);
      if (match?.[1] !== undefined) return match[1];
    }
    throw new ConformanceError({
      code: 'TARGET_START_FAILED',
      message: `target "${name}" closed its output before listening`,
    });
  })();
  return Promise.race([listening, exited]);
}

/**
 * A target that starts `node <fixtures/file> --http <args...>` for the run and checks the URL it
 * prints; the process is stopped when the target's checks are done.
 */
export function createHttpFixtureTarget(
  name: string,
  file: string,
  args: readonly string[] = [],
): TargetDefinition {
  return {
    name,
    specs: SPECS,
    setup: async () => {
      const child = spawn(process.execPath, [join(FIXTURES, file), '--http', ...args], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const stop = async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      };
      try {
        const url = await listeningUrl(child, name);
        return { transport: { kind: 'http', url }, cleanup: stop };
      } catch (error) {
        await stop();
        throw error;
      }
    },
  };
}

/** A target that runs `node <fixtures/file> <args...>` over stdio. */
export function createStdioFixtureTarget(
  name: string,
  file: string,
  args: readonly string[] = [],
): TargetDefinition {
  return createStdioTarget({
    name,
    command: process.execPath,
    args: [join(FIXTURES, file), ...args],
    specs: SPECS,
  });
}

/** The four era fixtures and the Express one, in run order. */
export const eraFixtureTargets: readonly TargetDefinition[] = [
  createStdioFixtureTarget('sdk2-modern-only', 'modern-only.mjs'),
  createHttpFixtureTarget('sdk2-modern-only http', 'modern-only.mjs'),
  createStdioFixtureTarget('sdk2-legacy-only', 'legacy-only.mjs'),
  createHttpFixtureTarget('sdk2-legacy-only http', 'legacy-only.mjs'),
  createHttpFixtureTarget('sdk2-express http', 'express-app.mjs'),
];
