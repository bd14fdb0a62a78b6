import { fetchOnOrigin, metricSample, readHealth } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callText, connectHttp, type HttpServer, startHttp } from './helpers.js';

let server: HttpServer;
let metrics: string;
let tokensUsed: number;

beforeAll(async () => {
  server = await startHttp([]);
  const connected = await connectHttp(server);
  const answer = await callText(connected.client, 'context.resolve', {
    cache: 'repo-docs',
    query: 'how to install and serve',
    budget: 800,
  });
  tokensUsed = (JSON.parse(answer.text) as { selection: { tokens_used: number } }).selection
    .tokens_used;
  await connected.close();
  metrics = await (await fetchOnOrigin(server.url, '/metrics')).text();
});

afterAll(async () => {
  await server?.stop();
});

describe('x-context-cache over HTTP for operators', () => {
  it('is live and ready with its cache root there', async () => {
    expect(await readHealth(server.url)).toEqual({
      health: [200, { status: 'ok' }],
      ready: [200, { ready: true, checks: [{ name: 'caches', ready: true }] }],
    });
  });

  it('counts the selection against the whole cache at /metrics', () => {
    expect(
      metricSample(metrics, 'mcp_server_requests_total', {
        tool: 'context.resolve',
        outcome: 'ok',
      }),
    ).toBe(1);
    const raw = metricSample(metrics, 'mcp_tokens_raw_total', { kind: 'context' }) as number;
    expect(metricSample(metrics, 'mcp_tokens_served_total', { kind: 'context' })).toBe(tokensUsed);
    expect(raw).toBeGreaterThan(tokensUsed);
    expect(metricSample(metrics, 'mcp_tokens_saved_total', { kind: 'context' })).toBe(
      raw - tokensUsed,
    );
  });
});
