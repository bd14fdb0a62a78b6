/**
 * `/metrics` of `x-gateway serve --http` after a scripted session, parsed by a Prometheus
 * text-format parser: every metric the gateway documents, with the counts the script implies.
 */

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { METRIC_NAMES } from '@x/core/telemetry';
import { callerOptions, writeCallerTokens } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payload } from './gateway-processes.js';
import {
  catalogUpstream,
  type ObservedGateway,
  type Scrape,
  samples,
  sampleValue,
  scrape,
  startObservedGateway,
  writeServers,
} from './observed-gateway.js';

let folder: string;
let gateway: ObservedGateway;
let families: Scrape;
/** The bytes of the one artifact the script makes. */
let artifactBytes: number;

/** A client calling as `token` in `era`. */
async function connectAs(era: 'legacy' | 'modern', token: string) {
  const options = callerOptions(era, token);
  const client = new Client({ name: 'metrics-test', version: '0.0.0' }, options.client);
  const transport = new StreamableHTTPClientTransport(gateway.url, options.transport);
  await client.connect(transport);
  return { client, transport };
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-gateway-metrics-'));
  const config = await writeServers(folder, (catalog) => ({
    jobs: catalogUpstream(catalog),
    // Exits at once: one failed connection attempt, and it stays down.
    broken: { command: process.execPath, args: ['-e', 'process.exit(3)'] },
  }));
  const { file, tokens } = await writeCallerTokens(folder, ['user', 'user']);
  gateway = await startObservedGateway(config, ['--quiet', '--tokens', file]);

  const first = await connectAs('legacy', tokens[0] as string);
  const browse = (query: string) =>
    first.client.callTool({ name: 'tool_browse', arguments: { query, top_k: 2 } });
  const cards = payload(await browse('numbered work')).cards as { id: string }[];
  await browse('short note');
  await browse('work');
  const work = cards.find((card) => card.id.startsWith('jobs:work'))?.id as string;
  const execute = (args: Record<string, unknown>) =>
    first.client.callTool({ name: 'tool_execute', arguments: { tool_id: work, args } });
  for (let n = 0; n < 4; n += 1) await execute({ n });
  // A result above the firewall's threshold: kept as an artifact.
  const large = payload(await execute({ __x_behaviour: 'large' }));
  artifactBytes = (large.artifacts as { bytes: number }[])[0]?.bytes as number;
  // The upstream tool fails (an `isError` result).
  await execute({ __x_behaviour: 'fail' });
  // The upstream exits: the call fails as unavailable, and the next call reconnects.
  await execute({ __x_behaviour: 'crash' });
  await execute({ n: 5 });
  await expect(first.client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow();
  // The second caller speaks 2026-07-28: no session.
  const second = await connectAs('modern', tokens[1] as string);
  await second.client.callTool({ name: 'tool_browse', arguments: { query: 'note', top_k: 1 } });
  await second.client.close();
  // DELETE ends the first caller's session.
  await first.transport.terminateSession();
  await first.client.close();
  families = await scrape(gateway.url);
});

afterAll(async () => {
  await gateway?.stop();
  await rm(folder, { recursive: true, force: true });
});

const http = { transport: 'http' };

