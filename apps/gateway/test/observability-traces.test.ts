/**
 * Traces of `x-gateway serve --http` with the standard `OTEL_*` variables pointing at an OTLP
 * receiver in this test: a browse and an execute each make a server span, the execute's upstream
 * call is its child, and the call's trace context reaches the HTTP upstream (in the `traceparent`
 * header and in `_meta`, MCP 2026-07-28 Basic › `_meta`).
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/server';
import { type RunningHttpServer, serveHttp } from '@x/core/serve';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, payload } from './gateway-processes.js';
import { catalogUpstream, startObservedGateway, writeServers } from './observed-gateway.js';

/** A span as OTLP/JSON carries it. */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string } }[];
}

const SERVER_KIND = 2;
const CLIENT_KIND = 3;
const CALLER_TRACE = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN = 'b7ad6b7169203331';

let folder: string;
let receiver: Server;
let receiverUrl: string;
const exported: OtlpSpan[] = [];
let upstream: RunningHttpServer;
const seenByUpstream: { header: string | null; meta: string | null }[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-gateway-traces-'));
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const parsed = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const resource of parsed.resourceSpans) {
          for (const scope of resource.scopeSpans) exported.push(...scope.spans);
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  upstream = await serveHttp(
    () => {
      const server = new McpServer({ name: 'web', version: '1.0.0' });
      server.registerTool(
        'peek_trace',
        { description: 'Reports the trace context of the request it got.' },
        async (ctx) => {
          const seen = {
            header: ctx.http?.req?.headers.get('traceparent') ?? null,
            meta: (ctx.mcpReq._meta as { traceparent?: string } | undefined)?.traceparent ?? null,
          };
          seenByUpstream.push(seen);
          return { content: [{ type: 'text', text: JSON.stringify(seen) }] };
        },
      );
      return server;
    },
    { port: 0 },
  );
});

afterAll(async () => {
  await upstream?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await rm(folder, { recursive: true, force: true });
});

function attribute(span: OtlpSpan | undefined, key: string): string | undefined {
  return span?.attributes.find((entry) => entry.key === key)?.value.stringValue;
}

describe('x-gateway traces', () => {
  it('exports a span per browse and execute, the upstream call parented on the execute, and sends the trace id upstream', async () => {
    const config = await writeServers(folder, (catalog) => ({
      web: { type: 'http', url: upstream.url.href },
      jobs: catalogUpstream(catalog),
    }));
    const gateway = await startObservedGateway(config, ['--quiet'], {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_METRICS_EXPORTER: 'none',
    });
    try {
      const client = await connectClient(gateway.url);
      const browse = await client.callTool({
        name: 'tool_browse',
        arguments: { query: 'peek trace context of the request', top_k: 3 },
      });
      const cards = (payload(browse).cards ?? []) as { id: string }[];
      const toolId = cards.find((card) => card.id.startsWith('web:peek_trace'))?.id;
      expect(toolId).toBeDefined();
      const execute = await client.callTool({
        name: 'tool_execute',
        arguments: { tool_id: toolId, args: {} },
        _meta: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
      });
      expect(execute.isError).not.toBe(true);
      await client.close();
    } finally {
      // SIGTERM: the gateway closes, and its SDK exports what it holds before the process exits.
      await gateway.stop();
    }

    const browseSpan = exported.find(
      (span) => span.name === 'tools/call tool_browse' && span.kind === SERVER_KIND,
    );
    const executeSpan = exported.find(
      (span) => span.name === 'tools/call tool_execute' && span.kind === SERVER_KIND,
    );
    const upstreamSpan = exported.find(
      (span) => span.name === 'tools/call peek_trace' && span.kind === CLIENT_KIND,
    );
    expect(attribute(browseSpan, 'mcp.method.name')).toBe('tools/call');
    expect(attribute(browseSpan, 'x.outcome')).toBe('ok');
    // The execute continues the caller's trace (its `_meta` traceparent).
    expect(executeSpan?.traceId).toBe(CALLER_TRACE);
    expect(executeSpan?.parentSpanId).toBe(CALLER_SPAN);
    expect(attribute(executeSpan, 'gen_ai.tool.name')).toBe('tool_execute');
    // The upstream call is a child of the execute, named after the upstream tool.
    expect(upstreamSpan?.traceId).toBe(CALLER_TRACE);
    expect(upstreamSpan?.parentSpanId).toBe(executeSpan?.spanId);
    expect(attribute(upstreamSpan, 'x.upstream.name')).toBe('web');
    expect(attribute(upstreamSpan, 'gen_ai.tool.name')).toBe('peek_trace');
    expect(attribute(upstreamSpan, 'x.outcome')).toBe('ok');
    // The HTTP upstream got the upstream span's context in the header and in `_meta`.
    const context = `00-${CALLER_TRACE}-${upstreamSpan?.spanId}-01`;
    expect(seenByUpstream).toEqual([{ header: context, meta: context }]);
  });
});
