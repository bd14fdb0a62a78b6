/**
 * The schema-only prompt style (mcs §7, item 2): one short line per function in the prompt,
 * and a details function the model calls for a function's full parameters schema.
 *
 * @module
 */

import type { FunctionDefinition } from '../function-definition.js';

/** The name of the details function every driver adds in the schema-only style. */
export const FUNCTION_DETAILS_NAME = 'function_details';

/** How many characters of a function's description its line keeps. */
const MAX_SUMMARY_CHARS = 120;

/**
 * The prompt styles of mcs §7.
 *
 * - `inline`: the whole function description in the prompt (the default).
 * - `schema-only`: one line per function (name, argument names, first sentence of the
 *   description) and {@link FUNCTION_DETAILS_NAME}, which answers with one function's full
 *   definition; calls are still validated against the full schema.
 *
 * @see mcs §7
 */
export type PromptStyle = 'inline' | 'schema-only';

function summary(description: string | undefined): string {
  if (description === undefined) return '';
  const paragraph = description.trim().split(/\n\s*\n/)[0] ?? '';
  const flat = paragraph.replace(/\s+/g, ' ').trim();
  const sentence = /^.*?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat;
  return sentence.length <= MAX_SUMMARY_CHARS
    ? sentence
    : `${sentence.slice(0, MAX_SUMMARY_CHARS - 3)}...`;
}

/** `name(required, optional?)`: the argument names, required ones first as written. */
function signature(definition: FunctionDefinition): string {
  const properties = definition.parameters.properties;
  const keys = typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
  const required = new Set(
    Array.isArray(definition.parameters.required) ? definition.parameters.required : [],
  );
  return `${definition.name}(${keys.map((key) => (required.has(key) ? key : `${key}?`)).join(', ')})`;
}

/** A function's line: its signature and the first sentence of its description's first paragraph. */
export function schemaOnlyLine(definition: FunctionDefinition): string {
  const text = summary(definition.description);
  return text === '' ? signature(definition) : `${signature(definition)}: ${text}`;
}

/**
 * The details function for a function set: one required `name` among the set's names.
 *
 * @see mcs §7
 */
export function functionDetailsDefinition(
  functions: readonly FunctionDefinition[],
): FunctionDefinition {
  return {
    name: FUNCTION_DETAILS_NAME,
    description:
      'Returns the full definition of one function (description and JSON Schema of its arguments). Call it before calling a function whose arguments you do not know.',
    parameters: {
      type: 'object',
      properties: {
        name: { type: 'string', enum: functions.map((definition) => definition.name) },
      },
      required: ['name'],
      additionalProperties: false,
    },
  };
}

/** Renders `functions` in the schema-only style, with the details function's line last. */
export function renderSchemaOnly(functions: readonly FunctionDefinition[]): string {
  return [
    ...functions.map(schemaOnlyLine),
    '',
    `${FUNCTION_DETAILS_NAME}(name): the full definition of the function called name. Call it first when you do not know a function's arguments.`,
  ].join('\n');
}

/** A function of the set under the schema-only style: its line as description, any arguments. */
export function schemaOnlyStub(definition: FunctionDefinition): FunctionDefinition {
  const text = summary(definition.description);
  return {
    name: definition.name,
    ...(text === '' ? {} : { description: text }),
    parameters: { type: 'object' },
  };
}
