/**
 * One JSON Schema compiler for the `@x` packages: the dialect from `$schema`, ajv with
 * ajv-formats, and a cache keyed by schema content.
 *
 * @module
 */

import type { Ajv, ValidateFunction } from 'ajv';
import { CoreError } from '../errors.js';
import { createAjvInstance } from './ajv-instances.js';
import { type JsonSchemaDialect, schemaDialects } from './dialect.js';

/** How many compiled schemas one compiler keeps; the oldest goes first. */
const MAX_CACHED_SCHEMAS = 1_024;

/** Which dialects a schema without `$schema` is compiled in. */
export interface SchemaDialectOptions {
  /**
   * The dialects for a schema without `$schema`, tried in order until one compiles it: for
   * instance `['2020-12', 'draft-07']` for servers that emit draft-07 without saying so. Not
   * empty. Default `['2020-12']`, as MCP specifies.
   */
  readonly undeclared?: readonly JsonSchemaDialect[];
}

/** How {@link createJsonSchemaCompiler} sets up ajv. */
export interface JsonSchemaCompilerOptions extends SchemaDialectOptions {
  /**
   * Collect every error (ajv `allErrors`), in validation and in the meta-schema check that
   * compiling runs. Default true; false stops at the first error, so compile failures name one
   * problem.
   */
  readonly allErrors?: boolean;
  /** Drop ajv's console warnings, such as `unknown format "x" ignored`. Default false. */
  readonly silent?: boolean;
}

/** A schema whose `$schema` names no dialect the compiler knows. */
export interface UnsupportedDialect {
  /** Tells this outcome apart. */
  readonly kind: 'unsupported-dialect';
  /** The schema's `$schema`, as given (not always a string). */
  readonly metaSchema: unknown;
}

/** A schema ajv rejects in every dialect tried. */
export interface InvalidSchema {
  /** Tells this outcome apart. */
  readonly kind: 'invalid';
  /** The last dialect tried. */
  readonly dialect: JsonSchemaDialect;
  /**
   * ajv's word for that dialect: when compiling, the message it threw (`schema is invalid:
   * data/type must be ...`, `no schema with key or ref ...`); when checking, its error text with
   * `schema` as the root (`schema/type must be ...`).
   */
  readonly message: string;
}

/** A schema ajv compiled. */
export interface CompiledSchema {
  /** Tells this outcome apart. */
  readonly kind: 'compiled';
  /** The dialect that compiled it. */
  readonly dialect: JsonSchemaDialect;
  /** ajv's validator; after a failed call, `validate.errors` lists the problems. */
  readonly validate: ValidateFunction;
}

/** What compiling a schema gave; a failure keeps what ajv threw as `cause`. */
export type SchemaCompilation =
  | CompiledSchema
  | UnsupportedDialect
  | (InvalidSchema & {
      /** What ajv threw. */
      readonly cause: unknown;
    });

/** What checking a schema against its meta-schema gave. */
export type SchemaCheck =
  | {
      /** Tells this outcome apart. */
      readonly kind: 'valid';
      /** The dialect whose meta-schema the schema satisfies. */
      readonly dialect: JsonSchemaDialect;
    }
  | UnsupportedDialect
  | InvalidSchema;

/**
 * Compiles JSON Schemas in the dialect their `$schema` names. Nothing it does throws on a bad
 * schema: the outcome says what went wrong.
 */
export interface JsonSchemaCompiler {
  /**
   * Compiles `schema` (any value: a non-object is simply invalid). Compilations, failures
   * included, are cached by the schema's JSON text and dialects, so an equal schema in a new
   * object is not compiled again; a schema that is not JSON (a cycle, a bigint) is compiled
   * every time.
   */
  compile(schema: unknown, options?: SchemaDialectOptions): SchemaCompilation;
  /** Checks `schema` against its dialect's meta-schema without compiling it. */
  check(schema: unknown, options?: SchemaDialectOptions): SchemaCheck;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function cacheKey(dialects: readonly JsonSchemaDialect[], schema: unknown): string | undefined {
  try {
    const text = JSON.stringify(schema);
    return text === undefined ? undefined : `${dialects.join(',')}\n${text}`;
  } catch {
    return undefined;
  }
}

function requireDialects(
  dialects: readonly JsonSchemaDialect[],
): readonly [JsonSchemaDialect, ...JsonSchemaDialect[]] {
  const [first, ...rest] = dialects;
  if (first === undefined) {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: 'undeclared must name at least one JSON Schema dialect',
    });
  }
  return [first, ...rest];
}

