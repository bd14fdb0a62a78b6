import type { SearchFieldOptions } from './search-options.js';

/** The fields of a tool that {@link TOOL_SEARCH_FIELDS} weighs and {@link toolSearchText} reads. */
export type ToolSearchField =
  | 'name'
  | 'namespace'
  | 'description'
  | 'tags'
  | 'parameters'
  | 'parameterDescriptions';

/**
 * Field weights for ranking tools: the name counts most, then the description, then namespace
 * and parameter names; parameter descriptions count a little. Chosen on the Seal-Tools dev
 * queries (`pnpm bench search`), where halving or doubling any one weight moves nDCG@10 by less
 * than 0.01. `tags` is not in that data set and gets a neutral weight.
 */
export const TOOL_SEARCH_FIELDS: Readonly<Record<ToolSearchField, SearchFieldOptions>> = {
  name: { weight: 3 },
  namespace: { weight: 1 },
  description: { weight: 2 },
  tags: { weight: 1 },
  parameters: { weight: 1 },
  parameterDescriptions: { weight: 0.5 },
};

/** The parts of an MCP tool (or a card describing one) that {@link toolSearchText} reads. */
export interface SearchableTool {
  /** The tool's name. */
  readonly name: string;
  /** The server or namespace it belongs to. */
  readonly namespace?: string | undefined;
  /** Its description. */
  readonly description?: string | undefined;
  /** Free labels. */
  readonly tags?: readonly string[] | undefined;
  /** Its JSON Schema; property names and descriptions are read, nested ones too. */
  readonly inputSchema?: unknown;
}

/** How deep {@link toolSearchText} follows nested object and array schemas. */
const SCHEMA_DEPTH = 4;

/**
 * The text of one field of a tool, for `createSearchIndex({ fields: TOOL_SEARCH_FIELDS, text:
 * toolSearchText, ... })`. Reads the schema defensively: anything malformed is skipped.
 */
export function toolSearchText(tool: SearchableTool, field: ToolSearchField): string {
  switch (field) {
    case 'name':
      return tool.name;
    case 'namespace':
      return tool.namespace ?? '';
    case 'description':
      return tool.description ?? '';
    case 'tags':
      return (tool.tags ?? []).join(' ');
    case 'parameters':
    case 'parameterDescriptions': {
      const names: string[] = [];
      const descriptions: string[] = [];
      collectProperties(tool.inputSchema, SCHEMA_DEPTH, names, descriptions);
      return (field === 'parameters' ? names : descriptions).join(' ');
    }
  }
}

function collectProperties(
  schema: unknown,
  depth: number,
  names: string[],
  descriptions: string[],
): void {
  if (depth === 0 || !isRecord(schema)) return;
  if (isRecord(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      names.push(name);
      if (isRecord(property) && typeof property.description === 'string') {
        descriptions.push(property.description);
      }
      collectProperties(property, depth - 1, names, descriptions);
    }
  }
  collectProperties(schema.items, depth - 1, names, descriptions);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
