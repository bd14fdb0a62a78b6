/**
 * Whether the client of one request declared the groups extension: per request at 2026-07-28
 * (the `io.modelcontextprotocol/clientCapabilities` key of the request's `_meta`), from
 * `initialize` at 2025-11-25.
 *
 * @module
 */

import type { ClientCapabilities, Server, ServerContext } from '@modelcontextprotocol/server';
import { GROUPS_EXTENSION_ID } from './groups.js';

const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';

function declares(capabilities: ClientCapabilities | undefined): boolean {
  const extensions = (capabilities as { extensions?: Record<string, unknown> } | undefined)
    ?.extensions;
  return extensions?.[GROUPS_EXTENSION_ID] !== undefined;
}

/**
 * True when this request's client declared `io.modelcontextprotocol/groups`. Decided from the
 * request itself (its envelope) when it has one, else from the session's `initialize`, never
 * from anything the server remembers (draft "Graceful Degradation": stateless).
 */
export function clientDeclaresGroups(server: Server, context: ServerContext): boolean {
  const envelope = context.mcpReq.envelope as Record<string, unknown> | undefined;
  const perRequest = envelope?.[CLIENT_CAPABILITIES_KEY] as ClientCapabilities | undefined;
  if (perRequest !== undefined) return declares(perRequest);
  return declares(server.getClientCapabilities());
}
