/**
 * W3C trace context across MCP: read from a caller, written to an upstream.
 *
 * MCP 2026-07-28 (Basic › `_meta` › "OpenTelemetry trace context", from SEP-414) reserves the
 * unprefixed `_meta` keys `traceparent`, `tracestate` and `baggage` for W3C Trace Context and
 * W3C Baggage values; MCP 2025-11-25 says nothing of them, but its `_meta` admits unprefixed
 * keys, and the OpenTelemetry semantic conventions for MCP use the same carrier in both eras. Over
 * Streamable HTTP the context also rides the HTTP `traceparent` header. So: a request's parent is
 * its `_meta` context when it has one, else its HTTP header's; an upstream request carries ours in
 * both places.
 *
 * Everything goes through the global propagator of `@opentelemetry/api`: without an SDK it is the
 * no-op propagator, nothing is read or written, and messages leave byte for byte as they came.
 *
 * @module
 */

import {
  type Context,
  context,
  propagation,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';

/** The `_meta` keys that carry trace context (MCP 2026-07-28, Basic › `_meta`). */
export const TRACE_CONTEXT_META_KEYS = ['traceparent', 'tracestate', 'baggage'] as const;

type Carrier = Record<string, unknown>;

const metaGetter: TextMapGetter<Carrier> = {
  keys: (carrier) => TRACE_CONTEXT_META_KEYS.filter((key) => typeof carrier[key] === 'string'),
  get: (carrier, key) => {
    const value = carrier[key];
    return typeof value === 'string' ? value : undefined;
  },
};

const headersGetter: TextMapGetter<Headers> = {
  keys: (headers) => [...headers.keys()],
  get: (headers, key) => headers.get(key) ?? undefined,
};

const recordSetter: TextMapSetter<Record<string, string>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

function metaOf(params: unknown): Carrier | undefined {
  const meta = (params as { _meta?: unknown } | undefined)?._meta;
  return typeof meta === 'object' && meta !== null && !Array.isArray(meta)
    ? (meta as Carrier)
    : undefined;
}

/**
 * The parent context of an incoming request: the trace context in its `params._meta`, else in
 * the HTTP request's headers, on top of the active context.
 */
export function extractRequestContext(params: unknown, headers: Headers | undefined): Context {
  const active = context.active();
  const meta = metaOf(params);
  if (meta !== undefined && typeof meta.traceparent === 'string') {
    return propagation.extract(active, meta, metaGetter);
  }
  if (headers?.has('traceparent') === true)
    return propagation.extract(active, headers, headersGetter);
  return active;
}

/** The active context as propagation fields (`traceparent`, ...); empty without an SDK. */
export function activeTraceFields(): Record<string, string> {
  const fields: Record<string, string> = {};
  propagation.inject(context.active(), fields, recordSetter);
  return fields;
}

/** A JSON-RPC message as a client transport sends it: a request has a `method` and an `id`. */
export interface JsonRpcMessageLike {
  /** The method of a request or notification. */
  readonly method?: unknown;
  /** The id of a request or response. */
  readonly id?: unknown;
  /** The parameters, whose `_meta` carries the trace context. */
  readonly params?: unknown;
}

/**
 * `message` with the active trace context added to its `params._meta` when it is a request and
 * there is a context to send; otherwise `message` itself.
 */
export function withTraceMeta<Message extends JsonRpcMessageLike>(message: Message): Message {
  if (typeof message.method !== 'string' || message.id === undefined) return message;
  const fields = activeTraceFields();
  if (Object.keys(fields).length === 0) return message;
  const params = (message.params ?? {}) as Carrier;
  return { ...message, params: { ...params, _meta: { ...metaOf(params), ...fields } } };
}

/** The `fetch` shape the MCP client transports take. */
export type FetchFunction = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** A `fetch` that adds the active trace context to each request's headers (when there is one). */
export function withTraceHeaders(fetch: FetchFunction): FetchFunction {
  return (input, init) => {
    const fields = activeTraceFields();
    if (Object.keys(fields).length === 0) return fetch(input, init);
    const headers = new Headers(init?.headers);
    for (const [key, value] of Object.entries(fields)) headers.set(key, value);
    return fetch(input, { ...init, headers });
  };
}
