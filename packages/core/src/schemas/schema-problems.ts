/**
 * ajv's validation errors as a stable, readable list.
 *
 * @module
 */

import type { ErrorObject } from 'ajv';

/** One ajv error, reduced to what a reader (or a model) needs. */
export interface SchemaProblem {
  /** A JSON Pointer to the offending value; `/` for the arguments themselves. */
  readonly path: string;
  /** ajv's message (`must have required property 'name'`), `is invalid` when it gives none. */
  readonly message: string;
  /** The property `additionalProperties: false` rejected, which ajv's message leaves out. */
  readonly additionalProperty?: string;
  /** The values an `enum` allows, which ajv's message leaves out. */
  readonly allowedValues?: readonly unknown[];
}

/** Reads one ajv error; it never throws, whatever `params` holds. */
export function describeSchemaError(error: ErrorObject): SchemaProblem {
  const params = (
    typeof error.params === 'object' && error.params !== null ? error.params : {}
  ) as {
    additionalProperty?: unknown;
    allowedValues?: unknown;
  };
  const path =
    typeof error.instancePath === 'string' && error.instancePath !== '' ? error.instancePath : '/';
  const message = typeof error.message === 'string' ? error.message : 'is invalid';
  return {
    path,
    message,
    ...(typeof params.additionalProperty === 'string'
      ? { additionalProperty: params.additionalProperty }
      : {}),
    ...(Array.isArray(params.allowedValues) ? { allowedValues: params.allowedValues } : {}),
  };
}

/**
 * One line for a problem: `/path message`, then `: "property"` for a rejected additional
 * property or `: [values]` for an enum, as JSON.
 */
export function formatSchemaProblem(problem: SchemaProblem): string {
  let detail = '';
  if (problem.additionalProperty !== undefined) {
    detail = `: ${JSON.stringify(problem.additionalProperty)}`;
  } else if (problem.allowedValues !== undefined) {
    detail = `: ${stringifyValues(problem.allowedValues)}`;
  }
  return `${problem.path} ${problem.message}${detail}`;
}

function stringifyValues(values: readonly unknown[]): string {
  try {
    return JSON.stringify(values) ?? String(values);
  } catch {
    return String(values);
  }
}

/** The lines of {@link formatSchemaErrors}: the first errors, and how many were left out. */
export interface SchemaErrorLines {
  /** One {@link formatSchemaProblem} line per error, in ajv's order, at most the limit. */
  readonly lines: string[];
  /** How many errors the limit left out. */
  readonly omitted: number;
}

/**
 * Formats the first `limit` of ajv's `validate.errors` (`null` or `undefined`: none), one line
 * each, in ajv's order, which is the same for the same schema and value.
 */
export function formatSchemaErrors(
  errors: readonly ErrorObject[] | null | undefined,
  limit: number,
): SchemaErrorLines {
  const all = errors ?? [];
  const kept = all.slice(0, Math.max(0, limit));
  return {
    lines: kept.map((error) => formatSchemaProblem(describeSchemaError(error))),
    omitted: all.length - kept.length,
  };
}
