/**
 * Turns the schemas of an OpenAPI document into JSON Schemas ajv compiles, whatever dialect
 * the document's authors wrote them in.
 *
 * @module
 */

import type { OpenApiVersion } from './load-document.js';
import { translatePattern } from './pattern-translate.js';

type Schema = Record<string, unknown>;

/** Nesting beyond this is replaced by an unconstrained schema; real documents stay far below. */
const MAX_SCHEMA_DEPTH = 48;

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'contentSchema',
]);

/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP_KEYWORDS = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
]);

/** Keywords whose value is a list that must not repeat an item (ajv refuses duplicates). */
const UNIQUE_LIST_KEYWORDS = new Set(['enum', 'required', 'type']);

/** A change to a schema that loses a constraint, reported so the user knows. */
export interface SchemaChange {
  /** Where in the schema, as a JSON pointer from the schema normalized. */
  pointer: string;
  /** What was done, in one line. */
  message: string;
}

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

function unique(values: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A deep copy of `schema` that ajv compiles, for a document of `version`. Only schema
 * positions are rewritten (the keywords that hold schemas are known); `enum`, `default`,
 * `example` and other values are copied as they are.
 *
 * Rewritten without loss:
 * - a `$ref` left by dereferencing (a circular reference) becomes an unconstrained schema that
 *   says what it referred to;
 * - OpenAPI 3.0's `nullable: true` becomes `null` among the `type`s (and in the `enum`), in
 *   every version (3.1 documents written in the 3.0 habit carry it too); without `type` it
 *   adds nothing, since such a schema already accepts `null`, and is dropped;
 * - boolean `exclusiveMinimum`/`exclusiveMaximum` (JSON Schema draft 4, as OpenAPI 3.0 and
 *   Swagger 2 write them, and some 3.1 documents still do) become the numeric form;
 * - `example` becomes `examples: [example]` when `examples` is absent;
 * - Swagger 2's `type: "file"` becomes `string`;
 * - repeated items of `enum`, `required` and `type` are dropped.
 *
 * Rewritten with loss, each reported in `changes`: a `pattern` that is not a JavaScript
 * regular expression is translated (see `translatePattern`), or dropped when it cannot be.
 *
 * @see OpenAPI 3.0.3 §4.7.24 (Schema Object), OpenAPI 3.1.0 §4.8.24
 */
export function normalizeSchema(
  schema: unknown,
  version: OpenApiVersion,
  changes: SchemaChange[] = [],
  pointer = '',
  depth = 0,
): Schema {
  if (!isObject(schema) || depth > MAX_SCHEMA_DEPTH) return {};
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
    return { description: `recursive reference to ${name}` };
  }
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    const at = `${pointer}/${escapePointer(key)}`;
    if (SCHEMA_KEYWORDS.has(key) && isObject(value)) {
      copy[key] = normalizeSchema(value, version, changes, at, depth + 1);
    } else if (key === 'items' && Array.isArray(value)) {
      copy[key] = value.map((item, index) =>
        normalizeSchema(item, version, changes, `${at}/${index}`, depth + 1),
      );
    } else if (SCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(value)) {
      copy[key] = value.map((item, index) =>
        normalizeSchema(item, version, changes, `${at}/${index}`, depth + 1),
      );
    } else if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(value)) {
      copy[key] = Object.fromEntries(
        Object.entries(value).map(([name, item]) => [
          name,
          normalizeSchema(item, version, changes, `${at}/${escapePointer(name)}`, depth + 1),
        ]),
      );
    } else if (UNIQUE_LIST_KEYWORDS.has(key) && Array.isArray(value)) {
      copy[key] = unique(structuredClone(value));
    } else {
      copy[key] = structuredClone(value);
    }
  }
  normalizeExclusiveBounds(copy);
  normalizeNullable(copy);
  if ('example' in copy) {
    if (!('examples' in copy)) copy.examples = [copy.example];
    delete copy.example;
  }
  if (copy.type === 'file') copy.type = 'string';
  if (typeof copy.pattern === 'string') {
    const translated = translatePattern(copy.pattern);
    if (translated.kind === 'translated') {
      changes.push({
        pointer: `${pointer}/pattern`,
        message: `pattern ${JSON.stringify(copy.pattern)} is not a JavaScript regular expression; read as ${JSON.stringify(translated.pattern)}`,
      });
      copy.pattern = translated.pattern;
    } else if (translated.kind === 'invalid') {
      changes.push({
        pointer: `${pointer}/pattern`,
        message: `pattern ${JSON.stringify(copy.pattern)} is not a JavaScript regular expression and was dropped (${translated.reason})`,
      });
      delete copy.pattern;
    }
  }
  return copy;
}

function normalizeExclusiveBounds(copy: Schema): void {
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

function normalizeNullable(copy: Schema): void {
  if (!('nullable' in copy)) return;
  const nullable = copy.nullable === true;
  delete copy.nullable;
  if (!nullable || copy.type === undefined) return;
  const types = Array.isArray(copy.type) ? copy.type : [copy.type];
  if (!types.includes('null')) copy.type = [...types, 'null'];
  if (Array.isArray(copy.enum) && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
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
export function swaggerParameterSchema(
  parameter: Schema,
  changes: SchemaChange[] = [],
  pointer = '',
): Schema {
  const schema = Object.fromEntries(
    SWAGGER_PARAMETER_SCHEMA_KEYS.filter((key) => parameter[key] !== undefined).map((key) => [
      key,
      parameter[key],
    ]),
  );
  return normalizeSchema(schema, '2.0', changes, pointer);
}
