import { basename, join } from 'node:path';
import { z } from 'zod';
import { readJson } from './read.js';
import { splitFile } from './splits.js';

/**
 * One tool of a `catalog.json`: `[{server, name, description, inputSchema}]`. A catalog without
 * servers (MetaTool's plugins) has no `server`: the loader puts its tools in one server named
 * after the data set's folder.
 */
export const CatalogToolSchema = z.looseObject({
  server: z.string().optional(),
  name: z.string(),
  description: z.string().default(''),
  inputSchema: z.unknown().optional(),
  id: z.string().optional(),
});
/** A tool of a catalog, with its server. */
export type CatalogTool = z.infer<typeof CatalogToolSchema> & { readonly server: string };

/** One labeled query of a `queries_<split>.json`: the tool names it needs. */
export const ToolQuerySchema = z.looseObject({
  id: z.string(),
  query: z.string(),
  relevant: z.array(z.string()).min(1),
});
/** A labeled tool query. */
export type ToolQuery = z.infer<typeof ToolQuerySchema>;

/** Loads `catalog.json` of a tool data set; a tool without a server gets the folder's name. */
export function loadToolCatalog(folder: string): CatalogTool[] {
  const server = basename(folder);
  return readJson(join(folder, 'catalog.json'), z.array(CatalogToolSchema)).map((tool) => ({
    ...tool,
    server: tool.server ?? server,
  }));
}

/** Loads the labeled queries of one split (`queries_<split>.json`; `queries.json` is test). */
export function loadToolQueries(folder: string, split: string): ToolQuery[] {
  return readJson(splitFile(folder, 'queries', '.json', split), z.array(ToolQuerySchema));
}
