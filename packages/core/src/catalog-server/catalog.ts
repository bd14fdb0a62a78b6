/**
 * The tool catalog file format and its loader.
 *
 * @module
 */

import { readFile } from 'node:fs/promises';
import type { Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { CoreError } from '../errors.js';

/** A tool's JSON Schema for its arguments, as MCP carries it in `tools/list`. */
export type CatalogInputSchema = Tool['inputSchema'];

/** What the MCP `Tool` type demands of an input schema's root; checked, never used to rebuild it. */
const InputSchemaRootSchema = z.looseObject({
  type: z.literal('object'),
  properties: z
    .record(
      z.string(),
      z.custom<object>(
        (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
        {
          message: 'expected a JSON Schema object',
        },
      ),
    )
    .optional(),
  required: z.array(z.string()).optional(),
});

/**
 * Validates a tool's input schema root and hands back the very object it was given.
 *
 * Parsing through a zod object would rebuild the schema with its keys reordered; the catalog
 * server promises to serve each schema exactly as the file has it, so the check here reports
 * zod's issues but never replaces the value.
 */
const CatalogInputSchemaSchema = z.custom<CatalogInputSchema>().superRefine((value, context) => {
  const result = InputSchemaRootSchema.safeParse(value);
  if (result.success) return;
  for (const issue of result.error.issues) {
    context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
});

/**
 * One entry of a catalog file: a tool as some MCP server listed it.
 *
 * Other fields (`id`, `category`, ...) are kept but not served. `server` names the MCP server
 * the tool came from; it is a grouping key, used by `prefixServer` and the `servers` filter.
 */
export const CatalogToolSchema = z.looseObject({
  /** The tool name as its server listed it; may break the MCP naming rule. */
  name: z.string().min(1),
  /** The tool description, served as it is (empty strings included). */
  description: z.string().optional(),
  /** The JSON Schema of the arguments; its root must be `type: "object"`, as MCP demands. */
  inputSchema: CatalogInputSchemaSchema,
  /** The MCP server the tool came from: a grouping key. */
  server: z.string().min(1).optional(),
});

/** One entry of a catalog file. */
export type CatalogTool = z.infer<typeof CatalogToolSchema>;

/** A whole catalog file: a JSON array of {@link CatalogTool}. Names may repeat across servers. */
export const CatalogSchema = z.array(CatalogToolSchema);

/** A whole catalog: the tools in file order. */
export type Catalog = z.infer<typeof CatalogSchema>;

/** How many zod issues a catalog error carries in `data.issues`. */
const MAX_REPORTED_ISSUES = 20;

/** Turns a zod issue path into `entry 12 ("name") field inputSchema.type`. */
function describeIssuePath(value: unknown, path: readonly PropertyKey[]): string {
  const [index, ...field] = path;
  if (typeof index !== 'number') return 'the top level';
  const entry = Array.isArray(value) ? (value[index] as unknown) : undefined;
  const name =
    typeof entry === 'object' &&
    entry !== null &&
    typeof (entry as { name?: unknown }).name === 'string'
      ? ` (${JSON.stringify((entry as { name: string }).name.slice(0, 80))})`
      : '';
  const fieldText = field.length === 0 ? '' : ` field ${field.map(String).join('.')}`;
  return `entry ${index}${name}${fieldText}`;
}

/**
 * Validates an already parsed catalog; `source` names it in errors (a file path, say).
 *
 * @throws CoreError `CONFIG_INVALID` naming the source, the first bad entry's index, its name
 *   and the field; `data.issues` lists up to 20 issues as `{ where, message }`.
 */
export function parseCatalog(value: unknown, source = 'catalog'): Catalog {
  const result = CatalogSchema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => ({
    where: describeIssuePath(value, issue.path),
    message: issue.message,
  }));
  const first = issues[0];
  const more =
    result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more)` : '';
  throw new CoreError({
    code: 'CONFIG_INVALID',
    message: `${source}: ${first?.where ?? 'the top level'}: ${first?.message ?? 'invalid'}${more}`,
    data: { source, issues },
  });
}

/**
 * Reads and validates a catalog file (`[{name, description, inputSchema, server?}]`).
 *
 * @throws CoreError `CONFIG_INVALID` when the file cannot be read, is not JSON, or an entry is
 *   invalid; the message names the file (and the entry index and field).
 */
export async function loadCatalog(path: string): Promise<Catalog> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new CoreError({
      code: 'CONFIG_INVALID',
      message: `cannot read catalog file ${path}: ${reason}`,
      data: { source: path },
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CoreError({
      code: 'CONFIG_INVALID',
      message: `catalog file ${path} is not valid JSON: ${(error as Error).message}`,
      data: { source: path },
      cause: error,
    });
  }
  return parseCatalog(value, `catalog file ${path}`);
}
