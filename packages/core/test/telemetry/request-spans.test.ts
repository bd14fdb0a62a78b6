import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { SpanKind } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHttpServer, serveHttp } from '../../src/serve/index.js';
import { createUpstream, type Upstream } from '../../src/upstreams/index.js';
import { type OtelHarness, points, registerOtel } from './otel-harness.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';

let otel: OtelHarness;
let upstreamServer: RunningHttpServer;
let front: RunningHttpServer;
let upstream: Upstream;

function textOf(result: { content?: unknown }): string {
  const [first] = (result.content ?? []) as { text?: string }[];
  return first?.text ?? '';
}

beforeAll(async () => {
  otel = registerOtel();
  // The upstream reports the trace context it received, from the header and from `_meta`.
  upstreamServer = await serveHttp(
    () => {
      const server = new McpServer({ name: 'peeker', version: '1.0.0' });
      server.registerTool(
        'peek',
        { description: 'Reports the trace context it got.' },
        async (ctx) => ({
          content: [
            {
              type: 'text',
              text: JSON.stringify({
                header: ctx.http?.req?.headers.get('traceparent') ?? null,
                meta:
                  (ctx.mcpReq._meta as { traceparent?: string } | undefined)?.traceparent ?? null,
              }),
            },
          ],
        }),
      );
      return server;
    },
    { port: 0 },
  );
  upstream = createUpstream('peeker', { type: 'http', url: upstreamServer.url.href });
  front = await serveHttp(
    () => {
      const server = new McpServer({ name: 'front', version: '1.0.0' });
      server.registerTool('relay', { description: 'Calls the upstream.' }, async () => ({
        content: [{ type: 'text', text: textOf(await upstream.callTool('peek', {})) }],
      }));
      return server;
    },
    { port: 0 },
  );
});

afterAll(async () => {
  await upstream?.close();
  await front?.close();
  await upstreamServer?.close();
  await otel?.close();
});

describe('request spans', () => {
  it('parents a request on the caller’s _meta trace context and the upstream call on the request, and sends its context upstream', async () => {
    otel.reset();
    const client = new Client({ name: 'caller', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(front.url));
    const result = await client.callTool({
      name: 'relay',
      arguments: {},
      _meta: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN_ID}-01` },
    });
    await client.close();
    const seen = JSON.parse(textOf(result)) as { header: string; meta: string };

    const spans = otel.spans();
    const request = spans.find(
      (span) => span.name === 'tools/call relay' && span.kind === SpanKind.SERVER,
    );
    const call = spans.find(
      (span) => span.name === 'tools/call peek' && span.kind === SpanKind.CLIENT,
    );
    const served = spans.find(
      (span) => span.name === 'tools/call peek' && span.kind === SpanKind.SERVER,
    );
    expect(request?.spanContext().traceId).toBe(TRACE_ID);
    expect(request?.parentSpanContext?.spanId).toBe(CALLER_SPAN_ID);
    expect(request?.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'relay',
      'x.outcome': 'ok',
      'x.mcp.era': 'legacy',
    });
    expect(call?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
    expect(call?.attributes).toMatchObject({ 'x.upstream.name': 'peeker', 'x.outcome': 'ok' });
    const callContext = `00-${TRACE_ID}-${call?.spanContext().spanId}-01`;
    expect(seen).toEqual({ header: callContext, meta: callContext });
    expect(served?.parentSpanContext?.spanId).toBe(call?.spanContext().spanId);
  });

  it('counts requests and upstream calls by method, tool, outcome and era', async () => {
    const client = new Client({ name: 'caller', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(front.url));
    const before = points(await otel.collect(), 'mcp_server_requests').find(
      (point) => point.attributes.tool === 'relay' && point.attributes.outcome === 'ok',
    );
    await client.callTool({ name: 'relay', arguments: {} });
    await client.callTool({ name: 'relay', arguments: {} });
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(
      /not found/,
    );
    await client.close();
    const collected = await otel.collect();
    const requests = points(collected, 'mcp_server_requests');
    const relay = requests.find(
      (point) => point.attributes.tool === 'relay' && point.attributes.outcome === 'ok',
    );
    expect(relay?.attributes).toMatchObject({
      method: 'tools/call',
      era: 'legacy',
      transport: 'http',
    });
    expect((relay?.value ?? 0) - (before?.value ?? 0)).toBe(2);
    // A name the server did not know is never a label.
    expect(requests.some((point) => point.attributes.tool === 'no_such_tool')).toBe(false);
    expect(requests).toContainEqual(
      expect.objectContaining({
        attributes: expect.objectContaining({ tool: 'other', outcome: 'invalid_params' }),
      }),
    );
    const calls = points(collected, 'mcp_upstream_calls').find(
      (point) => point.attributes.server === 'peeker' && point.attributes.tool === 'peek',
    );
    // An HTTP upstream negotiates the 2026-07-28 era by default.
    expect(calls?.attributes).toMatchObject({ method: 'tools/call', outcome: 'ok', era: 'modern' });
    expect(calls?.value).toBe(3);
    expect(points(collected, 'mcp_upstream_up')).toContainEqual({
      attributes: { server: 'peeker' },
      value: 1,
    });
  });
});
