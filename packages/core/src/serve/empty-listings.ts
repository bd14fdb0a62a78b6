/**
 * Empty listings: a server that offers no prompts (or no resources) still declares the
 * capability and answers its listings with an empty list, so that a client which lists every
 * primitive (the official conformance suite's `caching` scenario does, MCP 2026-07-28 SEP-2549)
 * gets a result with caching hints instead of -32601.
 *
 * @module
 */
import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
} from '@modelcontextprotocol/server';
import type { ServerFactory } from './types.js';

/**
 * Declares `prompts` and `resources` on `server` when it declares neither itself, and answers
 * their requests as a server with nothing to offer: `prompts/list`, `resources/list` and
 * `resources/templates/list` with an empty list (the SDK adds the caching hints it adds to every
 * list result), `prompts/get` with -32602 and `resources/read` with "resource not found", as for
 * any unknown name (MCP 2025-11-25 server/prompts and server/resources: Error Handling).
 * A capability the server already declares is left as it is. Call it before `connect`.
 */
export function addEmptyListings(server: McpServer): void {
  const lowLevel = server.server;
  const declared = lowLevel.getCapabilities();
  if (declared.prompts === undefined) {
    lowLevel.registerCapabilities({ prompts: {} });
    lowLevel.setRequestHandler('prompts/list', () => ({ prompts: [] }));
    lowLevel.setRequestHandler('prompts/get', (request) => {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Prompt ${request.params.name} not found`,
      );
    });
  }
  if (declared.resources === undefined) {
    lowLevel.registerCapabilities({ resources: {} });
    lowLevel.setRequestHandler('resources/list', () => ({ resources: [] }));
    lowLevel.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [] }));
    lowLevel.setRequestHandler('resources/read', (request) => {
      throw new ResourceNotFoundError(request.params.uri);
    });
  }
}

/**
 * Wraps a factory so that every server it builds declares and answers the listings it lacks
 * (see {@link addEmptyListings}).
 */
export function withEmptyListings(factory: ServerFactory): ServerFactory {
  return async (context) => {
    const server = await factory(context);
    addEmptyListings(server);
    return server;
  };
}
