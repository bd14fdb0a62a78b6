/**
 * The one place where failures of upstream operations are classified.
 *
 * @module
 */
import {
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { CoreError, type CoreErrorCode } from '../errors.js';
import { quoteName } from './config-issues.js';
import { RESULT_TOO_LARGE, type ResultTooLargeData } from './result-too-large.js';

/** What {@link classifyUpstreamError} needs to know about the failed operation. */
export interface UpstreamErrorContext {
  /** The upstream's name, as in the configuration. */
  upstream: string;
  /** What was attempted, like `connect`, `tools/list` or `tools/call "echo"`. */
  operation: string;
  /** The caller's signal: when it is aborted, the failure is the caller's doing. */
  signal?: AbortSignal;
  /** Where the server is, named when it cannot be reached (an HTTP URL without its query). */
  endpoint?: string;
}

/** Node and undici error codes that mean the peer could not be reached or went away. */
const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ETIMEDOUT',
  'ENOENT',
  'EACCES',
  'ERR_STREAM_DESTROYED',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

const MAX_UPSTREAM_MESSAGE_LENGTH = 300;

interface Classification {
  code: CoreErrorCode;
  what: string;
  data?: Record<string, unknown>;
}

/** An upstream's own error text, on one line, without the SDK's prefix, cut to size. */
function upstreamText(message: string): string {
  const text = message
    .replace(/^MCP error -?\d+: /, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_UPSTREAM_MESSAGE_LENGTH
    ? `${text.slice(0, MAX_UPSTREAM_MESSAGE_LENGTH)}...`
    : text;
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
    ? String((error as { name: unknown }).name)
    : undefined;
}

/** The first code of {@link UNREACHABLE_CODES} on the error or its chain of causes. */
function unreachableCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) {
      return code;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A server that could not be reached, at `endpoint` when it is known. */
function unreachable(code: string, endpoint: string | undefined): Classification {
  const where = endpoint === undefined ? 'the server' : endpoint;
  const refused = code === 'ECONNREFUSED' ? ': connection refused' : '';
  return {
    code: 'UNAVAILABLE',
    what: `cannot reach ${where} (${code}${refused})`,
    data: { systemCode: code },
  };
}

function classifyAbort(signal: AbortSignal): Classification {
  return errorName(signal.reason) === 'TimeoutError'
    ? { code: 'TIMEOUT', what: "the caller's deadline passed" }
    : { code: 'CANCELLED', what: 'cancelled by the caller' };
}

function isResultTooLarge(data: unknown): data is ResultTooLargeData {
  return (data as Partial<ResultTooLargeData> | undefined)?.reason === RESULT_TOO_LARGE;
}

function classifyMcpError(error: ProtocolError): Classification {
  if (isResultTooLarge(error.data)) {
    const { bytes, maxMessageBytes } = error.data;
    return {
      code: 'UPSTREAM_ERROR',
      what: `${RESULT_TOO_LARGE}: the answer is ${bytes} bytes, above the limit of ${maxMessageBytes} bytes (raise "maxMessageBytes" in the server's entry, or ask for less)`,
      data: { reason: RESULT_TOO_LARGE, bytes, maxMessageBytes },
    };
  }
  return {
    code: 'UPSTREAM_ERROR',
    what: `the server answered with error ${error.code}: ${upstreamText(error.message)}`,
    data: { rpcCode: error.code },
  };
}

/** Failures the SDK raised locally (never on the wire): timeouts, closed connections, bad results. */
function classifySdkError(error: SdkError): Classification | undefined {
  switch (error.code) {
    case SdkErrorCode.RequestTimeout: {
      const data = error.data as { timeout?: unknown } | undefined;
      return typeof data?.timeout === 'number'
        ? {
            code: 'TIMEOUT',
            what: `no answer within ${data.timeout} ms`,
            data: { timeoutMs: data.timeout },
          }
        : { code: 'TIMEOUT', what: 'no answer in time' };
    }
    case SdkErrorCode.ConnectionClosed:
    case SdkErrorCode.NotConnected:
    case SdkErrorCode.SendFailed:
      return { code: 'UNAVAILABLE', what: 'the connection closed (the server went away)' };
    case SdkErrorCode.InvalidResult:
    case SdkErrorCode.UnsupportedResultType:
      return { code: 'UPSTREAM_ERROR', what: 'the server sent a malformed response' };
    case SdkErrorCode.EraNegotiationFailed:
      return {
        code: 'UNAVAILABLE',
        what: `no protocol revision in common (${upstreamText(error.message)})`,
      };
    default:
      return undefined;
  }
}

function classifyHttpStatus(status: number | undefined): Classification {
  const data = status === undefined ? {} : { httpStatus: status };
  switch (status) {
    case 401:
      return { code: 'AUTH', what: 'HTTP 401: the server refused our credentials', data };
    case 403:
      return { code: 'PERMISSION', what: 'HTTP 403: the server forbade this', data };
    case 429:
      return { code: 'RATE_LIMITED', what: 'HTTP 429: the server asks us to slow down', data };
    case 404:
      return { code: 'UNAVAILABLE', what: 'HTTP 404: no MCP endpoint or session there', data };
    default:
      if (status === undefined || status >= 500) {
        return { code: 'UNAVAILABLE', what: `HTTP ${status ?? 'error'}: the server failed`, data };
      }
      return {
        code: 'UPSTREAM_ERROR',
        what: status < 0 ? 'the server sent a response we cannot read' : `HTTP ${status}`,
        data,
      };
  }
}

function classify(error: unknown, context: UpstreamErrorContext): Classification {
  const { signal } = context;
  if (signal?.aborted === true) {
    return classifyAbort(signal);
  }
  if (error instanceof ProtocolError) {
    return classifyMcpError(error);
  }
  if (error instanceof SdkHttpError) {
    return classifyHttpStatus(error.status);
  }
  const refused = unreachableCode(error);
  if (refused !== undefined) {
    // Before the SDK's own code: a failed era negotiation may only be a server that is down.
    return unreachable(refused, context.endpoint);
  }
  if (error instanceof SdkError) {
    const local = classifySdkError(error);
    if (local !== undefined) return local;
  }
  if (error instanceof UnauthorizedError) {
    return { code: 'AUTH', what: 'the server requires authorization' };
  }
  const name = errorName(error);
  if (name === 'AbortError') {
    return { code: 'CANCELLED', what: 'cancelled' };
  }
  if (name === 'TimeoutError') {
    return { code: 'TIMEOUT', what: 'no answer in time' };
  }
  if (name === 'ZodError') {
    return { code: 'UPSTREAM_ERROR', what: 'the server sent a malformed response' };
  }
  if (
    error instanceof Error &&
    (error.message === 'Not connected' || error.message === 'fetch failed')
  ) {
    return { code: 'UNAVAILABLE', what: 'not connected' };
  }
  return { code: 'UPSTREAM_ERROR', what: 'unexpected failure' };
}

/**
 * Turns anything thrown by the SDK, a transport or HTTP into a `CoreError`.
 *
 * Codes: `TIMEOUT` (the SDK's request timeout, or a `TimeoutError`), `UNAVAILABLE` (process
 * died, connection closed or refused or reset, HTTP 404 and 5xx, spawn failures), `AUTH`
 * (HTTP 401), `PERMISSION` (HTTP 403), `RATE_LIMITED` (HTTP 429), `UPSTREAM_ERROR` (a
 * JSON-RPC error from the server, a malformed response, an answer above the entry's
 * `maxMessageBytes` with `data.reason: 'RESULT_TOO_LARGE'`, anything else) and `CANCELLED`
 * (an `AbortError`, or `context.signal` aborted). `retryable` is true for `TIMEOUT`,
 * `UNAVAILABLE` and `RATE_LIMITED`. A `CoreError` passes through unchanged.
 *
 * The message names the upstream and the operation; it quotes the upstream's own error
 * text for `UPSTREAM_ERROR` but never headers, environment values or tokens; the only URL it
 * names is `context.endpoint`, when the server cannot be reached.
 */
export function classifyUpstreamError(error: unknown, context: UpstreamErrorContext): CoreError {
  if (CoreError.isInstance(error)) {
    return error;
  }
  const { code, what, data } = classify(error, context);
  return new CoreError({
    code,
    message: `upstream ${quoteName(context.upstream)}: ${context.operation}: ${what}`,
    data: { upstream: context.upstream, operation: context.operation, ...data },
    cause: error,
  });
}
