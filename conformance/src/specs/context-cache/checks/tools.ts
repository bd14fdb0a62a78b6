/**
 * Checks of the tool set and the input schemas of the three tools.
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../../check.js';
import { fail, listProblems, pass, skip } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { listTools } from '../../mcp-base/tool-listing.js';
import {
  CONTEXT_TOOLS,
  INSPECT_CACHE_TOOL,
  LIST_CACHES_TOOL,
  RESOLVE_TOOL,
} from '../tool-calls.js';

/** The listed tools by name (the first of each name), once per target. */
export function toolsByName(
  context: CheckContext,
): Promise<ReadonlyMap<string, Readonly<Record<string, unknown>>>> {
  return context.memo('context-cache:tools', async () => {
    const { walk } = await listTools(context);
    const byName = new Map<string, Readonly<Record<string, unknown>>>();
    for (const tool of walk.items) {
      if (isRecord(tool) && typeof tool.name === 'string' && !byName.has(tool.name)) {
        byName.set(tool.name, tool);
      }
    }
    return byName;
  });
}

/** True when the server lists the three `context.*` tools: how the spec is detected. */
export async function hasContextTools(context: CheckContext): Promise<boolean> {
  const tools = await toolsByName(context);
  return CONTEXT_TOOLS.every((name) => tools.has(name));
}

/** v0 servers speak over stdio: one reached over HTTP is outside the interface. */
export const stdioTransportCheck: Check = {
  requirement: 'context-cache.transport.stdio',
  definedIn: import.meta.url,
  async run(context) {
    return context.target.kind === 'stdio'
      ? pass('reached over stdio')
      : fail('reached over HTTP; v0 context-cache servers use stdio only');
  },
};

/** The three tools are listed. */
export const toolSetCheck: Check = {
  requirement: 'context-cache.tools.present',
  definedIn: import.meta.url,
  async run(context) {
    const tools = await toolsByName(context);
    const missing = CONTEXT_TOOLS.filter((name) => !tools.has(name));
    return missing.length > 0
      ? fail(`missing tool(s): ${missing.join(', ')}`)
      : pass('lists context.resolve, context.list_caches and context.inspect_cache');
  },
};

function schemaOf(tool: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  return isRecord(tool.inputSchema) ? tool.inputSchema : {};
}

function propertyOf(schema: Readonly<Record<string, unknown>>, name: string) {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return isRecord(properties[name]) ? properties[name] : undefined;
}

function requiredOf(schema: Readonly<Record<string, unknown>>): readonly unknown[] {
  return Array.isArray(schema.required) ? schema.required : [];
}

/** Runs `problemsOf` on the input schema of `name`, skipping when the tool is not listed. */
function schemaCheck(
  requirement: string,
  name: string,
  problemsOf: (schema: Readonly<Record<string, unknown>>) => string[],
  passMessage: string,
): Check {
  return {
    requirement,
    definedIn: import.meta.url,
    async run(context): Promise<CheckOutcome> {
      const tool = (await toolsByName(context)).get(name);
      if (tool === undefined)
        return skip(`${name} is not listed (see context-cache.tools.present)`);
      const problems = problemsOf(schemaOf(tool));
      return problems.length > 0 ? fail(`${name}: ${listProblems(problems)}`) : pass(passMessage);
    },
  };
}

function typedProperty(
  schema: Readonly<Record<string, unknown>>,
  name: string,
  type: string,
): string[] {
  const property = propertyOf(schema, name);
  if (property === undefined) return [`no property ${name}`];
  return property.type === type
    ? []
    : [`${name} has type ${JSON.stringify(property.type) ?? 'absent'}, not "${type}"`];
}

/** context.resolve: cache, query strings; budget integer, minimum 0; all required. */
export const resolveSchemaCheck = schemaCheck(
  'context-cache.resolve.input-schema',
  RESOLVE_TOOL,
  (schema) => {
    const problems = [
      ...typedProperty(schema, 'cache', 'string'),
      ...typedProperty(schema, 'query', 'string'),
      ...typedProperty(schema, 'budget', 'integer'),
    ];
    const budget = propertyOf(schema, 'budget');
    if (budget !== undefined && budget.minimum !== 0) {
      problems.push(`budget has minimum ${JSON.stringify(budget.minimum) ?? 'absent'}, not 0`);
    }
    const required = requiredOf(schema);
    const missing = ['cache', 'query', 'budget'].filter((name) => !required.includes(name));
    if (missing.length > 0) problems.push(`not required: ${missing.join(', ')}`);
    return problems;
  },
  'cache and query are strings, budget an integer from 0, all required',
);

/** context.list_caches: no required argument. */
export const listSchemaCheck = schemaCheck(
  'context-cache.list-caches.input-schema',
  LIST_CACHES_TOOL,
  (schema) => {
    const required = requiredOf(schema);
    return required.length > 0
      ? [`requires ${required.map((name) => String(name)).join(', ')}`]
      : [];
  },
  'requires no argument',
);

/** context.inspect_cache: cache, a required string. */
export const inspectSchemaCheck = schemaCheck(
  'context-cache.inspect-cache.input-schema',
  INSPECT_CACHE_TOOL,
  (schema) => [
    ...typedProperty(schema, 'cache', 'string'),
    ...(requiredOf(schema).includes('cache') ? [] : ['cache is not required']),
  ],
  'cache is a required string',
);

/** The checks of this file. */
export const toolChecks: readonly Check[] = [
  stdioTransportCheck,
  toolSetCheck,
  resolveSchemaCheck,
  listSchemaCheck,
  inspectSchemaCheck,
];
