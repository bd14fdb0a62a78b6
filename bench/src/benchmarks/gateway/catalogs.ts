/**
 * The catalogs the gateway benchmark serves: LiveMCPBench (527 real MCP tools), Seal-Tools
 * (4,076) and synthetic catalogs of any size drawn from Seal-Tools, seeded.
 *
 * @module
 */

import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/server';
import type { Catalog } from '@x/core/catalog-server';
import type { GatewayUpstream } from '@x/gateway/server';
import { groupByServer, loadServedCatalog } from '../../datasets/served-catalog.js';
import { synthesizeCatalog } from '../../datasets/synthetic-catalog.js';
import { BenchError } from '../../errors.js';
import { isFolder } from '../../paths.js';

/** The seed of every synthetic catalog and sample of this benchmark. */
export const SEED = 7;
/** Tools per synthetic server: real servers hold 7.5 (LiveMCPBench) to 12 (official) on average. */
export const TOOLS_PER_SYNTHETIC_SERVER = 10;
/** The folders of the real catalogs inside the data folder. */
export const LIVEMCPBENCH_FOLDER = 'tools/livemcpbench';
/** The Seal-Tools folder inside the data folder. */
export const SEAL_TOOLS_FOLDER = 'tools/seal-tools';

/** A catalog and where it comes from. */
export interface NamedCatalog {
  /** The short name in results (`livemcpbench`, `seal-tools`, `synthetic-10000`). */
  readonly name: string;
  /** Where the tools come from. */
  readonly source: string;
  /** The tools. */
  readonly catalog: Catalog;
}

/** Loads a tool data set's catalog, or throws `NO_DATA` naming the folder. */
export function loadDataCatalog(dataFolder: string, folder: string): Catalog {
  const path = join(dataFolder, folder);
  if (!isFolder(path)) {
    throw new BenchError({ code: 'NO_DATA', message: `missing data set ${path}` });
  }
  return loadServedCatalog(path);
}

/**
 * A synthetic catalog of `size` tools made from Seal-Tools (see `synthesizeCatalog`: seeded
 * order, renamed copies, servers of ten related tools).
 */
export function syntheticCatalog(sealTools: Catalog, size: number): NamedCatalog {
  return {
    name: `synthetic-${size}`,
    source: `${SEAL_TOOLS_FOLDER} sampled (seed ${SEED}, ${TOOLS_PER_SYNTHETIC_SERVER} tools per server)`,
    catalog: synthesizeCatalog(sealTools, {
      size,
      seed: SEED,
      toolsPerServer: TOOLS_PER_SYNTHETIC_SERVER,
    }),
  };
}

/** A catalog tool as an MCP `Tool` (what its server lists). */
export function toMcpTool(tool: Catalog[number]): Tool {
  return {
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema: (tool.inputSchema ?? { type: 'object' }) as Tool['inputSchema'],
  };
}

/**
 * One in-process upstream per catalog server, answering `tools/list` from memory without MCP:
 * for timing the gateway's own ingest and browse at sizes where a process or a transport per
 * server would measure something else. Calls echo their arguments.
 */
export function memoryUpstreams(catalog: Catalog): GatewayUpstream[] {
  return [...groupByServer(catalog)].map(([server, tools]) => {
    const listed = tools.map(toMcpTool);
    return {
      name: server,
      listTools: async () => listed,
      callTool: async (_name, args) => ({
        content: [{ type: 'text', text: JSON.stringify(args) }],
      }),
    };
  });
}
