/**
 * One health probe of a launched bridge: an HTTP GET, a TCP connect, or an MCP `initialize`.
 *
 * @module
 */

import { connect } from 'node:net';
import { createUpstream } from '@x/core/upstreams';
import type { BridgeLaunch } from './bridge-launch.js';

/** Where a probe looks. */
export interface ProbeTarget {
  /** The host the bridge answers on (`127.0.0.1`). */
  host: string;
  /** The host port. */
  port: number;
  /** The endpoint returned to the caller. */
  endpoint: string;
  /** The health URL for `http` health, placeholders filled in. */
  healthUrl: string | undefined;
}

function probeTcp(target: ProbeTarget, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: target.host, port: target.port });
    const finish = (healthy: boolean) => {
      socket.destroy();
      resolve(healthy);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

async function probeHttp(url: string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    await response.body?.cancel();
    return response.status >= 200 && response.status < 400;
  } catch {
    return false;
  }
}

async function probeMcp(endpoint: string, timeoutMs: number): Promise<boolean> {
  const upstream = createUpstream(
    'bridge',
    { type: 'http', url: endpoint },
    { connectTimeoutMs: timeoutMs, reconnect: { maxAttempts: 1 } },
  );
  try {
    await upstream.connect();
    return true;
  } catch {
    return false;
  } finally {
    await upstream.close();
  }
}

/**
 * Probes the bridge once, as its health metadata says; resolves to whether it is ready. Never
 * rejects.
 *
 * @see mcs §6
 */
export function probeHealth(
  health: BridgeLaunch['health'],
  target: ProbeTarget,
  timeoutMs: number,
): Promise<boolean> {
  switch (health.type) {
    case 'tcp':
      return probeTcp(target, timeoutMs);
    case 'http':
      return probeHttp(target.healthUrl ?? target.endpoint, timeoutMs);
    case 'mcp':
      return probeMcp(target.endpoint, timeoutMs);
  }
}
