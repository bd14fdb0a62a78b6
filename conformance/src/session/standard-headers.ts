/**
 * The standard request headers of the 2026-07-28 Streamable HTTP transport (transports/
 * streamable-http §Request Metadata): `MCP-Protocol-Version`, `Mcp-Method` on every request, and
 * `Mcp-Name` on the requests that name a tool, prompt or resource.
 *
 * @module
 */

import { isRecord } from './json-rpc.js';

/** The methods whose `Mcp-Name` header mirrors `params.name` or `params.uri`. */
const NAMED_METHODS: Readonly<Record<string, 'name' | 'uri'>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/** A header value as sent: plain printable ASCII as is, anything else in the Base64 sentinel form. */
export function encodeHeaderValue(value: string): string {
  const plain = /^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$/u.test(value);
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/**
 * The standard headers of one serialized message: nothing for text that is not a JSON-RPC
 * message, the protocol version alone for a notification.
 */
export function standardHeaders(
  text: string,
  protocolVersion: string | undefined,
): Record<string, string> {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(message) || typeof message.method !== 'string') return {};
  const headers: Record<string, string> = {};
  if (protocolVersion !== undefined) headers['mcp-protocol-version'] = protocolVersion;
  if (!('id' in message)) return headers;
  headers['mcp-method'] = message.method;
  const field = NAMED_METHODS[message.method];
  const value =
    field === undefined || !isRecord(message.params) ? undefined : message.params[field];
  if (typeof value === 'string') headers['mcp-name'] = encodeHeaderValue(value);
  return headers;
}

/**
 * `base` with `overrides` applied, header names compared without case: an override replaces the
 * header of the same name, `null` removes it.
 */
export function mergeHeaders(
  base: Readonly<Record<string, string>>,
  overrides: Readonly<Record<string, string | null>>,
): Record<string, string> {
  const merged = new Map(Object.entries(base).map(([name, value]) => [name.toLowerCase(), value]));
  for (const [name, value] of Object.entries(overrides)) {
    if (value === null) merged.delete(name.toLowerCase());
    else merged.set(name.toLowerCase(), value);
  }
  return Object.fromEntries(merged);
}
