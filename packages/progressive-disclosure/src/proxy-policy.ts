/**
 * Per-caller tool policies (`@x/core/policy`) in the proxy: the primary authorization of a
 * caller's role composed with the server's own, and the argument check of its calls.
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import { CoreError } from '@x/core';
import type { PolicyEngine, RolePolicy } from '@x/core/policy';
import type { ToolSource } from './handlers.js';
import type { ToolAuthorizer } from './options.js';

/** Where a proxied tool comes from: its server (the `mcpServers` key) and upstream name. */
export interface ToolOrigin {
  /** The server name. */
  server: string;
  /** The tool's name at that server. */
  tool: string;
}

/** Finds the origin of a proxied tool by its proxy name (`undefined`: no such tool). */
export type ToolOriginLookup = (name: string) => Promise<ToolOrigin | undefined>;

/**
 * The primary authorization with policies: a tool is authorized when the caller's role may use
 * it (`RolePolicy.allowsTool` over its server and upstream name) and `inner` (the server's own
 * authorizer, if any) agrees. A refused tool is not listed, not described and not callable.
 */
export function authorizeWithPolicies(
  policies: PolicyEngine,
  originOf: ToolOriginLookup,
  inner: ToolAuthorizer | undefined,
): ToolAuthorizer {
  return async (tool, context) => {
    const policy = policies.forRole(context.role);
    if (!policy.unrestricted) {
      const origin = await originOf(tool.name);
      if (origin === undefined || !policy.allowsTool(origin.server, origin.tool)) return false;
    }
    return inner === undefined ? true : inner(tool, context);
  };
}

/**
 * `source` with the role's argument constraints checked before a call goes upstream: a call
 * outside them answers an `isError` result naming the argument and the rule.
 */
export function withArgumentChecks(
  source: ToolSource,
  policy: RolePolicy,
  originOf: ToolOriginLookup,
): ToolSource {
  if (policy.unrestricted) return source;
  return {
    listTools: (extra) => source.listTools(extra),
    async callTool(request, extra) {
      const origin = await originOf(request.params.name);
      if (origin !== undefined) {
        try {
          policy.checkArguments(origin.server, origin.tool, request.params.arguments ?? {});
        } catch (error) {
          if (!CoreError.isInstance(error) || error.code !== 'POLICY_DENIED') throw error;
          const refused: CallToolResult = {
            content: [
              {
                type: 'text',
                text: `Invalid arguments for tool ${request.params.name}: ${error.message} (a policy of this caller's role)`,
              },
            ],
            isError: true,
          };
          return refused;
        }
      }
      return source.callTool(request, extra);
    },
  };
}
