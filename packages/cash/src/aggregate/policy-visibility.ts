/**
 * Per-caller tool policies (`@x/core/policy`) over an aggregation: the visibility hook that
 * hides what a caller's role may not use.
 *
 * @module
 */

import type { PolicyEngine } from '@x/core/policy';
import type { McpServersConfig } from '@x/core/upstreams';
import type { VisibilityHook } from '../definitions.js';
import { normalizeLabel } from '../names.js';
import { upstreamLabel } from './static-aggregation.js';

/** How an aggregated server is served once opened: see `UpstreamMount.servedAs`. */
export type ServedAs = (server: string) => 'cash' | 'mcp' | undefined;

/**
 * The visibility hook of an aggregation's policies (cash-rfc §2.3: a hidden entry is absent
 * from `help` and `skill` listings and counts, and `call` answers it as an unknown name).
 *
 * - A server the role may not see (`RolePolicy.allowsServer`) is hidden with everything in it.
 * - A plain MCP server's functions are its tools, matched by their upstream names.
 * - A CaSH upstream is forwarded whole, so the role sees it only when it may use every one of
 *   its tools (`RolePolicy.allowsEveryTool`); until it has been opened it counts as CaSH.
 * - Skills follow their server; the aggregator's own entries are never hidden.
 *
 * `undefined` when the engine has no policies (everything visible, as without the hook).
 */
export function createPolicyVisibility(
  config: McpServersConfig,
  policies: PolicyEngine,
  servedAs: ServedAs,
): VisibilityHook | undefined {
  if (!policies.configured) return undefined;
  const servers = new Map<string, string>();
  for (const [name, entry] of Object.entries(config.mcpServers)) {
    if (entry.disabled !== true) {
      servers.set(normalizeLabel(upstreamLabel(name, entry.namespace)), name);
    }
  }
  return (target, session) => {
    const policy = policies.forRole(session?.role);
    if (policy.unrestricted) return true;
    const top = target.namespace.split('.')[0] ?? '';
    const server = top === '' ? undefined : servers.get(normalizeLabel(top));
    if (server === undefined) return true;
    if (!policy.allowsServer(server)) return false;
    if (target.kind === 'namespace') {
      return servedAs(server) === 'mcp' || policy.allowsEveryTool(server);
    }
    if (target.kind === 'function') {
      return policy.allowsTool(server, target.upstreamTool ?? target.name);
    }
    return true;
  };
}
