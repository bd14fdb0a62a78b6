/**
 * Plumbing for the state tests that run in both protocol eras, on one instance and on two
 * behind one address: bearer tokens for two callers, and the instances an app test starts.
 *
 * A caller is one bearer token. In the 2025 era its state lives in its session; in the
 * 2026-07-28 era (no session) in the scope of its token (docs/protocol-eras.md, "Caller scope").
 *
 * @module
 */

import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startRoundRobinProxy } from '../http/round-robin-proxy.js';

/** A protocol era: `legacy` (2025 handshake and sessions) or `modern` (2026-07-28, stateless). */
export type Era = 'legacy' | 'modern';

/** The protocol eras a state test runs in. */
export const ERAS: readonly Era[] = ['legacy', 'modern'];

/** Where a state test runs: one instance, or two sharing Redis behind one round-robin address. */
export type Topology = 'one instance' | 'two instances on Redis';

/** The topologies a state test runs on. */
export const TOPOLOGIES: readonly Topology[] = ['one instance', 'two instances on Redis'];

/** Writes a tokens file (`{"<token>": "<role>"}`) in `folder` with one fresh token per role. */
export async function writeCallerTokens(
  folder: string,
  roles: readonly string[],
): Promise<{ file: string; tokens: string[] }> {
  const tokens = roles.map(() => randomBytes(24).toString('hex'));
  const file = join(folder, `tokens-${randomBytes(4).toString('hex')}.json`);
  await writeFile(
    file,
    JSON.stringify(Object.fromEntries(tokens.map((token, index) => [token, roles[index]]))),
  );
  return { file, tokens };
}

/** An instance a state test starts: its address and how to stop it. */
export interface StartedInstance {
  /** Its MCP endpoint. */
  url: URL;
  /** Stops it. */
  stop(): Promise<unknown>;
}

/** The address of a started topology, and per-instance request counts behind a proxy. */
export interface StartedTopology {
  /** The one address to call. */
  url: URL;
  /** How many requests each instance got (two instances only). */
  served: number[] | undefined;
}

/**
 * Starts the instances of `topology` with `start` and returns the one address to call: the
 * instance itself, or a round-robin proxy in front of two instances that share `redisUrl`
 * (`--session-store` is appended to their arguments). Everything started is handed to
 * `cleanup` as soon as it runs, so a failed start leaks nothing.
 */
export async function startTopology(
  topology: Topology,
  redisUrl: string,
  start: (extraArgs: string[]) => Promise<StartedInstance>,
  cleanup: (stop: () => Promise<unknown>) => void,
): Promise<StartedTopology> {
  if (topology === 'one instance') {
    const instance = await start([]);
    cleanup(() => instance.stop());
    return { url: instance.url, served: undefined };
  }
  const urls: URL[] = [];
  for (const _ of [0, 1]) {
    const instance = await start(['--session-store', redisUrl]);
    cleanup(() => instance.stop());
    urls.push(instance.url);
  }
  const proxy = await startRoundRobinProxy(urls);
  cleanup(() => proxy.close());
  return { url: proxy.url, served: proxy.served };
}

/** The SDK options of a client calling as one bearer token in one era. */
export interface CallerOptions {
  /** The Client's options: the 2026-07-28 revision pinned for `modern`. */
  client: { versionNegotiation?: { mode: { pin: '2026-07-28' } } };
  /** The StreamableHTTPClientTransport's options: the bearer token on every request. */
  transport: { requestInit: { headers: Record<string, string> } };
}

/**
 * The SDK options of a client calling as `token` in `era`: the Client's options (2026-07-28
 * pinned for `modern`, no fallback to 2025) and the StreamableHTTPClientTransport's (the bearer
 * token on every request).
 */
export function callerOptions(era: Era, token: string): CallerOptions {
  return {
    client: era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
    transport: { requestInit: { headers: { Authorization: `Bearer ${token}` } } },
  };
}
