/**
 * The structured selection contract: constrain a model's pick of a card
 * before generation, validate and deterministically repair it after.
 *
 * @module
 */

import { GatewayError } from '../errors.js';
import { CLIENT_SAFE_NAME_PATTERN } from '../tool-id/client-safe-name.js';
import { compareCodePoints } from '../util/strings.js';

/**
 * The provider shapes {@link selectionSchema} can produce.
 *
 * - `json_schema`: the bare JSON Schema.
 * - `openai`: the `response_format` envelope (`{type: "json_schema", json_schema: {...}}`).
 * - `anthropic`: a tool definition with the schema as `input_schema`.
 *
 * @see gateway-surface §2.6
 */
export type SelectionSchemaVariant = 'json_schema' | 'openai' | 'anthropic';

/**
 * The bare selection schema: one required `selection` property, an enum of the candidate ids.
 *
 * @see gateway-surface §2.6
 */
export interface SelectionJsonSchema {
  /** Always `object`. */
  type: 'object';
  /** The one property. */
  properties: {
    /** The selected id. */
    selection: {
      /** Always `string`. */
      type: 'string';
      /** The candidate ids. */
      enum: string[];
      /** What to put there. */
      description: string;
    };
  };
  /** Always `["selection"]`. */
  required: ['selection'];
  /** Always false, which strict modes require. */
  additionalProperties: false;
}

/**
 * The OpenAI `response_format` envelope around {@link SelectionJsonSchema}.
 *
 * @see gateway-surface §2.6
 */
export interface OpenAiSelectionFormat {
  /** Always `json_schema`. */
  type: 'json_schema';
  /** The named, strict schema. */
  json_schema: {
    /** The schema name. */
    name: string;
    /** Always true. */
    strict: true;
    /** The schema. */
    schema: SelectionJsonSchema;
  };
}

/**
 * An Anthropic tool definition whose input is {@link SelectionJsonSchema}.
 *
 * @see gateway-surface §2.6
 */
export interface AnthropicSelectionTool {
  /** The tool name. */
  name: string;
  /** What the tool is for. */
  description: string;
  /** The schema. */
  input_schema: SelectionJsonSchema;
}

/**
 * What {@link selectionSchema} takes besides the variant and the candidates.
 *
 * @see gateway-surface §2.6
 */
export interface SelectionSchemaOptions {
  /** The schema or tool name, 1-64 of `A-Za-z0-9_-`. Default `select_tool`. */
  name?: string;
}

const DEFAULT_NAME = 'select_tool';
const DESCRIPTION = 'Select exactly one tool by its id from the offered cards.';

/**
 * Renders candidate ids as a schema that constrains a model's selection.
 *
 * Ids keep the given (routed) order; repeats are dropped. No candidates
 * throws {@link GatewayError} `NO_CANDIDATES` (the spec's `RouteError`); an
 * id that is not a non-empty string, or a bad `name`, throws `ARGS_INVALID`.
 *
 * @see gateway-surface §2.6
 */
export function selectionSchema(
  variant: 'json_schema',
  candidateIds: readonly string[],
  options?: SelectionSchemaOptions,
): SelectionJsonSchema;
/**
 * The OpenAI `response_format` form of the selection schema.
 *
 * @see gateway-surface §2.6
 */
export function selectionSchema(
  variant: 'openai',
  candidateIds: readonly string[],
  options?: SelectionSchemaOptions,
): OpenAiSelectionFormat;
/**
 * The Anthropic tool-definition form of the selection schema.
 *
 * @see gateway-surface §2.6
 */
