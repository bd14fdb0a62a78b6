import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ConformanceReport, RequirementResult } from '../src/index.js';
import { createStdioTarget, type TargetDefinition } from '../src/index.js';

/** The folder of the fixture servers. */
export const FIXTURES_DIRECTORY = fileURLToPath(new URL('./fixtures/', import.meta.url));

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

/** A fixture served over Streamable HTTP on 127.0.0.1. */
export interface HttpFixture {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts `node test/fixtures/<file> --http` and waits for the URL it prints. */
export async function startHttpFixture(
  file: string,
  env: Record<string, string> = {},
): Promise<HttpFixture> {
  const child = spawn(process.execPath, [join(FIXTURES_DIRECTORY, file), '--http'], {
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
    const url = await listeningUrl(child);
    return { url, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function listeningUrl(child: ChildProcess): Promise<string> {
  if (child.stdout === null) throw new Error('no stdout');
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, 'exit').then(() => {
    throw new Error('the fixture exited before listening');
  });
  const listening = (async () => {
    for await (const line of lines) {
      const match = /^listening (\S+)$/.exec(line);
      if (match?.[1] !== undefined) return match[1];
    }
    throw new Error('the fixture closed stdout before listening');
  })();
  return Promise.race([listening, exited]);
}
