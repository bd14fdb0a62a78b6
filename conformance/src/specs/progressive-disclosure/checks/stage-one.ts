/**
 * Checks of stage 1, the tools as `tools/list` gives them (§3.1).
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { needFullDescriptions, needTools } from '../prerequisites.js';
import { jsonSize, nameWords, sameJson, wordsOf } from '../text.js';

/** The fewest words a description needs to state a purpose (`pd.3.1.purpose`). */
const PURPOSE_WORDS = 3;

/** Signs of detail that stage 1 must leave to stage 2, in a description's text. */
const DETAIL_MARKERS: readonly (readonly [RegExp, string])[] = [
  [/```/, 'a code block'],
  [/\bexamples?\s*:/i, 'an example'],
  [/\busage\s*:/i, 'usage instructions'],
  [/\{\s*"[^"]*"\s*:/, 'a JSON object'],
];

/** Members of a full description that have no place in stage 1. */
const STAGE_TWO_MEMBERS = ['examples', 'usage_guidance', 'error_guidance'] as const;

function descriptionOf(tool: Readonly<Record<string, unknown>>): string {
  return typeof tool.description === 'string' ? tool.description.trim() : '';
}

/** Stage 1 is smaller than stage 2, tool by tool for descriptions and in total. */
export const minimalDescriptionsCheck: Check = {
  requirement: 'pd.3.1.minimal-descriptions',
  definedIn: import.meta.url,
  async run(context) {
    const full = await needFullDescriptions(context);
    if (!full.ok) return full.outcome;
    const problems: string[] = [];
    let listedSize = 0;
    let fullSize = 0;
    for (const tool of full.value.tools) {
      const entry = full.value.entries.get(tool.name);
      if (!isRecord(entry)) continue;
      const listed = descriptionOf(tool);
      const complete = typeof entry.description === 'string' ? entry.description.trim() : '';
      if (listed.length > complete.length) {
        problems.push(
          `"${tool.name}" is listed with ${listed.length} characters of description, more than its full ${complete.length}`,
        );
      }
      listedSize += jsonSize(tool.description) + jsonSize(tool.inputSchema);
      fullSize += jsonSize(entry.description) + jsonSize(entry.inputSchema);
    }
    if (listedSize >= fullSize) {
      problems.push(
        `tools/list descriptions and schemas take ${listedSize} characters, not fewer than the full descriptions' ${fullSize}`,
      );
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          `stage 1 takes ${listedSize} characters of descriptions and schemas, the full descriptions ${fullSize}`,
        );
  },
};

/** Every listed description says more than the tool's name. */
export const selectionCompleteCheck: Check = {
  requirement: 'pd.3.1.selection-complete',
  definedIn: import.meta.url,
  async run(context) {
    const tools = await needTools(context);
    if (!tools.ok) return tools.outcome;
    const problems = tools.value.flatMap((tool) => {
      const words = wordsOf(descriptionOf(tool));
      if (words.length === 0) return [`"${tool.name}" has no description`];
      const known = new Set(nameWords(tool.name));
      return words.every((word) => known.has(word))
        ? [`"${tool.name}" is described only by the words of its name`]
        : [];
    });
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${tools.value.length} tools have descriptions beyond their names`);
  },
};

/** Every listed description has a few words. */
export const purposeCheck: Check = {
  requirement: 'pd.3.1.purpose',
  definedIn: import.meta.url,
  async run(context) {
    const tools = await needTools(context);
    if (!tools.ok) return tools.outcome;
    const terse = tools.value.filter((tool) => wordsOf(descriptionOf(tool)).length < PURPOSE_WORDS);
    return terse.length > 0
      ? fail(
          `descriptions of fewer than ${PURPOSE_WORDS} words: ${listProblems(terse.map((tool) => `"${tool.name}" ${JSON.stringify(descriptionOf(tool))}`))}`,
        )
      : pass(`${tools.value.length} descriptions have ${PURPOSE_WORDS} words or more`);
  },
};

/** True when `schema` or a schema inside it documents a parameter (`description`, `examples`). */
function documentsParameters(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(documentsParameters);
  if (!isRecord(schema)) return false;
  if (typeof schema.description === 'string' || Array.isArray(schema.examples)) return true;
  return Object.values(schema).some(documentsParameters);
}

function hasProperties(schema: unknown): boolean {
  return (
    isRecord(schema) && isRecord(schema.properties) && Object.keys(schema.properties).length > 0
  );
}

/** Stage 1 leaves parameter documentation, examples and usage to stage 2. */
export const noDetailsCheck: Check = {
  requirement: 'pd.3.1.no-details',
  definedIn: import.meta.url,
  async run(context) {
    const tools = await needTools(context);
    if (!tools.ok) return tools.outcome;
    const full = await needFullDescriptions(context);
    const entries = full.ok ? full.value.entries : new Map<string, unknown>();
    const problems = tools.value.flatMap((tool) => {
      const found: string[] = [];
      const members = STAGE_TWO_MEMBERS.filter((member) => tool[member] !== undefined);
      if (members.length > 0) found.push(`carries ${members.join(', ')}`);
      if (documentsParameters(tool.inputSchema))
        found.push('documents its parameters in inputSchema');
      const entry = entries.get(tool.name);
      if (
        isRecord(entry) &&
        hasProperties(entry.inputSchema) &&
        sameJson(tool.inputSchema, entry.inputSchema)
      ) {
        found.push('lists its complete input schema');
      }
      const text = descriptionOf(tool);
      for (const [marker, what] of DETAIL_MARKERS) {
        if (marker.test(text)) found.push(`has ${what} in its description`);
      }
      return found.map((problem) => `"${tool.name}" ${problem}`);
    });
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${tools.value.length} listed tools carry no schema details, examples or usage`);
  },
};

/** The checks of stage 1, in catalog order. */
export const stageOneChecks: readonly Check[] = [
  minimalDescriptionsCheck,
  selectionCompleteCheck,
  purposeCheck,
  noDetailsCheck,
];
