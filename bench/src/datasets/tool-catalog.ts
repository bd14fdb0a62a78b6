import { join } from 'node:path';
import { z } from 'zod';
import { readJson } from './read.js';
import { splitFile } from './splits.js';

/** One tool of a `catalog.json`: `[{server, name, description, inputSchema}]`. */
export const CatalogToolSchema = z.looseObject({
  server: z.string(),
  name: z.string(),
  description: z.string().default(''),
  inputSchema: z.unknown().optional(),
  id: z.string().optional(),
});
/** A tool of a catalog. */
export type CatalogTool = z.infer<typeof CatalogToolSchema>;

/** One labeled query of a `queries_<split>.json`: the tool names it needs. */
export const ToolQuerySchema = z.looseObject({
  id: z.string(),
  query: z.string(),
  relevant: z.array(z.string()).min(1),
});
/** A labeled tool query. */
export type ToolQuery = z.infer<typeof ToolQuerySchema>;

/** Loads `catalog.json` of a tool data set. */
export function loadToolCatalog(folder: string): CatalogTool[] {
  return readJson(join(folder, 'catalog.json'), z.array(CatalogToolSchema));
}

/** Loads the labeled queries of one split (`queries_<split>.json`; `queries.json` is test). */
export function loadToolQueries(folder: string, split: string): ToolQuery[] {
  return readJson(splitFile(folder, 'queries', '.json', split), z.array(ToolQuerySchema));
}
