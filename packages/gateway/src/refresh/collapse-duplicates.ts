/**
 * Deterministic collapse of raw tool names that several upstreams of one
 * namespace list (gateway-surface §4.6).
 *
 * @module
 */

import type { CatalogSource } from '../browse/catalog.js';
import { normalizeNamespace } from '../tool-id/tool-id-derive.js';

/**
 * A tool left out of the catalog because an earlier source of its namespace
 * lists the same raw name.
 *
 * @see gateway-surface §4.6
 */
export interface CollapsedTool {
  /** The namespace both sources share. */
  namespace: string;
  /** The raw upstream tool name. */
  name: string;
  /** The upstream whose tool was kept. */
  kept: string;
  /** The upstream whose tool was left out. */
  dropped: string;
}

/**
 * Keeps, per namespace, the first tool of each raw name: sources in the
 * given (configuration) order, tools in listing order. Sources and tools
 * without duplicates come back unchanged and in order; `collapsed` lists
 * every tool left out, in the order met.
 *
 * @see gateway-surface §4.6
 */
export function collapseDuplicateNames(sources: readonly CatalogSource[]): {
  /** The sources, each without the tools an earlier source already named. */
  sources: CatalogSource[];
  /** Every dropped tool, with the upstream that kept its name. */
  collapsed: CollapsedTool[];
} {
  const owners = new Map<string, string>();
  const collapsed: CollapsedTool[] = [];
  const kept = sources.map((source) => {
    const namespace = normalizeNamespace(source.namespace ?? source.upstream);
    const tools = source.tools.filter((tool) => {
      const key = `${namespace}\u0000${String(tool.name)}`;
      const owner = owners.get(key);
      if (owner === undefined) {
        owners.set(key, source.upstream);
        return true;
      }
      collapsed.push({ namespace, name: String(tool.name), kept: owner, dropped: source.upstream });
      return false;
    });
    return tools.length === source.tools.length ? source : { ...source, tools };
  });
  return { sources: kept, collapsed };
}
