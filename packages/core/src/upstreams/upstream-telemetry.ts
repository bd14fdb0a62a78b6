/**
 * Upstream calls as spans and metrics: one client span per operation, a child of whatever span
 * is active (the MCP request that caused it), with the server, method, tool and outcome class;
 * `mcp_upstream_calls` and `mcp_upstream_call_duration_seconds`; `mcp_upstream_up`,
 * `mcp_upstream_reconnects` and `mcp_upstream_connect_failures`.
 *
 * The span is active while the call runs, so the client transport writes its context into the
 * request's `_meta` and, over HTTP, its `traceparent` header (see `connection.ts`).
 *
 * @module
 */

import { type Attributes, context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { methodLabels, toolLabels } from '../telemetry/bounded-labels.js';
import { gaugeSources } from '../telemetry/gauge-sources.js';
import { instruments } from '../telemetry/instruments.js';
import { outcomeOfFailure, outcomeOfResult } from '../telemetry/outcome.js';
import { tracer } from '../telemetry/tracer.js';
import type { Upstream } from './upstream-types.js';

/** Counts a connection made again after it was lost. */
export function recordUpstreamReconnect(server: string): void {
  instruments().upstreamReconnects.add(1, { server });
}

/** Counts a failed attempt to connect. */
export function recordUpstreamConnectFailure(server: string): void {
  instruments().upstreamConnectFailures.add(1, { server });
}

async function traced<T>(
  upstream: Upstream,
  method: string,
  tool: string | undefined,
  call: () => Promise<T>,
): Promise<T> {
  const methodLabel = methodLabels.of(method);
  const toolLabel = tool === undefined ? '' : toolLabels.of(tool);
  const attributes: Attributes = {
    'mcp.method.name': methodLabel,
    'x.upstream.name': upstream.name,
    ...(tool === undefined ? {} : { 'gen_ai.tool.name': toolLabel }),
  };
  const span = tracer.startSpan(toolLabel === '' ? methodLabel : `${methodLabel} ${toolLabel}`, {
    kind: SpanKind.CLIENT,
    attributes,
  });
  const started = performance.now();
  let outcome = 'ok';
  try {
    const result = await context.with(trace.setSpan(context.active(), span), call);
    outcome = outcomeOfResult(result);
    return result;
  } catch (error) {
    outcome = outcomeOfFailure(error);
    throw error;
  } finally {
    const seconds = (performance.now() - started) / 1000;
    const era = upstream.era() ?? 'unknown';
    span.setAttribute('x.outcome', outcome);
    span.setAttribute('x.mcp.era', era);
    if (outcome !== 'ok') {
      span.setAttribute('error.type', outcome);
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
    const counters = instruments();
    const server = upstream.name;
    counters.upstreamCalls.add(1, { server, method: methodLabel, tool: toolLabel, outcome, era });
    counters.upstreamCallDuration.record(seconds, { server, method: methodLabel, outcome });
  }
}

/**
 * `upstream` with every operation traced and counted, and its readiness reported to the
 * `mcp_upstream_up` gauge until it is closed.
 */
export function instrumentUpstream(upstream: Upstream): Upstream {
  const removeGauge = gaugeSources.addUpstream({
    name: upstream.name,
    isUp: () => upstream.status === 'ready',
  });
  return {
    get name() {
      return upstream.name;
    },
    get config() {
      return upstream.config;
    },
    get status() {
      return upstream.status;
    },
    get pid() {
      return upstream.pid;
    },
    connect: () => upstream.connect(),
    listTools: (options) =>
      traced(upstream, 'tools/list', undefined, () => upstream.listTools(options)),
    listResources: (options) =>
      traced(upstream, 'resources/list', undefined, () => upstream.listResources(options)),
    listResourceTemplates: (options) =>
      traced(upstream, 'resources/templates/list', undefined, () =>
        upstream.listResourceTemplates(options),
      ),
    listPrompts: (options) =>
      traced(upstream, 'prompts/list', undefined, () => upstream.listPrompts(options)),
    listSkills: (options) =>
      traced(upstream, 'skills/list', undefined, () => upstream.listSkills(options)),
    getSkill: (uri, options) =>
      traced(upstream, 'skills/get', undefined, () => upstream.getSkill(uri, options)),
    readResourceDirectory: (uri, options) =>
      traced(upstream, 'resources/directory/read', undefined, () =>
        upstream.readResourceDirectory(uri, options),
      ),
    callTool: (name, args, options) =>
      traced(upstream, 'tools/call', name, () => upstream.callTool(name, args, options)),
    readResource: (uri, options) =>
      traced(upstream, 'resources/read', undefined, () => upstream.readResource(uri, options)),
    getPrompt: (name, args, options) =>
      traced(upstream, 'prompts/get', undefined, () => upstream.getPrompt(name, args, options)),
    serverCapabilities: () => upstream.serverCapabilities(),
    serverInfo: () => upstream.serverInfo(),
    instructions: () => upstream.instructions(),
    era: () => upstream.era(),
    onListChanged: (listener) => upstream.onListChanged(listener),
    close() {
      removeGauge();
      return upstream.close();
    },
  };
}
