/**
 * Compiles JSON Schemas with the shared compiler of `@x/core/schemas`, in the dialect their
 * `$schema` names (2020-12 when absent, as MCP specifies), to tell a valid schema from one no
 * validator can use.
 *
 * @module
 */

import { createJsonSchemaCompiler, type JsonSchemaDialect } from '@x/core/schemas';
import type { ValidateFunction } from 'ajv';

/** What compiling a schema found. */
export type SchemaVerdict =
  | { readonly kind: 'valid'; readonly dialect: JsonSchemaDialect }
  | { readonly kind: 'invalid'; readonly dialect: JsonSchemaDialect; readonly message: string }
  | { readonly kind: 'unsupported-dialect'; readonly dialect: string };

/** A compiler with one ajv instance per dialect, created on first need. */
export interface SchemaCompiler {
  /** Compiles `schema` and says whether ajv accepts it. */
  verdict(schema: Readonly<Record<string, unknown>>): SchemaVerdict;
  /** The compiled validator of `schema`, or `undefined` when no dialect of ajv accepts it. */
  validator(schema: Readonly<Record<string, unknown>>): ValidateFunction | undefined;
}

/**
 * Creates a {@link SchemaCompiler}. ajv stops at the first error, so an invalid schema is
 * reported by its first problem, and logs nothing: a format it does not know (`"format":
 * "json"`) is the server's business, and the report, not stderr, says what the check found.
 */
export function createSchemaCompiler(): SchemaCompiler {
  const compiler = createJsonSchemaCompiler({ allErrors: false, silent: true });
  return {
    verdict(schema) {
      const compilation = compiler.compile(schema);
      switch (compilation.kind) {
        case 'unsupported-dialect':
          return { kind: 'unsupported-dialect', dialect: String(compilation.metaSchema) };
        case 'invalid':
          return { kind: 'invalid', dialect: compilation.dialect, message: compilation.message };
        case 'compiled':
          return { kind: 'valid', dialect: compilation.dialect };
      }
    },
    validator(schema) {
      const compilation = compiler.compile(schema);
      return compilation.kind === 'compiled' ? compilation.validate : undefined;
    },
  };
}
