/**
 * Compiles JSON Schemas with ajv in the dialect their `$schema` names (2020-12 when absent, as
 * MCP specifies), to tell a valid schema from one no validator can use.
 *
 * @module
 */

import { Ajv, type Options, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';

/** The dialects ajv 8 compiles. */
type Dialect = 'draft-07' | '2019-09' | '2020-12';

/** `$schema` values per dialect, with and without the trailing `#` and for http and https. */
const DIALECT_BY_META_SCHEMA: ReadonlyMap<string, Dialect> = new Map(
  (
    [
      ['json-schema.org/draft-07/schema', 'draft-07'],
      ['json-schema.org/draft/2019-09/schema', '2019-09'],
      ['json-schema.org/draft/2020-12/schema', '2020-12'],
    ] as const
  ).flatMap(([path, dialect]) =>
    ['http', 'https'].flatMap((scheme) => [
      [`${scheme}://${path}`, dialect] as const,
      [`${scheme}://${path}#`, dialect] as const,
    ]),
  ),
);

// ajv-formats is CommonJS with `exports.default`; NodeNext types its default import as the module.
const addFormats = ajvFormats as unknown as typeof ajvFormats.default;

// Schemas of different tools may reuse an `$id`; registering them would fail the second compile.
const AJV_OPTIONS: Options = { strict: false, addUsedSchema: false };

/** What compiling a schema found. */
export type SchemaVerdict =
  | { readonly kind: 'valid'; readonly dialect: Dialect }
  | { readonly kind: 'invalid'; readonly dialect: Dialect; readonly message: string }
  | { readonly kind: 'unsupported-dialect'; readonly dialect: string };

/** A compiler with one ajv instance per dialect, created on first need. */
export interface SchemaCompiler {
  /** Compiles `schema` and says whether ajv accepts it. */
  verdict(schema: Readonly<Record<string, unknown>>): SchemaVerdict;
  /** The compiled validator of `schema`, or `undefined` when no dialect of ajv accepts it. */
  validator(schema: Readonly<Record<string, unknown>>): ValidateFunction | undefined;
}

/** Creates a {@link SchemaCompiler}. */
export function createSchemaCompiler(): SchemaCompiler {
  const instances = new Map<Dialect, Ajv>();
  const instanceFor = (dialect: Dialect): Ajv => {
    let ajv = instances.get(dialect);
    if (ajv === undefined) {
      ajv =
        dialect === '2020-12'
          ? new Ajv2020(AJV_OPTIONS)
          : dialect === '2019-09'
            ? new Ajv2019(AJV_OPTIONS)
            : new Ajv(AJV_OPTIONS);
      addFormats(ajv);
      instances.set(dialect, ajv);
    }
    return ajv;
  };
  const dialectOf = (schema: Readonly<Record<string, unknown>>): Dialect | undefined => {
    const declared = schema.$schema;
    return declared === undefined ? '2020-12' : DIALECT_BY_META_SCHEMA.get(String(declared));
  };
  return {
    verdict(schema) {
      const dialect = dialectOf(schema);
      if (dialect === undefined)
        return { kind: 'unsupported-dialect', dialect: String(schema.$schema) };
      try {
        instanceFor(dialect).compile(schema);
        return { kind: 'valid', dialect };
      } catch (error) {
        return {
          kind: 'invalid',
          dialect,
          message: error instanceof Error ? error.message : String(error),
        };
      }
    },
    validator(schema) {
      const dialect = dialectOf(schema);
      if (dialect === undefined) return undefined;
      try {
        return instanceFor(dialect).compile(schema);
      } catch {
        return undefined;
      }
    },
  };
}
