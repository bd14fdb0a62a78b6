/**
 * Turns the schemas of an OpenAPI document into JSON Schemas ajv compiles.
 *
 * @module
 */

import type { OpenApiVersion } from './load-document.js';

type Schema = Record<string, unknown>;

/** Nesting beyond this is replaced by an unconstrained schema; real documents stay far below. */
const MAX_SCHEMA_DEPTH = 48;

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A deep copy of `schema` that ajv compiles, for a document of `version`:
 *
 * - a `$ref` left by dereferencing (a circular reference) becomes an unconstrained schema that
 *   says what it referred to;
 * - before 3.1, boolean `exclusiveMinimum`/`exclusiveMaximum` (JSON Schema draft 4, as
 *   OpenAPI 3.0 and Swagger 2 use them) become the numeric form;
 * - Swagger 2's `type: "file"` becomes `string`.
 *
 * OpenAPI 3.0's `nullable` is left as is: ajv reads it.
 */
export function normalizeSchema(schema: unknown, version: OpenApiVersion, depth = 0): Schema {
  if (!isObject(schema) || depth > MAX_SCHEMA_DEPTH) return {};
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
    return { description: `recursive reference to ${name}` };
  }
  const copy = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, copyValue(value, version, depth + 1)]),
  );
  if (version !== '3.1') {
    for (const [flag, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (copy[flag] === true && typeof copy[bound] === 'number') {
        copy[flag] = copy[bound];
        delete copy[bound];
      } else if (typeof copy[flag] === 'boolean') {
        delete copy[flag];
      }
    }
  }
  if (copy.type === 'file') copy.type = 'string';
  return copy;
}

function copyValue(value: unknown, version: OpenApiVersion, depth: number): unknown {
  if (Array.isArray(value)) return value.map((item) => copyValue(item, version, depth + 1));
  if (isObject(value)) return normalizeSchema(value, version, depth);
  return value;
}

const SWAGGER_PARAMETER_SCHEMA_KEYS = [
  'type',
  'format',
  'items',
  'enum',
  'default',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'multipleOf',
] as const;

/** The JSON Schema of a Swagger 2 non-body parameter, whose schema keywords sit on the parameter. */
export function swaggerParameterSchema(parameter: Schema): Schema {
  const schema = Object.fromEntries(
    SWAGGER_PARAMETER_SCHEMA_KEYS.filter((key) => parameter[key] !== undefined).map((key) => [
      key,
      parameter[key],
    ]),
  );
  return normalizeSchema(schema, '2.0');
}
