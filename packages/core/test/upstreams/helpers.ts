import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { StdioUpstreamConfig } from '../../src/upstreams/index.js';

/** Absolute path of a fixture server in ./fixtures. */
export function fixturePath(file: string): string {
  return fileURLToPath(new URL(`./fixtures/${file}`, import.meta.url));
}

/** Absolute path of a file inside an installed package of @x/core. */
export function packagePath(relative: string): string {
  return fileURLToPath(new URL(`../../node_modules/${relative}`, import.meta.url));
}

/** A stdio entry that runs a script with this very node binary (no shell, no PATH lookup). */
export function nodeServer(
  script: string,
  extra: Partial<Omit<StdioUpstreamConfig, 'type' | 'command'>> = {},
): StdioUpstreamConfig {
  return {
    type: 'stdio',
    command: process.execPath,
    ...extra,
    args: [script, ...(extra.args ?? [])],
  };
}

/** The official servers, started from node_modules like their bins do. */
export const OFFICIAL = {
  everything: packagePath('@modelcontextprotocol/server-everything/dist/index.js'),
  memory: packagePath('@modelcontextprotocol/server-memory/dist/index.js'),
  filesystem: packagePath('@modelcontextprotocol/server-filesystem/dist/index.js'),
};

/** Whether a process with this id still exists (signal 0 probes without signalling). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Whether `promise` rejects with a CoreError of `code`; returns the error for more checks. */
export async function rejection(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}

/** The text of the first content block of a tool result. */
export function firstText(result: { content?: unknown }): string {
  const content = result.content as Array<{ type: string; text?: string }> | undefined;
  const first = content?.[0];
  if (first?.type !== 'text' || first.text === undefined) {
    throw new Error('expected a text block');
  }
  return first.text;
}

/**
 * Checks that `error` is the `RESULT_TOO_LARGE` failure of an answer above `maxMessageBytes`
 * of at least `atLeast` bytes, naming the limit and the setting.
 */
export function expectResultTooLarge(
  error: Record<string, unknown>,
  maxMessageBytes: number,
  atLeast: number,
): void {
  expect(error).toMatchObject({
    code: 'UPSTREAM_ERROR',
    retryable: false,
    data: { reason: 'RESULT_TOO_LARGE', maxMessageBytes },
  });
  expect((error.data as { bytes: number }).bytes).toBeGreaterThan(atLeast);
  expect(error.message).toContain('RESULT_TOO_LARGE');
  expect(error.message).toContain(`limit of ${maxMessageBytes} bytes`);
  expect(error.message).toContain('"maxMessageBytes"');
}
