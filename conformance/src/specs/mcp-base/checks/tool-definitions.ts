/**
 * Checks of the tools a server lists: their shape, their schemas and their names.
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../../check.js';
import { fail, listProblems, notApplicable, pass, skip } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { createSchemaCompiler } from '../json-schema.js';
import { listTools, toolLabel } from '../tool-listing.js';

/** The naming rule of the 2025-11-25 revision: 1 to 128 of A-Z a-z 0-9 _ - . */
const TOOL_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

/** The rule real clients and the official conformance suite enforce: 1 to 64 of A-Z a-z 0-9 _ - . / */
const CLIENT_SAFE_NAME_PATTERN = /^[A-Za-z0-9_./-]{1,64}$/;

/** The listed tools, or the outcome to report instead. */
type ToolRead =
  | { readonly kind: 'tools'; readonly tools: readonly unknown[] }
  | { readonly kind: 'outcome'; readonly outcome: CheckOutcome };

/**
 * The listed tools, or the outcome to report when they cannot be read: a skip when tools are
 * not declared or tools/list fails (the capability check reports that), a failure when
 * `failOnShape` and a page is malformed.
 */
async function readTools(context: CheckContext, failOnShape: boolean): Promise<ToolRead> {
  const { declared, walk } = await listTools(context);
  const outcome = (value: CheckOutcome): ToolRead => ({ kind: 'outcome', outcome: value });
  if (!declared) return outcome(notApplicable('the server does not declare tools'));
  const failure = walk.failure;
  if (failure?.kind === 'request')
    return outcome(skip(`${failure.message} (see mcp.capabilities.tools)`));
  if (failure?.kind === 'shape') {
    return outcome(
      failOnShape
        ? fail(`tools/list page ${failure.page}: ${failure.message}`)
        : skip(`tools/list page ${failure.page} is malformed (see mcp.tools.definition-shape)`),
    );
  }
  return { kind: 'tools', tools: walk.items };
}

function shapeProblems(tool: unknown, index: number): string[] {
  const label = toolLabel(tool, index);
  if (!isRecord(tool)) return [`${label} is not an object`];
  const problems: string[] = [];
  if (typeof tool.name !== 'string') problems.push(`${label} has no string name`);
  const schema = tool.inputSchema;
  if (!isRecord(schema)) problems.push(`${label} has no inputSchema object`);
  else if (schema.type !== 'object') {
    problems.push(
      `${label} has inputSchema.type ${JSON.stringify(schema.type) ?? 'absent'}, not "object"`,
    );
  }
  return problems;
}

/** Every tool has a string name and an inputSchema object of type "object". */
export const toolShapeCheck: Check = {
  requirement: 'mcp.tools.definition-shape',
  definedIn: import.meta.url,
  async run(context) {
    const read = await readTools(context, true);
    if (read.kind === 'outcome') return read.outcome;
    const { tools } = read;
    const problems = tools.flatMap(shapeProblems);
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${tools.length} tools are well formed`);
  },
};

/** Every inputSchema and outputSchema compiles in its dialect. */
export const toolSchemaCheck: Check = {
  requirement: 'mcp.tools.schema-valid',
  definedIn: import.meta.url,
  async run(context) {
    const read = await readTools(context, false);
    if (read.kind === 'outcome') return read.outcome;
    const { tools } = read;
    const compiler = createSchemaCompiler();
    const problems: string[] = [];
    const unsupported = new Set<string>();
    let compiled = 0;
    tools.forEach((tool, index) => {
      if (!isRecord(tool)) return;
      for (const member of ['inputSchema', 'outputSchema'] as const) {
        const schema = tool[member];
        if (!isRecord(schema)) continue;
        const verdict = compiler.verdict(schema);
        if (verdict.kind === 'unsupported-dialect') unsupported.add(verdict.dialect);
        else if (verdict.kind === 'invalid') {
          problems.push(
            `${toolLabel(tool, index)} ${member} (${verdict.dialect}): ${verdict.message}`,
          );
        } else compiled++;
      }
    });
    if (problems.length > 0) return fail(listProblems(problems));
    const note =
      unsupported.size === 0 ? '' : `; not checked: dialect ${[...unsupported].sort().join(', ')}`;
    return pass(`${compiled} schemas compile${note}`);
  },
};

/** A check that every tool name matches `pattern`, described as `rule` in failures. */
function createNameCheck(requirement: string, pattern: RegExp, rule: string): Check {
  return {
    requirement,
    definedIn: import.meta.url,
    async run(context) {
      const read = await readTools(context, false);
      if (read.kind === 'outcome') return read.outcome;
      const names = read.tools.flatMap((tool) =>
        isRecord(tool) && typeof tool.name === 'string' ? [tool.name] : [],
      );
      const bad = names.filter((name) => !pattern.test(name));
      return bad.length > 0
        ? fail(`names outside ${rule}: ${listProblems(bad.map((name) => JSON.stringify(name)))}`)
        : pass(`${names.length} tool names follow the rule`);
    },
  };
}

/** Tool names follow the specification's naming rule. */
export const toolNameCheck: Check = createNameCheck(
  'mcp.tools.name-format',
  TOOL_NAME_PATTERN,
  '1-128 of [A-Za-z0-9_.-]',
);

/** Tool names follow the stricter rule that clients enforce. */
export const toolClientSafeNameCheck: Check = createNameCheck(
  'mcp.tools.name-client-safe',
  CLIENT_SAFE_NAME_PATTERN,
  '1-64 of [A-Za-z0-9_./-]',
);
