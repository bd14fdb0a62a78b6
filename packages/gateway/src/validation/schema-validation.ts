/**
 * Untrusted upstream schemas: complexity bounds, compilation with ajv, and
 * validation of call arguments before anything reaches an upstream.
 *
 * @module
 */

import { nestsDeeperThan } from '@x/core/json';
import {
  createJsonSchemaCompiler,
  describeSchemaError,
  type JsonSchemaCompiler,
} from '@x/core/schemas';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { GatewayError } from '../errors.js';

/**
 * Bounds on an upstream input schema; a schema beyond any of them is `SCHEMA_INVALID`.
 *
 * @see gateway-surface §4.4 (schema trust and complexity)
 */
export interface SchemaLimits {
  /** The longest serialized schema, in UTF-16 code units. Default 262,144. */
  maxLength: number;
  /** The deepest nesting of objects and arrays. Default 32. */
  maxDepth: number;
  /** The most `properties` entries over the whole schema. Default 2,000. */
  maxProperties: number;
}

/**
 * The default {@link SchemaLimits}: generous, far above any real tool.
 *
 * @see gateway-surface §4.4
 */
export const DEFAULT_SCHEMA_LIMITS: Readonly<SchemaLimits> = {
  maxLength: 262_144,
  maxDepth: 32,
  maxProperties: 2_000,
};

/** The most ajv errors an `ARGS_INVALID` lists. */
const MAX_REPORTED_ERRORS = 10;

/**
 * The shared compiler's settings for upstream schemas: a schema without `$schema` is 2020-12,
 * as MCP specifies, or draft-07 when 2020-12 rejects it, since many servers emit draft-07
 * schemas without saying so.
 */
function createUpstreamSchemaCompiler(): JsonSchemaCompiler {
  return createJsonSchemaCompiler({ undeclared: ['2020-12', 'draft-07'] });
}

function schemaInvalid(toolId: string, reason: string): GatewayError {
  return new GatewayError({
    code: 'SCHEMA_INVALID',
    message: `the upstream schema of ${toolId} is unusable: ${reason}`,
    data: { tool_id: toolId, reason },
  });
}

/**
 * Why a schema breaks the limits, or `undefined`: its length, then its depth, then its count of
 * properties. The walks are iterative.
 */
export function schemaLimitProblem(schema: unknown, limits: SchemaLimits): string | undefined {
  let text: string | undefined;
  try {
    text = JSON.stringify(schema);
  } catch {
    return 'the schema is not JSON';
  }
  if (text === undefined) return 'the schema is not JSON';
  if (text.length > limits.maxLength) return `the schema is longer than ${limits.maxLength}`;
  if (nestsDeeperThan(schema, limits.maxDepth)) {
    return `the schema nests deeper than ${limits.maxDepth}`;
  }
  let properties = 0;
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    if (!Array.isArray(value) && typeof record.properties === 'object' && record.properties) {
      properties += Object.keys(record.properties).length;
      if (properties > limits.maxProperties) {
        return `the schema has more than ${limits.maxProperties} properties`;
      }
    }
    for (const child of Object.values(record)) stack.push(child);
  }
  return undefined;
}

/** A compiled input schema: validates arguments or throws `ARGS_INVALID`. */
export type ArgumentCheck = (args: Record<string, unknown>) => void;

/**
 * Compiles tools' input schemas with ajv and keeps the result per `tool_id`.
 *
 * @see gateway-surface §4.4
 */
export interface SchemaCompiler {
  /**
   * The argument check of a tool, compiled on first use and cached (a failure
   * too). Throws {@link GatewayError} `SCHEMA_INVALID` when the schema breaks
   * the limits, fails its meta-schema, or cannot be compiled.
   */
  argumentCheck(toolId: string, schema: unknown): Promise<ArgumentCheck>;
}

/**
 * Creates a {@link SchemaCompiler} on `@x/core/schemas`: one ajv instance per
 * JSON Schema dialect (`strict: false`, `allErrors`, ajv-formats), made on
 * first need so that a gateway that only browses never loads ajv.
 *
 * The dialect comes from `$schema` (draft-07, 2019-09 or 2020-12; any other
 * is `SCHEMA_INVALID`). A schema without `$schema` is 2020-12, as MCP
 * specifies, and falls back to draft-07 when 2020-12 rejects it, since many
 * servers emit draft-07 schemas without saying so.
 *
 * @see gateway-surface §4.4
 */
export function createSchemaCompiler(limits: SchemaLimits = DEFAULT_SCHEMA_LIMITS): SchemaCompiler {
  const schemas = createUpstreamSchemaCompiler();
  const checks = new Map<string, Promise<ArgumentCheck>>();

  async function compile(toolId: string, schema: unknown): Promise<ArgumentCheck> {
    const problem = schemaLimitProblem(schema, limits);
    if (problem !== undefined) throw schemaInvalid(toolId, problem);
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw schemaInvalid(toolId, 'the schema is not an object');
    }
    const compilation = schemas.compile(schema);
    if (compilation.kind === 'unsupported-dialect') {
      throw schemaInvalid(toolId, 'unsupported $schema');
    }
    if (compilation.kind === 'invalid') throw schemaInvalid(toolId, compilation.message);
    const { validate } = compilation;
    return (args) => checkArguments(toolId, validate, args);
  }

  return {
    argumentCheck(toolId, schema) {
      let check = checks.get(toolId);
      if (check === undefined) {
        check = compile(toolId, schema);
        checks.set(toolId, check);
      }
      return check;
    },
  };
}

/**
 * Returns a synchronous meta-validation of input schemas: why a schema is unusable (not an
 * object, an unsupported `$schema`, or invalid against its meta-schema, under the same dialect
 * rules as {@link createSchemaCompiler}), or `undefined`. ajv loads on the first schema.
 * Complexity bounds are {@link schemaLimitProblem}'s job.
 *
 * @see gateway-surface §4.4 (schema trust)
 */
export async function createSchemaMetaValidator(): Promise<
  (schema: unknown) => string | undefined
> {
  const schemas = createUpstreamSchemaCompiler();
  return (schema) => {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      return 'the schema is not an object';
    }
    const check = schemas.check(schema);
    if (check.kind === 'unsupported-dialect') return 'unsupported $schema';
    return check.kind === 'invalid' ? check.message : undefined;
  };
}

function checkArguments(
  toolId: string,
  validate: ValidateFunction,
  args: Record<string, unknown>,
): void {
  if (validate(args)) return;
  const errors = (validate.errors ?? []).slice(0, MAX_REPORTED_ERRORS).map(describeError);
  const first = errors[0];
  throw new GatewayError({
    code: 'ARGS_INVALID',
    message: `args do not match the schema of ${toolId}${first === undefined ? '' : `: ${first.path} ${first.message}`}`,
    data: { tool_id: toolId, errors },
  });
}

function describeError(error: ErrorObject): { path: string; message: string } {
  const { path, message, additionalProperty } = describeSchemaError(error);
  return {
    path,
    message: additionalProperty === undefined ? message : `${message} (${additionalProperty})`,
  };
}
