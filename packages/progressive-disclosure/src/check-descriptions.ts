/**
 * Checks description overrides against the tools they describe: every example must be a valid
 * call, and every override must describe a tool that exists.
 *
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';
import { createJsonSchemaCompiler } from '@x/core/schemas';
import type { DescriptionSource } from './description-override.js';

/** One problem found by {@link checkDescriptions}. */
export interface DescriptionIssue {
  /** The tool the problem is about. */
  tool: string;
  /** What is wrong, in one line. */
  message: string;
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
  const compiler = createJsonSchemaCompiler();
  for (const tool of tools) {
    const examples = source.get(tool.name)?.examples ?? [];
    if (examples.length === 0) continue;
    const compilation = compiler.compile(tool.inputSchema);
    if (compilation.kind !== 'compiled') {
      const reason =
        compilation.kind === 'invalid'
          ? compilation.message
          : `unsupported $schema ${JSON.stringify(compilation.metaSchema)}`;
      issues.push({ tool: tool.name, message: `input schema does not compile: ${reason}` });
      continue;
    }
    const validate = compilation.validate;
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
