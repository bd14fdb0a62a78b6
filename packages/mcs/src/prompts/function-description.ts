/**
 * Renders a function set as a description a model reads: standard JSON, or a condensed form.
 *
 * @module
 */

import type { FunctionDefinition } from '../function-definition.js';

/**
 * The description formats every driver can render.
 *
 * - `functions`: a JSON array of `{name, description, parameters}` with JSON Schema
 *   parameters, the standard format of the tool-calling APIs (mcs §3.1, standard-first).
 * - `condensed`: one signature line per function with its parameters' types, then one line per
 *   parameter; fewer tokens, same names, types, enums, defaults and required marks (mcs §3.1,
 *   "LLM-friendly representation"). Validation still uses the full schema.
 *
 * @see mcs §3.1
 */
export type FunctionDescriptionFormat = 'functions' | 'condensed';

/** Renders `functions` in the `functions` format: a pretty-printed JSON array. */
export function renderFunctionsJson(functions: readonly FunctionDefinition[]): string {
  return JSON.stringify(
    functions.map((definition) => ({
      name: definition.name,
      ...(definition.description === undefined ? {} : { description: definition.description }),
      parameters: definition.parameters,
    })),
    null,
    2,
  );
}

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MAX_INLINE_DEPTH = 3;

/** A short type expression for a schema: `string`, `"a" | "b"`, `number[]`, `{id: string}`. */
export function typeLabel(schema: unknown, depth = 0): string {
  if (!isSchema(schema)) return 'any';
  const nullable = schema.nullable === true ? ' | null' : '';
  if (Array.isArray(schema.enum)) {
    return schema.enum.map((value) => JSON.stringify(value)).join(' | ') + nullable;
  }
  if ('const' in schema) return JSON.stringify(schema.const);
  const variants = [schema.oneOf, schema.anyOf].find(Array.isArray);
  if (variants !== undefined) {
    return variants.map((variant) => typeLabel(variant, depth + 1)).join(' | ') + nullable;
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const labels = types.map((type) => singleTypeLabel(schema, type, depth));
  return labels.join(' | ') + nullable;
}

function singleTypeLabel(schema: Schema, type: unknown, depth: number): string {
  if (type === 'array') return `${wrapUnion(typeLabel(schema.items, depth + 1))}[]`;
  if (type === 'object' || (type === undefined && isSchema(schema.properties))) {
    if (!isSchema(schema.properties) || depth >= MAX_INLINE_DEPTH) return 'object';
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const fields = Object.entries(schema.properties).map(
      ([key, value]) => `${key}${required.has(key) ? '' : '?'}: ${typeLabel(value, depth + 1)}`,
    );
    return `{${fields.join(', ')}}`;
  }
  if (typeof type === 'string') {
    return typeof schema.format === 'string' ? `${type} (${schema.format})` : type;
  }
  return 'any';
}

function wrapUnion(label: string): string {
  return label.includes(' | ') ? `(${label})` : label;
}

const CONSTRAINT_KEYS = [
  ['minimum', 'min'],
  ['maximum', 'max'],
  ['exclusiveMinimum', 'more than'],
  ['exclusiveMaximum', 'less than'],
  ['minLength', 'min length'],
  ['maxLength', 'max length'],
  ['minItems', 'min items'],
  ['maxItems', 'max items'],
  ['pattern', 'pattern'],
] as const;

function parameterNotes(schema: Schema): string {
  const notes: string[] = [];
  if (typeof schema.description === 'string' && schema.description.trim() !== '') {
    notes.push(schema.description.trim().replace(/\s+/g, ' '));
  }
  const constraints = CONSTRAINT_KEYS.filter(([key]) => schema[key] !== undefined).map(
    ([key, label]) =>
      `${label} ${typeof schema[key] === 'string' ? schema[key] : JSON.stringify(schema[key])}`,
  );
  if (constraints.length > 0) notes.push(`(${constraints.join(', ')})`);
  if (schema.default !== undefined) notes.push(`Default ${JSON.stringify(schema.default)}.`);
  return notes.join(' ');
}

/** Renders `functions` in the `condensed` format. */
export function renderCondensed(functions: readonly FunctionDefinition[]): string {
  return functions
    .map((definition) => {
      const properties = isSchema(definition.parameters.properties)
        ? definition.parameters.properties
        : {};
      const required = new Set(
        Array.isArray(definition.parameters.required) ? definition.parameters.required : [],
      );
      const entries = Object.entries(properties);
      const signature = entries
        .map(([key, schema]) => `${key}${required.has(key) ? '' : '?'}: ${typeLabel(schema)}`)
        .join(', ');
      const lines = [`${definition.name}(${signature})`];
      if (definition.description !== undefined && definition.description.trim() !== '') {
        lines.push(`  ${definition.description.trim().replace(/\s+/g, ' ')}`);
      }
      for (const [key, schema] of entries) {
        const notes = isSchema(schema) ? parameterNotes(schema) : '';
        if (notes !== '') lines.push(`  - ${key}: ${notes}`);
      }
      return lines.join('\n');
    })
    .join('\n\n');
}
