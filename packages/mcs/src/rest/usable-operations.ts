/**
 * Keeps a document usable when some of its operations' schemas are not: each operation's
 * arguments schema is compiled alone, and one that fails is loosened or left out, with a
 * warning, instead of refusing the whole document.
 *
 * @module
 */

import { createJsonSchemaCompiler, type JsonSchemaCompiler } from '@x/core/schemas';
import type { DriverWarning } from '../driver-warning.js';
import { McsError } from '../errors.js';
import type { FunctionDefinition } from '../function-definition.js';
import type { RestOperation } from './operations.js';

type Schema = Record<string, unknown>;

/** The operations that can be offered, and what was done to get there. */
export interface UsableOperations {
  /** The operations kept, loosened ones included, in their order. */
  operations: RestOperation[];
  /** One entry per change, in operation order. */
  warnings: DriverWarning[];
}

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function compileError(
  compiler: JsonSchemaCompiler,
  definition: FunctionDefinition,
  schema: unknown,
): string | undefined {
  const compilation = compiler.compile(schema, { undeclared: [definition.dialect ?? 'draft-07'] });
  if (compilation.kind === 'compiled') return undefined;
  return compilation.kind === 'invalid'
    ? compilation.message
    : `unsupported $schema ${JSON.stringify(compilation.metaSchema)}`;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? text;
  return line.length <= 200 ? line : `${line.slice(0, 197)}...`;
}

/**
 * Checks that every operation's arguments schema compiles.
 *
 * - A `pattern` the normalizer translated or dropped gives a `schema_changed` warning.
 * - A schema that does not compile is loosened: each argument whose own schema does not
 *   compile becomes unconstrained (its description kept), with an `argument_unchecked`
 *   warning, so the API itself judges that argument.
 * - When the loosened schema still does not compile, the operation is left out with a
 *   `function_dropped` warning.
 *
 * With `strict`, the first of these problems is thrown instead.
 *
 * @throws McsError `FUNCTION_INVALID` under `strict`, naming the function and the problem.
 */
export function usableOperations(
  operations: readonly RestOperation[],
  strict: boolean,
): UsableOperations {
  const compiler = createJsonSchemaCompiler({ silent: true, allErrors: false });
  const kept: RestOperation[] = [];
  const warnings: DriverWarning[] = [];
  const warn = (warning: DriverWarning): void => {
    if (strict) {
      throw new McsError({
        code: 'FUNCTION_INVALID',
        message: `function ${JSON.stringify(warning.function)}: ${warning.message}`,
        data: { kind: warning.kind },
      });
    }
    warnings.push(warning);
  };
  for (const operation of operations) {
    const { definition } = operation;
    for (const change of operation.schemaChanges) {
      warn({
        kind: 'schema_changed',
        function: definition.name,
        message: `${change.message} at ${change.pointer}`,
      });
    }
    const error = compileError(compiler, definition, definition.parameters);
    if (error === undefined) {
      kept.push(operation);
      continue;
    }
    const loosened = loosen(compiler, definition, warn);
    const remaining = compileError(compiler, definition, loosened);
    if (remaining !== undefined) {
      warn({
        kind: 'function_dropped',
        function: definition.name,
        message: `the arguments schema does not compile (${firstLine(remaining)}); the operation is left out`,
      });
      continue;
    }
    kept.push({ ...operation, definition: { ...definition, parameters: loosened } });
  }
  return { operations: kept, warnings };
}

function loosen(
  compiler: JsonSchemaCompiler,
  definition: FunctionDefinition,
  warn: (warning: DriverWarning) => void,
): Schema {
  const { parameters } = definition;
  if (!isObject(parameters.properties)) return parameters;
  const properties: Schema = {};
  for (const [key, schema] of Object.entries(parameters.properties)) {
    const error = compileError(compiler, definition, schema);
    if (error === undefined) {
      properties[key] = schema;
      continue;
    }
    warn({
      kind: 'argument_unchecked',
      function: definition.name,
      message: `the schema of argument ${JSON.stringify(key)} does not compile (${firstLine(error)}); its value is sent unchecked`,
    });
    properties[key] =
      isObject(schema) && typeof schema.description === 'string'
        ? { description: schema.description }
        : {};
  }
  return { ...parameters, properties };
}
