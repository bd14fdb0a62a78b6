import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { fetchOnOrigin, metricSample, readHealth } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpProcess, startHttp } from './process-helpers.js';

let server: HttpProcess;
let metrics: string;

beforeAll(async () => {
  server = await startHttp(['demo']);
  const client = new Client({ name: 'observability-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(server.url));
  await client.listTools();
  await client.listTools();
  await client.close();
  metrics = await (await fetchOnOrigin(server.url, '/metrics')).text();
});

afterAll(async () => {
  await server?.stop();
});

describe('x-pd over HTTP for operators', () => {
  it('is live and ready, and says so at /healthz and /readyz', async () => {
    expect(await readHealth(server.url)).toEqual({
      health: [200, { status: 'ok' }],
      ready: [200, { ready: true, checks: [] }],
    });
  });

  it('counts the listings and the tokens stage 1 saved at /metrics', () => {
    expect(
      metricSample(metrics, 'mcp_server_requests_total', { method: 'tools/list', outcome: 'ok' }),
    ).toBe(2);
    const raw = metricSample(metrics, 'mcp_tokens_raw_total', { kind: 'descriptions' }) as number;
    const served = metricSample(metrics, 'mcp_tokens_served_total', {
      kind: 'descriptions',
    }) as number;
    // Two listings of the same twelve tools: twice one listing's tokens.
    expect(raw % 2).toBe(0);
    expect(raw).toBeGreaterThan(served);
    expect(metricSample(metrics, 'mcp_tokens_saved_total', { kind: 'descriptions' })).toBe(
      raw - served,
    );
  });
});
