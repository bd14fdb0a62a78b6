/**
 * Checks of stage 2, the content of the full descriptions (§3.2): complete schemas, examples
 * and error guidance.
 *
 * Examples and error guidance are SHOULDs, and a server may have none to give (a wrapper of
 * servers whose tools carry no examples): such a server gets a skip that says so, never a
 * failure. What a server does give must be well formed.
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, pass, skip } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { createSchemaCompiler } from '../../mcp-base/json-schema.js';
import { createExampleValidator } from '../example-validation.js';
import { type FullDescriptions, needFullDescriptions } from '../prerequisites.js';
import type { JsonObject } from '../reads.js';

/** The listed tools whose full description is an object, with that object. */
function describedTools(
  full: FullDescriptions,
): { name: string; entry: JsonObject; listed: JsonObject }[] {
  return full.tools.flatMap((tool) => {
    const entry = full.entries.get(tool.name);
    return isRecord(entry) ? [{ name: tool.name, entry, listed: tool }] : [];
  });
}

/** True for `{"type": "object", "additionalProperties": true}`, give or take `$schema`. */
function isOpenPlaceholder(schema: JsonObject): boolean {
  const keys = Object.keys(schema).filter((key) => key !== '$schema');
  return keys.length === 2 && schema.type === 'object' && schema.additionalProperties === true;
}

function propertyNames(schema: unknown): string[] {
  return isRecord(schema) && isRecord(schema.properties) ? Object.keys(schema.properties) : [];
}

/** Full input schemas are valid object schemas, complete with what stage 1 names. */
export const completeSchemaCheck: Check = {
  requirement: 'pd.3.2.complete-schema',
  definedIn: import.meta.url,
  async run(context) {
    const full = await needFullDescriptions(context);
    if (!full.ok) return full.outcome;
    const compiler = createSchemaCompiler();
    const problems: string[] = [];
    const described = describedTools(full.value);
    let checked = 0;
    for (const { name, entry, listed } of described) {
      const schema = entry.inputSchema;
      if (!isRecord(schema)) continue;
      checked++;
      const label = `"${name}"`;
      if (schema.type !== 'object') problems.push(`${label} inputSchema is not of type "object"`);
      if (isOpenPlaceholder(schema))
        problems.push(`${label} inputSchema is the open stage-1 schema`);
      const verdict = compiler.verdict(schema);
      if (verdict.kind === 'invalid') problems.push(`${label} inputSchema: ${verdict.message}`);
      const known = new Set(propertyNames(schema));
      const lost = propertyNames(listed.inputSchema).filter((property) => !known.has(property));
      if (lost.length > 0) problems.push(`${label} lacks the listed properties ${lost.join(', ')}`);
    }
    if (problems.length > 0) return fail(listProblems(problems));
    return checked === 0
      ? skip('no full description has an inputSchema (see pd.4.4.full-descriptions)')
      : pass(`${checked} full input schemas are complete object schemas`);
  },
};

/** Full descriptions carry examples (§3.2 SHOULD), each a valid call; none at all fails. */
export const examplesCheck: Check = {
  requirement: 'pd.3.2.examples',
  definedIn: import.meta.url,
  async run(context) {
    const full = await needFullDescriptions(context);
    if (!full.ok) return full.outcome;
    const validator = createExampleValidator();
    const described = describedTools(full.value);
    const withExamples = described.filter(({ entry }) => entry.examples !== undefined);
    if (withExamples.length === 0) {
      return fail(`none of ${described.length} full descriptions has usage examples`);
    }
    const problems = withExamples.flatMap(({ name, entry }) => {
      const examples = entry.examples;
      if (!Array.isArray(examples) || examples.length === 0) {
        return [`"${name}" examples is not a non-empty array`];
      }
      return examples.flatMap((example, index) => {
        const label = `"${name}" example ${index + 1}`;
        if (!isRecord(example) || !isRecord(example.input)) return [`${label} has no input object`];
        const schema = entry.inputSchema;
        const problem = isRecord(schema) ? validator.problem(schema, example.input) : undefined;
        return problem === undefined ? [] : [`${label} is not a valid call: ${problem}`];
      });
    });
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${withExamples.length} of ${described.length} tools have examples, all valid calls`);
  },
};

/** Full descriptions carry non-empty error guidance (§3.2 SHOULD); none at all fails. */
export const errorGuidanceCheck: Check = {
  requirement: 'pd.3.2.error-guidance',
  definedIn: import.meta.url,
  async run(context) {
    const full = await needFullDescriptions(context);
    if (!full.ok) return full.outcome;
    const described = describedTools(full.value);
    const guided = described.filter(({ entry }) => entry.error_guidance !== undefined);
    if (guided.length === 0) {
      return fail(`none of ${described.length} full descriptions has error_guidance`);
    }
    const empty = guided.filter(({ entry }) => {
      const guidance = entry.error_guidance;
      if (typeof guidance === 'string') return guidance.trim() === '';
      return !isRecord(guidance) || Object.keys(guidance).length === 0;
    });
    return empty.length > 0
      ? fail(
          `error_guidance is empty or not an object: ${listProblems(empty.map(({ name }) => `"${name}"`))}`,
        )
      : pass(`${guided.length} of ${described.length} tools have error guidance`);
  },
};

/** The checks of stage 2, in catalog order. */
export const stageTwoChecks: readonly Check[] = [
  completeSchemaCheck,
  examplesCheck,
  errorGuidanceCheck,
];
