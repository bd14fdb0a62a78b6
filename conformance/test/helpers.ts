import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listeningUrl } from '../src/era/era-fixture-targets.js';
import type { ConformanceReport, RequirementResult } from '../src/index.js';
import { createStdioTarget, type TargetDefinition } from '../src/index.js';

/** The folder of the fixture servers. */
export const FIXTURES_DIRECTORY = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The mcp-base fixture, relative to the fixtures folder: good, or broken by `--defect NAME`. */
export const MCP_BASE_FIXTURE = 'mcp-base/server.mjs';

/** A stdio target running `node test/fixtures/<file> <args...>`. */
export function fixtureTarget(file: string, ...args: string[]): TargetDefinition {
  return createStdioTarget({
    name: [file, ...args].join(' '),
    command: process.execPath,
    args: [join(FIXTURES_DIRECTORY, file), ...args],
  });
}

/** The only result of `id` in a one-target report. */
export function resultOf(report: ConformanceReport, id: string): RequirementResult {
  const results = report.targets
    .flatMap((target) => target.results)
    .filter((result) => result.id === id);
  if (results.length !== 1) throw new Error(`expected one result for ${id}, got ${results.length}`);
  return results[0] as RequirementResult;
}

/**
 * A target that starts `node test/fixtures/<file> --http <args...>` for its run and checks the
 * URL it prints, with `specs` (default: detected).
 */
export function httpFixtureTarget(
  file: string,
  args: readonly string[] = [],
  specs?: readonly string[],
): TargetDefinition {
  return {
    name: [file, ...args, 'over http'].join(' '),
    ...(specs === undefined ? {} : { specs }),
    setup: async () => {
      const fixture = await startHttpFixture(file, {}, args);
      return { transport: { kind: 'http', url: fixture.url }, cleanup: () => fixture.close() };
    },
  };
}

/** A fixture served over Streamable HTTP on 127.0.0.1. */
export interface HttpFixture {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts `node test/fixtures/<file> --http <args...>` and waits for the URL it prints. */
export function startHttpFixture(
  file: string,
  env: Record<string, string> = {},
  args: readonly string[] = [],
): Promise<HttpFixture> {
  return startListening([join(FIXTURES_DIRECTORY, file), '--http', ...args], env);
}

/**
 * Starts `node <args...>` with `env` added and waits for the `listening <url>` line it prints
 * on stdout.
 */
export async function startListening(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<HttpFixture> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  };
  try {
    const url = await listeningUrl(child, args.join(' '));
    return { url, close };
  } catch (error) {
    await close();
    throw error;
  }
}
