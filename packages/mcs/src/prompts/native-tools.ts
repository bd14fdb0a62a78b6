/**
 * Function definitions as the tool definitions of the major model APIs, so one driver serves
 * models with native tool calling (the definitions go in the request's `tools`) and models
 * without it (the text system message).
 *
 * @module
 */

import type { FunctionDefinition } from '../function-definition.js';
import { matchesModelPattern } from './model-match.js';

/**
 * The native tool formats.
 *
 * - `openai`: Chat Completions `tools`: `{type: "function", function: {name, description,
 *   parameters}}` per function.
 * - `anthropic`: Messages API `tools`: `{name, description, input_schema}` per function.
 * - `gemini`: Gemini API `tools`: one `{functionDeclarations: [...]}` entry whose declarations
 *   are `{name, description, parametersJsonSchema}` (the JSON Schema field, so no schema is cut
 *   down to the OpenAPI subset of `parameters`).
 *
 * The calls these APIs return (`tool_calls`, `tool_use`, `functionCall`) are read back by the
 * parser; see `CALL_STYLES`.
 */
export const NATIVE_TOOL_FORMATS = ['openai', 'anthropic', 'gemini'] as const;

/** One of {@link NATIVE_TOOL_FORMATS}. */
export type NativeToolFormat = (typeof NATIVE_TOOL_FORMATS)[number];

/** The model-name patterns of each native format's family, checked in this order. */
const FAMILY_PATTERNS: readonly [NativeToolFormat, readonly string[]][] = [
  ['openai', ['gpt-*', 'chatgpt-*', 'o1*', 'o3*', 'o4*']],
  ['anthropic', ['claude*', 'anthropic.claude*']],
  ['gemini', ['gemini*', 'models/gemini*']],
];

/**
 * The native tool format of a model's family (`gpt-4o` → `openai`, `claude-sonnet-4` →
 * `anthropic`, `gemini-2.5-pro` → `gemini`), or `undefined` for a model outside the three
 * families, which then gets the text system message.
 */
export function nativeToolFormatFor(modelName: string): NativeToolFormat | undefined {
  for (const [format, patterns] of FAMILY_PATTERNS) {
    if (patterns.some((pattern) => matchesModelPattern(pattern, modelName))) return format;
  }
  return undefined;
}

function described(definition: FunctionDefinition): { description?: string } {
  return definition.description === undefined ? {} : { description: definition.description };
}

/**
 * The tool definitions of `functions` in `format`, ready for the request's `tools` field;
 * same functions, same bytes.
 */
export function toNativeTools(
  functions: readonly FunctionDefinition[],
  format: NativeToolFormat,
): Record<string, unknown>[] {
  switch (format) {
    case 'openai':
      return functions.map((definition) => ({
        type: 'function',
        function: {
          name: definition.name,
          ...described(definition),
          parameters: definition.parameters,
        },
      }));
    case 'anthropic':
      return functions.map((definition) => ({
        name: definition.name,
        ...described(definition),
        input_schema: definition.parameters,
      }));
    case 'gemini':
      return [
        {
          functionDeclarations: functions.map((definition) => ({
            name: definition.name,
            ...described(definition),
            parametersJsonSchema: definition.parameters,
          })),
        },
      ];
  }
}
