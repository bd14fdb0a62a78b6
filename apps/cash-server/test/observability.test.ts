import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { fetchOnOrigin, metricSample, readHealth } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpProcess, startHttp } from './helpers.js';

let server: HttpProcess;
let metrics: string;

beforeAll(async () => {
  server = await startHttp(['demo']);
  const client = new Client({ name: 'observability-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(server.url));
  await client.callTool({ name: 'help', arguments: { namespace: 'orders.retail' } });
  await client.close();
  metrics = await (await fetchOnOrigin(server.url, '/metrics')).text();
});

afterAll(async () => {
  await server?.stop();
});

describe('x-cash over HTTP for operators', () => {
  it('is live and ready, and says so at /healthz and /readyz', async () => {
    expect(await readHealth(server.url)).toEqual({
      health: [200, { status: 'ok' }],
      ready: [200, { ready: true, checks: [] }],
    });
  });

  it('counts the help call and the tokens its listing saved at /metrics', () => {
    expect(
      metricSample(metrics, 'mcp_server_requests_total', {
        tool: 'help',
        outcome: 'ok',
        era: 'legacy',
      }),
    ).toBe(1);
    const raw = metricSample(metrics, 'mcp_tokens_raw_total', { kind: 'help' }) as number;
    const served = metricSample(metrics, 'mcp_tokens_served_total', { kind: 'help' }) as number;
    expect(raw).toBeGreaterThan(served);
    expect(metricSample(metrics, 'mcp_tokens_saved_total', { kind: 'help' })).toBe(raw - served);
  });
});
