/**
 * Plumbing for the state tests that run in both protocol eras, on one instance and on two
 * behind one address: bearer tokens for two callers, and the instances an app test starts.
 *
 * A caller is one bearer token. In the 2025 era its state lives in its session; in the
 * 2026-07-28 era (no session) in the scope of its token (docs/protocol-eras.md, "Caller scope").
 */

import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startRoundRobinProxy } from './round-robin-proxy.mjs';

/** The protocol eras a state test runs in. */
export const ERAS = ['legacy', 'modern'];

/** The topologies a state test runs on. */
export const TOPOLOGIES = ['one instance', 'two instances on Redis'];

/** Writes `folder/tokens.json` with one fresh token per role and returns the tokens. */
export async function writeCallerTokens(folder, roles) {
  const tokens = roles.map(() => randomBytes(24).toString('hex'));
  const file = join(folder, `tokens-${randomBytes(4).toString('hex')}.json`);
  await writeFile(
    file,
    JSON.stringify(Object.fromEntries(tokens.map((token, index) => [token, roles[index]]))),
  );
  return { file, tokens };
}

/**
 * Starts the instances of `topology` with `start` and returns the one address to call: the
 * instance itself, or a round-robin proxy in front of two instances that share `redisUrl`
 * (`--session-store` is appended to their arguments). Everything started is handed to
 * `cleanup` as soon as it runs, so a failed start leaks nothing.
 */
export async function startTopology(topology, redisUrl, start, cleanup) {
  if (topology === 'one instance') {
    const instance = await start([]);
    cleanup(() => instance.stop());
    return { url: instance.url, served: undefined };
  }
  const urls = [];
  for (const _ of [0, 1]) {
    const instance = await start(['--session-store', redisUrl]);
    cleanup(() => instance.stop());
    urls.push(instance.url);
  }
  const proxy = await startRoundRobinProxy(urls);
  cleanup(() => proxy.close());
  return { url: proxy.url, served: proxy.served };
}

/**
 * The SDK options of a client calling as `token` in `era`: the Client's options (2026-07-28
 * pinned for `modern`, no fallback to 2025) and the StreamableHTTPClientTransport's (the bearer
 * token on every request).
 */
export function callerOptions(era, token) {
  return {
    client: era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
    transport: { requestInit: { headers: { Authorization: `Bearer ${token}` } } },
  };
}
