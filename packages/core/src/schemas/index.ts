/**
 * `@x/core/schemas`: one JSON Schema compiler for tool input schemas.
 *
 * The dialect comes from `$schema` (draft-07, 2019-09 or 2020-12), ajv runs with ajv-formats
 * and the same settings everywhere, compilations are cached by content, and validation errors
 * become readable lines. ajv itself loads on the first compile.
 *
 * @module
 */

// Dialects
export {
  type DialectChoice,
  dialectOfMetaSchema,
  JSON_SCHEMA_DIALECTS,
  type JsonSchemaDialect,
  schemaDialects,
} from './dialect.js';
// The compiler
export {
  type CompiledSchema,
  createJsonSchemaCompiler,
  type InvalidSchema,
  type JsonSchemaCompiler,
  type JsonSchemaCompilerOptions,
  type SchemaCheck,
  type SchemaCompilation,
  type SchemaDialectOptions,
  type UnsupportedDialect,
} from './json-schema-compiler.js';
// Validation errors
export {
  describeSchemaError,
  formatSchemaErrors,
  formatSchemaProblem,
  type SchemaErrorLines,
  type SchemaProblem,
} from './schema-problems.js';
