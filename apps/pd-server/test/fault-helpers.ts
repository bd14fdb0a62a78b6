/**
 * Pieces of the `x-pd wrap` fault tests: catalog-server upstreams, sessions that call in a loop
 * and check every answer is their own, waiting for a condition, and finding processes a test
 * left behind.
 */

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { CallToolResult, Client } from '@modelcontextprotocol/client';

/** The built `x-catalog-server` of `@x/core`. */
export const CATALOG_SERVER = fileURLToPath(
  new URL('../node_modules/@x/core/dist/catalog-server/bin.js', import.meta.url),
);
/** An upstream over stdio that answers every call with garbage. */
export const GARBAGE_SERVER = fileURLToPath(
  new URL('./fixtures/garbage-server.mjs', import.meta.url),
);

/** The tools of each catalog upstream: `work` echoes `n`. */
const CATALOG = [
  {
    name: 'work',
    description: 'Does some numbered work and reports it.',
    inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
  },
];

/** An mcpServers entry for a catalog-server upstream whose catalog is `folder/NAME-catalog.json`. */
export async function catalogUpstream(folder: string, name: string, timeoutMs: number) {
  const catalog = join(folder, `${name}-catalog.json`);
  await writeFile(catalog, JSON.stringify(CATALOG));
  return { command: process.execPath, args: [CATALOG_SERVER, '--catalog', catalog], timeoutMs };
}

/** How long a bystander waits for one answer: a call lost with a killed instance ends here. */
export const CALL_TIMEOUT_MS = 4_000;

/** The joined text of a tool result. */
export function text(result: unknown): string {
  return (result as CallToolResult).content
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('\n');
}

/**
 * Calls `tool` with `n` and says how it went: `ok` when the answer echoes this `n`, `crossed`
 * when it echoes another, else the error text (of the result or of the rejection).
 */
export async function echoOutcome(client: Client, tool: string, n: number): Promise<string> {
  try {
    const result = await client.callTool(
      { name: tool, arguments: { n } },
      {
        timeout: CALL_TIMEOUT_MS,
      },
    );
    if (result.isError === true) return text(result);
    return text(result).includes(`"n":${n}}`) ? 'ok' : 'crossed';
  } catch (error) {
    return String(error);
  }
}

/** One bystander call: its outcome (see {@link echoOutcome}) and when it ran. */
export interface CallRecord {
  outcome: string;
  startedAt: number;
  endedAt: number;
}

/** A session calling in a loop; see {@link startBystander}. */
export interface Bystander {
  /** Every call so far, in order. */
  readonly calls: CallRecord[];
  /** How many calls started at or after `time` (a `performance.now()` value). */
  startedSince(time: number): number;
  /** Stops after the call in progress and resolves with every call. */
  stop(): Promise<CallRecord[]>;
}

/**
 * Calls `tool` of `client` in a loop until stopped, with an `n` unique to the session (from
 * `tag`), recording each outcome and its times.
 */
export function startBystander(client: Client, tool: string, tag: number): Bystander {
  let running = true;
  const calls: CallRecord[] = [];
  const done = (async () => {
    for (let n = tag * 100_000; running; n += 1) {
      const startedAt = performance.now();
      const outcome = await echoOutcome(client, tool, n);
      calls.push({ outcome, startedAt, endedAt: performance.now() });
    }
  })();
  return {
    calls,
    startedSince: (time) => calls.filter((call) => call.startedAt >= time).length,
    async stop() {
      running = false;
      await done;
      return calls;
    },
  };
}

/** Resolves with the first value `attempt` gives that is not `undefined`, polling every 50 ms. */
export async function waitFor<Value>(
  attempt: () => Promise<Value | undefined>,
  ms = 15_000,
): Promise<Value> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
