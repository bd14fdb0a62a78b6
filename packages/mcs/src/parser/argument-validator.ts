/**
 * Validates call arguments against each function's JSON Schema with the shared compiler of
 * `@x/core/schemas`.
 *
 * @module
 */

import { createJsonSchemaCompiler, formatSchemaErrors } from '@x/core/schemas';
import type { ValidateFunction } from 'ajv';
import { McsError } from '../errors.js';
import type { FunctionDefinition } from '../function-definition.js';

/** How many ajv errors one validation reports. */
const MAX_ERRORS = 10;

/** Checks arguments per function name; every schema was compiled when the validator was made. */
export interface ArgumentValidator {
  /** Returns one line per problem (`/path message`), or an empty list when the arguments are valid. */
  validate(name: string, argumentsValue: Record<string, unknown>): string[];
}

/**
 * Compiles every function's parameters schema, one ajv instance per dialect; a schema without
 * `$schema` is in the function's `dialect`, draft-07 by default.
 *
 * ajv runs with `strict: false` (OpenAPI schemas carry keywords such as `example` and `xml`),
 * `allErrors`, ajv-formats, and no console warnings (OpenAPI documents have many unknown formats).
 *
 * @throws McsError `FUNCTION_INVALID` when a schema names an unknown `$schema` or does not compile.
 */
export function createArgumentValidator(
  functions: readonly FunctionDefinition[],
): ArgumentValidator {
  const compiler = createJsonSchemaCompiler({ silent: true });
  const validators = new Map<string, ValidateFunction>();
  for (const definition of functions) {
    const compilation = compiler.compile(definition.parameters, {
      undeclared: [definition.dialect ?? 'draft-07'],
    });
    if (compilation.kind === 'unsupported-dialect') {
      throw new McsError({
        code: 'FUNCTION_INVALID',
        message: `function ${JSON.stringify(definition.name)} has an unsupported $schema ${JSON.stringify(compilation.metaSchema)} (supported: draft-07, 2019-09, 2020-12)`,
      });
    }
    if (compilation.kind === 'invalid') {
      throw new McsError({
        code: 'FUNCTION_INVALID',
        message: `the parameters schema of function ${JSON.stringify(definition.name)} does not compile: ${compilation.message}`,
        cause: compilation.cause,
      });
    }
    validators.set(definition.name, compilation.validate);
  }
  return {
    validate(name, argumentsValue) {
      const validate = validators.get(name);
      if (validate === undefined || validate(argumentsValue)) return [];
      const { lines, omitted } = formatSchemaErrors(validate.errors, MAX_ERRORS);
      if (omitted > 0) lines.push(`and ${omitted} more`);
      return lines;
    },
  };
}
