/**
 * One server span and one count per MCP request, whatever the transport and era: the factory's
 * servers are watched at their transport, where every request arrives (`onmessage`) and every
 * answer leaves (`send`), so stdio, 2025-era HTTP sessions and 2026-07-28 per-request exchanges
 * are seen alike.
 *
 * The span's parent is the caller's trace context (`_meta`, else the HTTP `traceparent` header;
 * see `extractRequestContext`), and the span is active while the handler runs, so upstream calls
 * made for the request become its children. Span names and attributes follow the OpenTelemetry
 * semantic conventions for MCP (`{mcp.method.name} {gen_ai.tool.name}`); argument values are
 * never recorded.
 *
 * @module
 */

import type { JSONRPCMessage, McpServer, Transport } from '@modelcontextprotocol/server';
import {
  type Attributes,
  context,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { methodLabels, OTHER_LABEL, toolLabels } from '../telemetry/bounded-labels.js';
import { instruments } from '../telemetry/instruments.js';
import { outcomeOfErrorCode, outcomeOfResult } from '../telemetry/outcome.js';
import { extractRequestContext } from '../telemetry/trace-context.js';
import { tracer } from '../telemetry/tracer.js';
import type { AnsweredRequest, CallerContext, ServerFactory } from './types.js';

/** A request between its arrival and its answer. */
interface Pending {
  readonly span: Span;
  readonly started: number;
  readonly method: string;
  readonly tool: string | undefined;
}

type Message = JSONRPCMessage & {
  readonly id?: string | number;
  readonly method?: string;
  readonly params?: { readonly name?: unknown };
  readonly result?: unknown;
  readonly error?: { readonly code?: unknown };
};

/** Whether a tool name may become a label: it named a tool that answered. */
const TOOL_ANSWERED = new Set(['ok', 'tool_error']);

type Labels = Pick<AnsweredRequest, 'era' | 'transport'>;
type OnRequest = ((request: AnsweredRequest) => void) | undefined;

function finish(pending: Pending, outcome: string, labels: Labels, onRequest: OnRequest) {
  const durationMs = performance.now() - pending.started;
  const seconds = durationMs / 1000;
  // Names from the caller become labels only once the server knew them (a result, or a tool
  // error); an unknown method or tool is counted as `other`.
  const method = outcome === 'method_not_found' ? OTHER_LABEL : methodLabels.of(pending.method);
  const tool =
    pending.tool === undefined
      ? ''
      : TOOL_ANSWERED.has(outcome)
        ? toolLabels.of(pending.tool)
        : OTHER_LABEL;
  const { span } = pending;
  span.updateName(tool === '' ? method : `${method} ${tool}`);
  span.setAttribute('mcp.method.name', method);
  if (tool !== '') span.setAttribute('gen_ai.tool.name', tool);
  span.setAttribute('x.outcome', outcome);
  if (outcome !== 'ok') {
    span.setAttribute('error.type', outcome);
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
  const counters = instruments();
  if (method === 'initialize' && outcome === 'ok')
    counters.sessionsOpened.add(1, { transport: labels.transport });
  counters.requests.add(1, { method, tool, outcome, ...labels });
  counters.requestDuration.record(seconds, { method, tool, outcome, era: labels.era });
  onRequest?.({ method, tool, outcome, durationMs, ...labels });
}

function watch(transport: Transport, caller: CallerContext, onRequest: OnRequest): void {
  const pending = new Map<string | number, Pending>();
  const labels: Labels = { era: caller.era, transport: caller.transport };
  const baseAttributes: Attributes = {
    'network.transport': caller.transport === 'stdio' ? 'pipe' : 'tcp',
    'x.mcp.era': caller.era,
  };
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const request = message as Message;
    if (typeof request.method !== 'string' || request.id === undefined) {
      receive?.(message, extra);
      return;
    }
    const tool =
      request.method === 'tools/call' && typeof request.params?.name === 'string'
        ? request.params.name
        : undefined;
    const parent = extractRequestContext(request.params, extra?.request?.headers);
    const span = tracer.startSpan(
      request.method,
      {
        kind: SpanKind.SERVER,
        attributes: { ...baseAttributes, 'jsonrpc.request.id': String(request.id) },
      },
      parent,
    );
    pending.set(request.id, { span, started: performance.now(), method: request.method, tool });
    context.with(trace.setSpan(parent, span), () => receive?.(message, extra));
  };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const answer = message as Message;
    const id = answer.id;
    const open = id === undefined ? undefined : pending.get(id);
    if (
      open !== undefined &&
      id !== undefined &&
      (answer.result !== undefined || answer.error !== undefined)
    ) {
      pending.delete(id);
      finish(
        open,
        answer.error === undefined
          ? outcomeOfResult(answer.result)
          : outcomeOfErrorCode(answer.error.code),
        labels,
        onRequest,
      );
    }
    return send(message, options);
  };
  const closed = transport.onclose;
  transport.onclose = () => {
    for (const open of pending.values()) finish(open, 'cancelled', labels, onRequest);
    pending.clear();
    closed?.();
  };
}

/**
 * Wraps a factory so that every request its servers answer is a server span and counts in
 * `mcp_server_requests` and `mcp_server_request_duration_seconds` (labels: method, tool, outcome
 * class, era, transport), then is told to `onRequest`. Without an OpenTelemetry SDK the span and
 * the counts are no-ops.
 */
export function withRequestTelemetry(factory: ServerFactory, onRequest?: OnRequest): ServerFactory {
  return async (session) => {
    const server: McpServer = await factory(session);
    const connect = server.connect.bind(server);
    server.connect = async (transport) => {
      await connect(transport);
      // The protocol layer installs its handlers while connecting: watch them from here on.
      watch(transport, session, onRequest);
    };
    return server;
  };
}