/**
 * Creates a {@link JsonSchemaCompiler} with one ajv instance per dialect, made (and ajv
 * loaded) on first need.
 *
 * Every instance runs with ajv-formats, `strict: false` (tool schemas carry keywords such as
 * `example`) and `addUsedSchema: false` (tools may reuse an `$id`); types are never coerced.
 *
 * @throws CoreError `INVALID_ARGUMENT` when `undeclared` is empty (here or in a call).
 */
export function createJsonSchemaCompiler(
  options: JsonSchemaCompilerOptions = {},
): JsonSchemaCompiler {
  const instanceOptions = { allErrors: options.allErrors ?? true, silent: options.silent ?? false };
  const defaultUndeclared = requireDialects(options.undeclared ?? ['2020-12']);
  const instances = new Map<JsonSchemaDialect, Ajv>();
  const cache = new Map<string, SchemaCompilation>();

  function instanceFor(dialect: JsonSchemaDialect): Ajv {
    let ajv = instances.get(dialect);
    if (ajv === undefined) {
      ajv = createAjvInstance(dialect, instanceOptions);
      instances.set(dialect, ajv);
    }
    return ajv;
  }

  function undeclaredFor(callOptions: SchemaDialectOptions | undefined) {
    return callOptions?.undeclared === undefined
      ? defaultUndeclared
      : requireDialects(callOptions.undeclared);
  }

  function compileUncached(
    schema: unknown,
    undeclared: readonly JsonSchemaDialect[],
  ): SchemaCompilation {
    const choice = schemaDialects(schema, undeclared);
    if (choice.kind === 'unsupported') {
      return { kind: 'unsupported-dialect', metaSchema: choice.metaSchema };
    }
    let failure: SchemaCompilation | undefined;
    for (const dialect of choice.dialects) {
      try {
        // ajv's typings take an object or a boolean; anything else throws, and is caught here.
        const validate = instanceFor(dialect).compile(schema as object);
        return { kind: 'compiled', dialect, validate };
      } catch (error) {
        failure = { kind: 'invalid', dialect, message: messageOf(error), cause: error };
      }
    }
    return failure as SchemaCompilation;
  }

  return {
    compile(schema, callOptions) {
      const undeclared = undeclaredFor(callOptions);
      const key = cacheKey(undeclared, schema);
      const cached = key === undefined ? undefined : cache.get(key);
      if (cached !== undefined) return cached;
      const compilation = compileUncached(schema, undeclared);
      if (key !== undefined) {
        if (cache.size >= MAX_CACHED_SCHEMAS) {
          const oldest = cache.keys().next();
          if (oldest.done !== true) cache.delete(oldest.value);
        }
        cache.set(key, compilation);
      }
      return compilation;
    },
    check(schema, callOptions) {
      const choice = schemaDialects(schema, undeclaredFor(callOptions));
      if (choice.kind === 'unsupported') {
        return { kind: 'unsupported-dialect', metaSchema: choice.metaSchema };
      }
      let failure: SchemaCheck | undefined;
      for (const dialect of choice.dialects) {
        const ajv = instanceFor(dialect);
        try {
          if (ajv.validateSchema(schema as object) === true) return { kind: 'valid', dialect };
          failure = {
            kind: 'invalid',
            dialect,
            message: ajv.errorsText(ajv.errors, { dataVar: 'schema' }),
          };
        } catch (error) {
          failure = { kind: 'invalid', dialect, message: messageOf(error) };
        }
      }
      return failure as SchemaCheck;
    },
  };
}
