/**
 * Validates tool arguments against catalog schemas with the shared JSON Schema compiler,
 * compiling each schema on first use.
 *
 * @module
 */

import type { ValidateFunction } from 'ajv';
import { createJsonSchemaCompiler } from '../schemas/json-schema-compiler.js';
import { formatSchemaErrors } from '../schemas/schema-problems.js';
import type { CatalogInputSchema } from './catalog.js';

/** How many ajv errors a result lists before summarizing the rest. */
const MAX_ERROR_LINES = 20;

/** The outcome of validating one call's arguments. */
export type ArgumentValidation =
  | { kind: 'valid' }
  | { kind: 'invalid'; lines: string[] }
  | { kind: 'schema-error'; message: string };

/** Validates arguments per tool; schemas compile lazily and stay cached by tool name. */
export interface ArgumentValidator {
  /** Validates `argumentsValue` against `schema`, the input schema of tool `toolName`. */
  validate(
    toolName: string,
    schema: CatalogInputSchema,
    argumentsValue: unknown,
  ): Promise<ArgumentValidation>;
}

/**
 * Creates a validator on `@x/core/schemas`: one ajv instance per dialect, made (and ajv
 * loaded) on first need, so a server that only lists tools never pays for it.
 *
 * A schema without `$schema` is 2020-12, as MCP specifies. A schema that ajv cannot compile
 * (invalid against its meta-schema, or an unknown `$schema`) yields `schema-error` on every
 * call of that tool; the failure is cached like a compiled schema.
 */
export function createArgumentValidator(): ArgumentValidator {
  const compiler = createJsonSchemaCompiler();
  const compiled = new Map<string, ValidateFunction | { message: string }>();

  function compile(schema: CatalogInputSchema): ValidateFunction | { message: string } {
    const compilation = compiler.compile(schema);
    switch (compilation.kind) {
      case 'compiled':
        return compilation.validate;
      case 'unsupported-dialect':
        return {
          message: `unsupported $schema ${JSON.stringify(compilation.metaSchema)} (supported: draft-07, 2019-09, 2020-12)`,
        };
      case 'invalid':
        return { message: compilation.message };
    }
  }

  return {
    async validate(toolName, schema, argumentsValue) {
      let validate = compiled.get(toolName);
      if (validate === undefined) {
        validate = compile(schema);
        compiled.set(toolName, validate);
      }
      if (typeof validate !== 'function')
        return { kind: 'schema-error', message: validate.message };
      if (validate(argumentsValue)) return { kind: 'valid' };
      const { lines, omitted } = formatSchemaErrors(validate.errors, MAX_ERROR_LINES);
      if (omitted > 0) lines.push(`... and ${omitted} more errors`);
      return { kind: 'invalid', lines };
    },
  };
}
