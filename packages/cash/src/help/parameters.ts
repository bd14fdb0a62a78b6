/**
 * Parameter rows for `help(namespace, function)`, read from a function's JSON Schema.
 *
 * @module
 */

import { firstSentence } from '@x/core/text';
import type { ObjectJsonSchema } from '../schema.js';

/** One row of the parameter table. */
export interface ParameterRow {
  /** The parameter name as declared. */
  name: string;
  /** A short type (`string`, `integer`, `array`, `string|null`). */
  type: string;
  /** Whether the schema requires it. */
  required: boolean;
  /** The description: its first sentence by default, all of it plus constraints in full mode. */
  description: string;
}

/** The parameter table of one function, with the count of rows left for `params="full"`. */
export interface ParameterTable {
  /** The rows shown. */
  rows: ParameterRow[];
  /** How many parameters `params="full"` would add. */
  hidden: number;
}

/** How many parameters are shown by default when a function names no `primaryParams`. */
export const DEFAULT_SHOWN_PARAMETERS = 8;

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeName(schema: Schema): string {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.filter((entry) => typeof entry === 'string').join('|');
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (Array.isArray(members)) {
      const names = [...new Set(members.filter(isSchema).map(typeName))].filter(Boolean);
      if (names.length > 0) return names.join('|');
    }
  }
  if (Array.isArray(schema.enum)) return 'enum';
  if ('const' in schema) return 'const';
  if (isSchema(schema.properties) || typeof schema.$ref === 'string') return 'object';
  return 'any';
}

function constraints(schema: Schema): string[] {
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) {
    parts.push(`One of: ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}.`);
  }
  if ('default' in schema) parts.push(`Default: ${JSON.stringify(schema.default)}.`);
  if (typeof schema.format === 'string') parts.push(`Format: ${schema.format}.`);
  if (typeof schema.pattern === 'string') parts.push(`Pattern: \`${schema.pattern}\`.`);
  for (const [key, label] of [
    ['minimum', 'Minimum'],
    ['maximum', 'Maximum'],
    ['minLength', 'Min length'],
    ['maxLength', 'Max length'],
    ['minItems', 'Min items'],
    ['maxItems', 'Max items'],
  ] as const) {
    if (typeof schema[key] === 'number') parts.push(`${label}: ${schema[key]}.`);
  }
  const items = schema.items;
  if (isSchema(items)) {
    const fields = isSchema(items.properties) ? Object.keys(items.properties) : [];
    parts.push(
      fields.length > 0
        ? `Items: ${typeName(items)} with ${fields.join(', ')}.`
        : `Items: ${typeName(items)}.`,
    );
  } else if (isSchema(schema.properties)) {
    const fields = Object.keys(schema.properties);
    if (fields.length > 0) parts.push(`Fields: ${fields.join(', ')}.`);
  }
  return parts;
}

function describe(schema: Schema, full: boolean): string {
  const description = typeof schema.description === 'string' ? schema.description : '';
  if (!full) return firstSentence(description);
  return [description.trim().replace(/\s+/g, ' '), ...constraints(schema)]
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * The parameter table of a schema. By default: the required parameters and the primary ones
 * (or, without `primaryParams`, the first 8), each with its first sentence; `full`: every
 * parameter with its whole description and constraints.
 *
 * @see cash-rfc §4.2 (a subset of parameters, more with `params="full"`), §6.1 Leaf+1
 */
export function parameterTable(
  schema: ObjectJsonSchema,
  primaryParams: readonly string[] | undefined,
  full: boolean,
): ParameterTable {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const names = Object.keys(properties);
  const shownNames = full
    ? names
    : primaryParams !== undefined
      ? names.filter((name) => required.has(name) || primaryParams.includes(name))
      : names.filter((name, index) => index < DEFAULT_SHOWN_PARAMETERS || required.has(name));
  const rows = shownNames.map((name) => {
    const property = properties[name];
    const propertySchema = isSchema(property) ? property : {};
    return {
      name,
      type: typeName(propertySchema),
      required: required.has(name),
      description: describe(propertySchema, full),
    };
  });
  return { rows, hidden: names.length - rows.length };
}

/** The names of optional parameters, in order: the default hint for narrowing a gated call. */
export function optionalParameters(schema: ObjectJsonSchema): string[] {
  const properties = isSchema(schema.properties) ? Object.keys(schema.properties) : [];
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return properties.filter((name) => !required.has(name));
}