describe('x-gateway /metrics after a scripted session', () => {
  it('counts requests by method, tool, outcome class and era, with a latency histogram', () => {
    const requests = 'mcp_server_requests_total';
    const legacy = { ...http, era: 'legacy', method: 'tools/call' };
    expect(sampleValue(families, requests, { ...legacy, tool: 'tool_browse', outcome: 'ok' })).toBe(
      3,
    );
    expect(
      sampleValue(families, requests, { ...legacy, tool: 'tool_execute', outcome: 'ok' }),
    ).toBe(6);
    expect(
      sampleValue(families, requests, { ...legacy, tool: 'tool_execute', outcome: 'tool_error' }),
    ).toBe(2);
    expect(
      sampleValue(families, requests, { ...legacy, tool: 'other', outcome: 'invalid_params' }),
    ).toBe(1);
    expect(
      sampleValue(families, requests, {
        ...http,
        era: 'modern',
        tool: 'tool_browse',
        outcome: 'ok',
      }),
    ).toBe(1);
    expect(sampleValue(families, requests, { ...http, method: 'initialize', outcome: 'ok' })).toBe(
      1,
    );
    const durations = samples(families, 'mcp_server_request_duration_seconds', {
      method: 'tools/call',
      tool: 'tool_execute',
      outcome: 'ok',
      era: 'legacy',
    });
    expect(durations).toEqual([
      expect.objectContaining({ count: 6, buckets: expect.objectContaining({ '+Inf': 6 }) }),
    ]);
  });

  it('counts upstream calls by server, method, tool, outcome class and era, with a latency histogram', () => {
    const calls = 'mcp_upstream_calls_total';
    const work = { server: 'jobs', method: 'tools/call', tool: 'work', era: 'legacy' };
    expect(sampleValue(families, calls, { ...work, outcome: 'ok' })).toBe(6);
    expect(sampleValue(families, calls, { ...work, outcome: 'tool_error' })).toBe(1);
    expect(sampleValue(families, calls, { ...work, outcome: 'unavailable' })).toBe(1);
    const durations = samples(families, 'mcp_upstream_call_duration_seconds', {
      server: 'jobs',
      method: 'tools/call',
      outcome: 'ok',
    });
    expect(durations).toEqual([expect.objectContaining({ count: 6 })]);
  });

  it('counts the artifacts stored and their bytes', () => {
    expect(artifactBytes).toBeGreaterThan(0);
    expect(sampleValue(families, 'mcp_artifacts_stored_total')).toBe(1);
    expect(sampleValue(families, 'mcp_artifact_bytes_total')).toBe(artifactBytes);
  });

  it('counts the tokens a caller did not read: the raw catalog against each browse, a result against its envelope', () => {
    const tokens = (kind: string) => ({
      raw: sampleValue(families, 'mcp_tokens_raw_total', { kind }),
      served: sampleValue(families, 'mcp_tokens_served_total', { kind }),
      saved: sampleValue(families, 'mcp_tokens_saved_total', { kind }),
    });
    const catalog = tokens('catalog');
    // Four browses, each against the same whole catalog.
    expect(catalog.raw).toBeGreaterThan(0);
    expect(catalog.raw % 4).toBe(0);
    expect(catalog.served).toBeGreaterThan(0);
    expect(catalog.saved).toBe(Math.max(0, catalog.raw - catalog.served));
    const firewall = tokens('firewall');
    expect(firewall.raw).toBeGreaterThan(firewall.served);
    expect(firewall.saved).toBe(firewall.raw - firewall.served);
  });

  it('reports upstream health, reconnects and failed connections', () => {
    expect(sampleValue(families, 'mcp_upstream_up', { server: 'jobs' })).toBe(1);
    expect(sampleValue(families, 'mcp_upstream_up', { server: 'broken' })).toBe(0);
    expect(sampleValue(families, 'mcp_upstream_reconnects_total', { server: 'jobs' })).toBe(1);
    expect(sampleValue(families, 'mcp_upstream_reconnects_total', { server: 'broken' })).toBe(0);
    // A failed start is retried with backoff, so each try that failed by the scrape counts.
    expect(
      sampleValue(families, 'mcp_upstream_connect_failures_total', { server: 'broken' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('reports sessions and callers', () => {
    expect(sampleValue(families, 'mcp_sessions_opened_total', http)).toBe(1);
    expect(sampleValue(families, 'mcp_sessions_closed_total', { ...http, reason: 'deleted' })).toBe(
      1,
    );
    expect(sampleValue(families, 'mcp_sessions_open', http)).toBe(0);
    expect(sampleValue(families, 'mcp_callers')).toBe(2);
  });

  it('has every metric the Grafana dashboard queries, and the dashboard queries every documented metric', async () => {
    const dashboard = await readFile(
      new URL('../../../docs/grafana/x-mcp-servers.json', import.meta.url),
      'utf8',
    );
    const queried = new Set(
      [...dashboard.matchAll(/\b(mcp_[a-z_]+?)(?:_bucket|_total)?\b/g)].map((match) => match[1]),
    );
    expect([...queried].sort()).toEqual(Object.values(METRIC_NAMES).sort());
    for (const name of queried) {
      const scraped = Object.keys(families).some(
        (family) => family === name || family === `${name}_total`,
      );
      expect(scraped, name).toBe(true);
    }
  });
});
