/**
 * Validates example inputs against a tool's input schema with ajv, in the dialect the schema's
 * `$schema` names (2020-12 when absent, as MCP specifies), through the base spec's compiler.
 *
 * @module
 */

import { createSchemaCompiler } from '../mcp-base/json-schema.js';

/** Validates values against schemas; a schema ajv cannot compile validates nothing. */
export interface ExampleValidator {
  /** The first problem of `input` against `schema`, `undefined` when it is valid or the schema unusable. */
  problem(schema: Readonly<Record<string, unknown>>, input: unknown): string | undefined;
}

/** Creates an {@link ExampleValidator} with one ajv instance per dialect, made on first need. */
export function createExampleValidator(): ExampleValidator {
  const compiler = createSchemaCompiler();
  return {
    problem(schema, input) {
      const validate = compiler.validator(schema);
      if (validate === undefined || validate(input)) return undefined;
      const [first] = validate.errors ?? [];
      return first === undefined
        ? 'is not valid'
        : `${first.instancePath === '' ? 'the input' : first.instancePath} ${first.message ?? 'is not valid'}`;
    },
  };
}
