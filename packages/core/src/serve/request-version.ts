/**
 * The per-request protocol version of MCP 2026-07-28 (`_meta["io.modelcontextprotocol/
 * protocolVersion"]`, Basic › Lifecycle), checked on stdio as Streamable HTTP checks it: a request
 * naming a revision this server does not speak is refused with `-32022`, whichever era the
 * connection opened in, instead of being served as if the field were absent.
 *
 * @module
 */
import {
  isJSONRPCRequest,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';

/** The revisions a per-request `_meta` protocol version may name (the envelope is 2026-07-28's). */
export const PER_REQUEST_PROTOCOL_VERSIONS: readonly string[] = ['2026-07-28'];

/** MCP 2026-07-28 Basic › Lifecycle: the requested protocol version is not supported. */
const UNSUPPORTED_PROTOCOL_VERSION = -32_022;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The `-32022` answer to a request whose `_meta` names a protocol version outside
 * {@link PER_REQUEST_PROTOCOL_VERSIONS} (or a value that is no string), with
 * `data: { supported, requested }` as the Streamable HTTP path words it; `undefined` for a
 * notification, a response, or a request that names no version or a supported one.
 */
export function unsupportedVersionAnswer(
  message: JSONRPCMessage,
): JSONRPCErrorResponse | undefined {
  if (!isJSONRPCRequest(message)) return undefined;
  const meta = isRecord(message.params) ? message.params._meta : undefined;
  if (!isRecord(meta) || !Object.hasOwn(meta, PROTOCOL_VERSION_META_KEY)) return undefined;
  const requested = meta[PROTOCOL_VERSION_META_KEY];
  if (typeof requested === 'string' && PER_REQUEST_PROTOCOL_VERSIONS.includes(requested)) {
    return undefined;
  }
  const shown = typeof requested === 'string' ? requested : JSON.stringify(requested);
  return {
    jsonrpc: '2.0',
    id: message.id,
    error: {
      code: UNSUPPORTED_PROTOCOL_VERSION,
      message: `Unsupported protocol version: ${String(shown).slice(0, 100)}`,
      data: { supported: [...PER_REQUEST_PROTOCOL_VERSIONS], requested: requested ?? null },
    },
  };
}
