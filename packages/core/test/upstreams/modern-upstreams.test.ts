import {
  type HttpFixture,
  MODERN_ONLY_SERVER as MODERN_ONLY,
  startModernOnlyHttp,
} from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createUpstream, type Upstream } from '../../src/upstreams/index.js';
import { firstText, nodeServer, OFFICIAL, rejection } from './helpers.js';

describe('upstreams of either protocol era', () => {
  const opened: Upstream[] = [];
  const servers: HttpFixture[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((upstream) => upstream.close()));
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  function open(...args: Parameters<typeof createUpstream>): Upstream {
    const upstream = createUpstream(...args);
    opened.push(upstream);
    return upstream;
  }

  async function startModernHttp(): Promise<string> {
    const server = await startModernOnlyHttp();
    servers.push(server);
    return server.url.href;
  }

  it('reaches a 2026-07-28-only server over stdio and says it got the modern era', async () => {
    const upstream = open('modern', nodeServer(MODERN_ONLY));
    expect((await upstream.listTools()).map((tool) => tool.name)).toEqual(['echo']);
    expect(firstText(await upstream.callTool('echo', { text: 'hi' }))).toBe('hi');
    expect(upstream.era()).toBe('modern');
  });

  it('reaches a 2026-07-28-only server over Streamable HTTP and says it got the modern era', async () => {
    const upstream = open('modern', { type: 'http', url: await startModernHttp() });
    expect(firstText(await upstream.callTool('echo', { text: 'over http' }))).toBe('over http');
    expect(upstream.era()).toBe('modern');
  });

  it('falls back to the 2025 handshake for a 2025-only server (the official memory server)', async () => {
    const upstream = open('memory', nodeServer(OFFICIAL.memory));
    expect((await upstream.listTools()).length).toBeGreaterThan(0);
    expect(upstream.era()).toBe('legacy');
  });

  it('fails with a clear error when a 2025-only upstream is pinned to the modern era', async () => {
    const upstream = open(
      'memory',
      { ...nodeServer(OFFICIAL.memory), protocol: 'modern' },
      { reconnect: { maxAttempts: 1 } },
    );
    const error = await rejection(upstream.listTools());
    expect(error.code).toBe('UNAVAILABLE');
    expect(String(error.message)).toContain('upstream "memory": connect');
  });

  it('skips the probe when pinned to the legacy era, and a modern-only server then refuses', async () => {
    const legacy = open('memory', { ...nodeServer(OFFICIAL.memory), protocol: 'legacy' });
    await legacy.listTools();
    expect(legacy.era()).toBe('legacy');
    const refused = open(
      'modern',
      { ...nodeServer(MODERN_ONLY), protocol: 'legacy' },
      { reconnect: { maxAttempts: 1 } },
    );
    const error = await rejection(refused.listTools());
    expect(String(error.message)).toContain('upstream "modern": connect');
  });
});
