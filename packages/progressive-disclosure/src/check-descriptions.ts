/**
 * Checks description overrides against the tools they describe: every example must be a valid
 * call, and every override must describe a tool that exists.
 *
 * @module
 */

import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { DescriptionSource } from './description-override.js';

/** One problem found by {@link checkDescriptions}. */
export interface DescriptionIssue {
  /** The tool the problem is about. */
  tool: string;
  /** What is wrong, in one line. */
  message: string;
}

/** `$schema` values of draft-07, the dialect zod-generated schemas declare. */
const DRAFT_07 = new Set([
  'http://json-schema.org/draft-07/schema#',
  'http://json-schema.org/draft-07/schema',
]);

interface Validator {
  (value: unknown): boolean;
  errors?: { instancePath: string; message?: string }[] | null;
}

/** Compiles `schema` with ajv in its dialect (draft-07 when it says so, else 2020-12 as MCP specifies). */
async function createCompiler(): Promise<(schema: Tool['inputSchema']) => Validator> {
  const [{ Ajv }, { Ajv2020 }, { default: ajvFormats }] = await Promise.all([
    import('ajv'),
    import('ajv/dist/2020.js'),
    import('ajv-formats'),
  ]);
  // ajv-formats is CommonJS with `exports.default`; NodeNext types its default import as the module.
  const addFormats = ajvFormats as unknown as typeof ajvFormats.default;
  const options = { strict: false, allErrors: true, addUsedSchema: false };
  const draft07 = new Ajv(options);
  const draft2020 = new Ajv2020(options);
  addFormats(draft07);
  addFormats(draft2020);
  return (schema) => {
    const dialect = typeof schema.$schema === 'string' && DRAFT_07.has(schema.$schema);
    return (dialect ? draft07 : draft2020).compile(schema) as Validator;
  };
}

/**
 * Finds overrides that describe no tool in `tools`, and examples whose `input` fails the tool's
 * input schema (checked with ajv, formats included). `describedNames` are the names that have an
 * override (`DescriptionFolder.toolNames()`, say). Issues come sorted by tool, then message.
 * Run it at startup and print the issues: a wrong example misleads every model that reads it.
 */
export async function checkDescriptions(
  tools: readonly Tool[],
  source: DescriptionSource,
  describedNames: readonly string[],
): Promise<DescriptionIssue[]> {
  const issues: DescriptionIssue[] = [];
  const known = new Set(tools.map((tool) => tool.name));
  for (const name of describedNames) {
    if (!known.has(name)) issues.push({ tool: name, message: 'describes no tool of the server' });
  }
  const compile = await createCompiler();
  for (const tool of tools) {
    const examples = source.get(tool.name)?.examples ?? [];
    if (examples.length === 0) continue;
    let validate: Validator;
    try {
      validate = compile(tool.inputSchema);
    } catch (error) {
      issues.push({ tool: tool.name, message: `input schema does not compile: ${String(error)}` });
      continue;
    }
    examples.forEach((example, index) => {
      if (validate(example.input)) return;
      const reasons = (validate.errors ?? [])
        .map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`)
        .join('; ');
      issues.push({
        tool: tool.name,
        message: `example ${index + 1} is not a valid call: ${reasons}`,
      });
    });
  }
  return issues.sort((left, right) =>
    left.tool === right.tool
      ? compareText(left.message, right.message)
      : compareText(left.tool, right.tool),
  );
}

function compareText(left: string, right: string): number {
  if (left < right) return -1;
  return left > right ? 1 : 0;
}
