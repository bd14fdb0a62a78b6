/**
 * Client-safe MCP tool names for canonical `tool_id`s, and their reversal.
 *
 * A canonical id holds `:` and `#` and may exceed 64 characters; strict
 * clients reject such tool names. Where an id must become an MCP tool name
 * (the transparent proxy's `tools/list`), the default is this reversible form;
 * the canonical form stays available as an option of the server.
 *
 * @module
 */

import { GatewayError } from '../errors.js';
import { sha256Hex } from '../util/digest.js';
import { parseToolId } from './tool-id.js';

/**
 * What a client-safe name looks like: 1 to 64 of `A-Za-z0-9_-`.
 *
 * That is the intersection of the MCP naming rule (which also allows `.` and
 * `/`) and the function-name rules of the major model APIs, so a name passes
 * every client.
 *
 * @see gateway-surface §4.1 (a note on MCP name characters)
 */
export const CLIENT_SAFE_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const READABLE_MAX_LENGTH = 55;

/**
 * The client-safe name of a `tool_id`: `<namespace>__<name>_<hash>`.
 *
 * Characters outside `A-Za-z0-9_-` become `_`, the readable part is cut to 55
 * characters, and `<hash>` is 8 hex characters of SHA-256 over the whole
 * canonical id (version and hash8 included), so the name is a pure function of
 * the id and distinct ids get distinct names except with negligible
 * probability, which {@link createClientSafeNameIndex} turns into an error.
 * Throws {@link GatewayError} `TOOL_ID_INVALID` for a malformed id.
 *
 * @see gateway-surface §4.1
 */
export function toClientSafeName(toolId: string): string {
  const { namespace, name } = parseToolId(toolId);
  const readable = `${namespace}__${name}`.replace(/[^A-Za-z0-9_-]/g, '_');
  const digest = sha256Hex(toolId).slice(0, 8);
  return `${readable.slice(0, READABLE_MAX_LENGTH)}_${digest}`;
}

/**
 * A catalog's client-safe names, each mapped back to its `tool_id`.
 *
 * @see gateway-surface §4.1
 */
export type ClientSafeNameIndex = ReadonlyMap<string, string>;

/**
 * Builds the reversal index of a catalog's ids.
 *
 * Repeated ids are indexed once. Two different ids with the same client-safe
 * name throw {@link GatewayError} `TOOL_ID_COLLISION` (the mapping is
 * injective over the catalog or it does not exist); a malformed id throws
 * `TOOL_ID_INVALID`.
 *
 * @see gateway-surface §1.5, §4.1
 */
export function createClientSafeNameIndex(toolIds: Iterable<string>): ClientSafeNameIndex {
  const index = new Map<string, string>();
  for (const toolId of toolIds) {
    const name = toClientSafeName(toolId);
    const existing = index.get(name);
    if (existing !== undefined && existing !== toolId) {
      throw new GatewayError({
        code: 'TOOL_ID_COLLISION',
        message: `tool ids ${existing} and ${toolId} share the client-safe name ${name}`,
        data: { name, toolIds: [existing, toolId] },
      });
    }
    index.set(name, toolId);
  }
  return index;
}

/**
 * The `tool_id` a client-safe name stands for in a catalog, or `undefined`
 * when the name is not one of the catalog's (including any string that is not
 * a client-safe name at all).
 *
 * @see gateway-surface §4.1
 */
export function fromClientSafeName(name: string, index: ClientSafeNameIndex): string | undefined {
  if (typeof name !== 'string' || !CLIENT_SAFE_NAME_PATTERN.test(name)) return undefined;
  return index.get(name);
}