export function selectionSchema(
  variant: 'anthropic',
  candidateIds: readonly string[],
  options?: SelectionSchemaOptions,
): AnthropicSelectionTool;
export function selectionSchema(
  variant: SelectionSchemaVariant,
  candidateIds: readonly string[],
  options: SelectionSchemaOptions = {},
): SelectionJsonSchema | OpenAiSelectionFormat | AnthropicSelectionTool {
  const ids = uniqueCandidates(candidateIds);
  if (ids.length === 0) {
    throw new GatewayError({ code: 'NO_CANDIDATES', message: 'no candidate ids to select from' });
  }
  const name = options.name ?? DEFAULT_NAME;
  if (typeof name !== 'string' || !CLIENT_SAFE_NAME_PATTERN.test(name)) {
    throw argsInvalid('the schema name must be 1-64 of A-Za-z0-9_-');
  }
  const schema: SelectionJsonSchema = {
    type: 'object',
    properties: {
      selection: { type: 'string', enum: ids, description: 'The id of the chosen card.' },
    },
    required: ['selection'],
    additionalProperties: false,
  };
  switch (variant) {
    case 'json_schema':
      return schema;
    case 'openai':
      return { type: 'json_schema', json_schema: { name, strict: true, schema } };
    case 'anthropic':
      return { name, description: DESCRIPTION, input_schema: schema };
    default:
      throw argsInvalid(`unknown selection schema variant ${JSON.stringify(String(variant))}`);
  }
}

function argsInvalid(message: string): GatewayError {
  return new GatewayError({ code: 'ARGS_INVALID', message });
}

function uniqueCandidates(candidateIds: readonly string[]): string[] {
  if (!Array.isArray(candidateIds)) throw argsInvalid('candidate ids must be an array');
  const seen = new Set<string>();
  for (const id of candidateIds) {
    if (typeof id !== 'string' || id === '')
      throw argsInvalid('a candidate id is not a non-empty string');
    seen.add(id);
  }
  return [...seen];
}

/**
 * The outcome of {@link validateSelection}.
 *
 * - `accepted`: the value is exactly one of the candidates.
 * - `repaired`: one rule mapped it to exactly one candidate: `trimmed` (exact
 *   after stripping whitespace), `case_insensitive`, or `prefix` (a
 *   case-insensitive prefix of exactly one candidate).
 * - `rejected`: not a string, empty, no match, or `ambiguous` (several
 *   candidates match at the first rule that matches any; they are in `matches`).
 *
 * @see gateway-surface §2.6
 */
export type SelectionValidation =
  | {
      /** The id is one of the candidates as given. */
      status: 'accepted';
      /** The candidate id. */
      selection: string;
    }
  | {
      /** Exactly one candidate fits after a repair rule. */
      status: 'repaired';
      /** The candidate id. */
      selection: string;
      /** The rule that found it. */
      rule: 'trimmed' | 'case_insensitive' | 'prefix';
    }
  | {
      /** No single candidate fits. */
      status: 'rejected';
      /** Why. */
      reason: 'not_a_string' | 'empty' | 'no_match' | 'ambiguous';
      /** The candidates an ambiguous value matched. */
      matches: string[];
    };

/**
 * Checks a model's selected id against the offered candidates, repairing it
 * deterministically when exactly one candidate fits.
 *
 * The rules run in a fixed order against the whitespace-stripped value: exact,
 * then case-insensitive equality, then case-insensitive prefix (ASCII and
 * Unicode lower-casing without locale). The first rule that matches anything
 * decides: one match is a repair, several are rejected as ambiguous, never a
 * guess. Any input, including non-strings and huge strings, gets a result,
 * never an exception.
 *
 * @see gateway-surface §2.6
 */
export function validateSelection(
  selected: unknown,
  candidateIds: readonly string[],
): SelectionValidation {
  if (typeof selected !== 'string')
    return { status: 'rejected', reason: 'not_a_string', matches: [] };
  const candidates = Array.isArray(candidateIds)
    ? candidateIds.filter((id): id is string => typeof id === 'string' && id !== '')
    : [];
  if (candidates.includes(selected)) return { status: 'accepted', selection: selected };
  const value = selected.trim();
  if (value === '') return { status: 'rejected', reason: 'empty', matches: [] };
  if (candidates.includes(value)) return { status: 'repaired', selection: value, rule: 'trimmed' };
  const folded = value.toLowerCase();
  const rules = [
    ['case_insensitive', (id: string) => id.toLowerCase() === folded],
    ['prefix', (id: string) => id.toLowerCase().startsWith(folded)],
  ] as const;
  for (const [rule, test] of rules) {
    const matches = [...new Set(candidates.filter(test))].sort(compareCodePoints);
    const [only] = matches;
    if (matches.length === 1 && only !== undefined)
      return { status: 'repaired', selection: only, rule };
    if (matches.length > 1) return { status: 'rejected', reason: 'ambiguous', matches };
  }
  return { status: 'rejected', reason: 'no_match', matches: [] };
}
