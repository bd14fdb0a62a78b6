/**
 * Turns a builder's {@link FunctionDefinition} into the {@link CashFunction} the engine serves.
 *
 * @module
 */

import type { z } from 'zod';
import type {
  CallContext,
  CashFunction,
  FunctionDefinition,
  FunctionOutcome,
  KwargsOf,
} from './definitions.js';
import { CashError } from './errors.js';
import { checkLabel, isValidLabel, normalizeLabel } from './names.js';
import { textResult, valueText, wireError } from './results.js';
import {
  isZodSchema,
  type ParamsDefinition,
  parameterNames,
  type SchemaValidator,
  toObjectJsonSchema,
} from './schema.js';

/** Kwargs as the handler receives them: parsed by the zod schema (defaults applied) when there is one. */
async function parseKwargs(
  zodSchema: z.ZodType | undefined,
  kwargs: Record<string, unknown>,
): Promise<unknown> {
  if (zodSchema === undefined) return kwargs;
  const result = await zodSchema.safeParseAsync(kwargs);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 5)
    .map((issue) =>
      issue.path.length === 0 ? issue.message : `\`${issue.path.join('.')}\` ${issue.message}`,
    );
  throw wireError('INVALID_ARGUMENTS', problems.join('; '), { problems });
}

function invalid(where: string, message: string): CashError {
  return new CashError({ code: 'INVALID_DEFINITION', message: `${where}: ${message}` });
}

function checkText(value: unknown, where: string, field: string, required: boolean): void {
  if (value === undefined && !required) return;
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalid(where, `${field} must be a non-empty string`);
  }
}

function checkParameterNames(names: readonly string[], where: string): void {
  const seen = new Map<string, string>();
  for (const name of names) {
    if (!isValidLabel(name)) {
      throw new CashError({
        code: 'INVALID_LABEL',
        message: `${where}: invalid parameter name ${JSON.stringify(name.slice(0, 80))}: use letters, digits or underscores`,
        data: { what: 'parameter', label: name.slice(0, 80) },
      });
    }
    const canonical = normalizeLabel(name);
    const existing = seen.get(canonical);
    if (existing !== undefined) {
      throw new CashError({
        code: 'LABEL_COLLISION',
        message: `${where}: parameters "${name}" and "${existing}" both normalize to "${canonical}"`,
        data: { what: 'parameter', label: name, existing, canonical },
      });
    }
    seen.set(canonical, name);
  }
}

/**
 * Checks a definition and builds the served function: label, texts, parameter names (§5.3),
 * a schema ajv compiles, `primaryParams` that exist, and a handler.
 *
 * @throws CashError `INVALID_LABEL`, `LABEL_COLLISION` (two parameters, one canonical name) or
 *   `INVALID_DEFINITION`, naming the function.
 */
export function defineFunction<Params extends ParamsDefinition | undefined>(
  label: string,
  definition: FunctionDefinition<Params>,
  validator: SchemaValidator,
  path: string,
): CashFunction {
  checkLabel(label, 'function');
  const where = `function "${path === '' ? label : `${path}.${label}`}"`;
  if (typeof definition !== 'object' || definition === null) {
    throw invalid(where, 'the definition must be an object');
  }
  checkText(definition.summary, where, 'summary', true);
  if (definition.summary.includes('\n')) throw invalid(where, 'summary must be one line');
  checkText(definition.description, where, 'description', false);
  checkText(definition.returns, where, 'returns', false);
  checkText(definition.narrow, where, 'narrow', false);
  if (typeof definition.handler !== 'function') throw invalid(where, 'handler must be a function');
  const inputSchema = toObjectJsonSchema(definition.params, where);
  const names = parameterNames(inputSchema);
  checkParameterNames(names, where);
  const compiled = validator.compile(inputSchema);
  if ('error' in compiled)
    throw invalid(where, `params is not a valid JSON Schema: ${compiled.error}`);
  const unknownPrimary = (definition.primaryParams ?? []).filter((name) => !names.includes(name));
  if (unknownPrimary.length > 0) {
    throw invalid(where, `primaryParams names unknown parameters: ${unknownPrimary.join(', ')}`);
  }
  const effect = definition.effect ?? 'read';
  if (effect !== 'read' && effect !== 'write')
    throw invalid(where, 'effect must be "read" or "write"');
  if (
    effect === 'read' &&
    (definition.estimate !== undefined || definition.idempotencyKey !== undefined)
  ) {
    throw invalid(where, 'estimate and idempotencyKey are for functions with effect "write"');
  }
  if (definition.estimate !== undefined && typeof definition.estimate !== 'function') {
    throw invalid(where, 'estimate must be a function');
  }
  const idempotencyKey = definition.idempotencyKey;
  if (idempotencyKey !== undefined && !names.includes(idempotencyKey)) {
    throw invalid(where, `idempotencyKey names an unknown parameter: ${idempotencyKey}`);
  }
  const zodSchema = isZodSchema(definition.params) ? definition.params : undefined;
  const run = async (
    work: (kwargs: KwargsOf<Params>, context: CallContext) => unknown,
    kwargs: Record<string, unknown>,
    context: CallContext,
  ): Promise<FunctionOutcome> => {
    const value = await work((await parseKwargs(zodSchema, kwargs)) as KwargsOf<Params>, context);
    return { result: textResult(valueText(value)), value };
  };
  const { handler, estimate } = definition;
  return {
    label,
    summary: definition.summary.trim(),
    description: definition.description,
    inputSchema,
    primaryParams: definition.primaryParams,
    returns: definition.returns,
    examples: definition.examples ?? [],
    tags: definition.tags ?? [],
    narrow: definition.narrow,
    summarize: definition.summarize,
    validate: true,
    effect,
    isRetrySafe: (kwargs) =>
      effect === 'read' || (idempotencyKey !== undefined && kwargs[idempotencyKey] !== undefined),
    invoke: (kwargs, context) => run(handler, kwargs, context),
    ...(estimate === undefined
      ? {}
      : { estimate: (kwargs, context) => run(estimate, kwargs, context) }),
  };
}
