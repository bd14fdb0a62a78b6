/**
 * One function a driver exposes to a model: its name, purpose and argument schema.
 *
 * @module
 */

import { z } from 'zod';
import { McsError } from './errors.js';

/**
 * The shape of a function name: 1 to 128 letters, digits, `_`, `-`, `.`, `/` or `:`.
 *
 * Wide enough for OpenAPI operation ids and MCP tool names; a driver that targets an API with
 * stricter rules (64 characters of `A-Za-z0-9_-`) should choose names within them.
 */
export const FUNCTION_NAME_PATTERN = /^[A-Za-z0-9_.:/-]{1,128}$/;

/**
 * The JSON Schema dialects the argument validator knows.
 *
 * A `$schema` inside the parameters schema wins over the dialect named here.
 */
export const JsonSchemaDialectSchema = z.literal(['draft-07', '2019-09', '2020-12']);

/** A JSON Schema dialect the argument validator knows. */
export type JsonSchemaDialect = z.infer<typeof JsonSchemaDialectSchema>;

/**
 * A function a model may call.
 *
 * - `parameters` is the JSON Schema of the arguments object (as in the tool-calling APIs of
 *   the common LLM providers and MCP's `inputSchema`); arguments are validated against it.
 * - `dialect` picks the JSON Schema dialect when `parameters` has no `$schema`; defaults to
 *   `draft-07`, which also reads OpenAPI 3.0 schemas (`nullable` included).
 *
 * @see mcs §3.1
 */
export const FunctionDefinitionSchema = z.object({
  /** The name a model calls the function by. */
  name: z.string().regex(FUNCTION_NAME_PATTERN, 'must be 1-128 characters of A-Za-z0-9_.:/-'),
  /** What the function does, for the model. */
  description: z.string().optional(),
  /** The JSON Schema of the arguments object. */
  parameters: z.record(z.string(), z.unknown()),
  /** The JSON Schema dialect of `parameters` when it has no `$schema`. */
  dialect: JsonSchemaDialectSchema.optional(),
});

/**
 * A function a model may call, as validated by {@link FunctionDefinitionSchema}.
 *
 * @see mcs §3.1
 */
export type FunctionDefinition = z.infer<typeof FunctionDefinitionSchema>;

/**
 * Validates a list of function definitions: each one's shape, and that no name repeats.
 *
 * @throws McsError `FUNCTION_INVALID` naming the function and the problem.
 */
export function parseFunctionDefinitions(input: readonly unknown[]): FunctionDefinition[] {
  const seen = new Set<string>();
  return input.map((entry, index) => {
    const result = FunctionDefinitionSchema.safeParse(entry);
    if (!result.success) {
      const issue = result.error.issues[0];
      const name =
        typeof entry === 'object' && entry !== null && 'name' in entry
          ? JSON.stringify((entry as { name: unknown }).name)
          : `#${index}`;
      throw new McsError({
        code: 'FUNCTION_INVALID',
        message: `function ${name} is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'unknown issue'}`,
      });
    }
    if (seen.has(result.data.name)) {
      throw new McsError({
        code: 'FUNCTION_INVALID',
        message: `function name ${JSON.stringify(result.data.name)} is defined twice`,
      });
    }
    seen.add(result.data.name);
    return result.data;
  });
}
