/**
 * The gateway Catalog that `pnpm bench retrieval` ranks with: a data set's tools, one upstream
 * per server, as `x-gateway` would hold them.
 *
 * @module
 */

import { type Catalog, createCatalog } from '@x/gateway';
import { loadToolCatalog } from '../../datasets/tool-catalog.js';

/** A data set's gateway Catalog, and each tool id's name as the data set's labels give it. */
export interface GatewayCatalog {
  /** The Catalog. */
  readonly catalog: Catalog;
  /** The upstream tool name of each `tool_id`: what the queries' labels name. */
  readonly names: ReadonlyMap<string, string>;
}

/** Builds the Catalog of the tool data set in `folder`. */
export function buildGatewayCatalog(folder: string): GatewayCatalog {
  const servers = new Map<
    string,
    { name: string; description: string; inputSchema: Record<string, unknown> }[]
  >();
  for (const tool of loadToolCatalog(folder)) {
    const tools = servers.get(tool.server) ?? [];
    tools.push({
      name: tool.name,
      description: tool.description,
      inputSchema: (tool.inputSchema ?? { type: 'object' }) as Record<string, unknown>,
    });
    servers.set(tool.server, tools);
  }
  const catalog = createCatalog(
    [...servers].map(([server, tools]) => ({ upstream: server, tools })),
  );
  const names = new Map<string, string>();
  for (const toolId of catalog.toolIds) {
    const entry = catalog.entry(toolId);
    if (entry !== undefined) names.set(toolId, entry.upstreamName);
  }
  return { catalog, names };
}
