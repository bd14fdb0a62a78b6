/**
 * Connects the official SDK client to a target, over the SDK's own transports.
 *
 * @module
 */

import { Readable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type Era, MODERN_PROTOCOL_VERSION } from '../era/era.js';
import { CLIENT_INFO } from '../package-info.js';
import type { TargetTransport } from '../target.js';
import { inheritedEnvironment } from './stdio-session.js';

/**
 * Connects within `timeoutMs` in `era`: the `initialize` handshake (legacy), or pinned to
 * 2026-07-28 with no fallback (modern). Closes the client on failure.
 */
export async function connectClient(
  transport: TargetTransport,
  timeoutMs: number,
  era: Era = 'legacy',
): Promise<Client> {
  const client = new Client(CLIENT_INFO, {
    capabilities: {},
    ...(era === 'modern'
      ? { versionNegotiation: { mode: { pin: MODERN_PROTOCOL_VERSION }, probe: { timeoutMs } } }
      : {}),
  });
  try {
    await client.connect(createSdkTransport(transport), { timeout: timeoutMs });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  return client;
}

function createSdkTransport(transport: TargetTransport): Transport {
  if (transport.kind === 'http') {
    return new StreamableHTTPClientTransport(new URL(transport.url), {
      requestInit: { headers: { ...transport.headers } },
    });
  }
  const stdio = new StdioClientTransport({
    command: transport.command,
    args: [...transport.args],
    env: { ...inheritedEnvironment(), ...transport.env },
    ...(transport.cwd === undefined ? {} : { cwd: transport.cwd }),
    stderr: 'pipe',
  });
  // Drained so a chatty server never blocks on a full pipe; the raw sessions quote stderr.
  const stderr = stdio.stderr;
  if (stderr instanceof Readable) stderr.resume();
  return stdio;
}
