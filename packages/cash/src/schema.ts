/**
 * Function parameters as JSON Schema: conversion from zod, and ajv validation.
 *
 * @module
 */

import { createJsonSchemaCompiler, type JsonSchemaCompiler } from '@x/core/schemas';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { z } from 'zod';
import { CashError } from './errors.js';

/** A JSON Schema whose root describes an object, as MCP tool input schemas do. */
export interface ObjectJsonSchema {
  /** Always `object` at the root. */
  type: 'object';
  /** The parameters. */
  properties?: Record<string, unknown>;
  /** The names of required parameters. */
  required?: string[];
  /** Any other JSON Schema keyword. */
  [keyword: string]: unknown;
}

/** Parameters as a builder gives them: a zod object schema or a JSON Schema object. */
export type ParamsDefinition = z.ZodType | ObjectJsonSchema;

/** Whether `value` is a zod schema (of any copy of zod 4). */
export function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The JSON Schema of a function's parameters (`{type: "object"}` when none are declared).
 * A zod schema converts with `z.toJSONSchema` in its input form.
 *
 * @throws CashError `INVALID_DEFINITION` when the root is not an object schema.
 */
export function toObjectJsonSchema(
  params: ParamsDefinition | undefined,
  where: string,
): ObjectJsonSchema {
  if (params === undefined) return { type: 'object', properties: {} };
  let schema: unknown;
  if (isZodSchema(params)) {
    try {
      schema = z.toJSONSchema(params, { io: 'input', unrepresentable: 'any' });
    } catch (error) {
      throw new CashError({
        code: 'INVALID_DEFINITION',
        message: `${where}: the zod schema has no JSON Schema form: ${(error as Error).message}`,
        cause: error,
      });
    }
  } else {
    schema = params;
  }
  if (!isPlainObject(schema) || schema.type !== 'object') {
    throw new CashError({
      code: 'INVALID_DEFINITION',
      message: `${where}: params must describe an object (JSON Schema "type": "object")`,
    });
  }
  return schema as ObjectJsonSchema;
}

/** The parameter names of a schema, in declaration order. */
export function parameterNames(schema: ObjectJsonSchema): string[] {
  return isPlainObject(schema.properties) ? Object.keys(schema.properties) : [];
}

/** A compiled validator, or the reason the schema could not be compiled. */
export type CompiledSchema = ValidateFunction | { error: string };

/** Validates kwargs against function schemas with ajv; one instance per JSON Schema dialect. */
export interface SchemaValidator {
  /** Compiles `schema` (cached per object); the dialect follows `$schema`, 2020-12 by default. */
  compile(schema: ObjectJsonSchema): CompiledSchema;
}

/**
 * Creates a {@link SchemaValidator} on the shared `@x/core/schemas` compiler (`strict: false`,
 * `allErrors`, ajv-formats). It is made on first need and shared by every function of a server.
 */
export function createSchemaValidator(): SchemaValidator {
  let compiler: JsonSchemaCompiler | undefined;
  const cache = new WeakMap<object, CompiledSchema>();
  return {
    compile(schema) {
      const cached = cache.get(schema);
      if (cached !== undefined) return cached;
      compiler ??= createJsonSchemaCompiler();
      const compilation = compiler.compile(schema);
      const compiled: CompiledSchema =
        compilation.kind === 'compiled'
          ? compilation.validate
          : compilation.kind === 'invalid'
            ? { error: compilation.message }
            : { error: `unsupported $schema ${JSON.stringify(compilation.metaSchema)}` };
      cache.set(schema, compiled);
      return compiled;
    },
  };
}

/** How many validation problems a message lists. */
const MAX_PROBLEMS = 5;

function argumentPath(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('');
}

/** One readable problem per ajv error: `` `items[0].quantity` must be integer ``. */
export function describeSchemaErrors(errors: readonly ErrorObject[]): string[] {
  const problems = errors.map((error) => {
    const params = error.params as {
      missingProperty?: unknown;
      additionalProperty?: unknown;
      allowedValues?: unknown;
    };
    const path = argumentPath(error.instancePath);
    const child = (name: string) => (path === '' ? name : `${path}.${name}`);
    if (typeof params.missingProperty === 'string') {
      return `\`${child(params.missingProperty)}\` is required`;
    }
    if (typeof params.additionalProperty === 'string') {
      return `unknown argument \`${child(params.additionalProperty)}\``;
    }
    const subject = path === '' ? 'kwargs' : `\`${path}\``;
    const allowed = Array.isArray(params.allowedValues)
      ? ` (${params.allowedValues.map((value) => JSON.stringify(value)).join(', ')})`
      : '';
    return `${subject} ${error.message ?? 'is invalid'}${allowed}`;
  });
  const unique = [...new Set(problems)];
  return unique.length > MAX_PROBLEMS
    ? [...unique.slice(0, MAX_PROBLEMS), `and ${unique.length - MAX_PROBLEMS} more`]
    : unique;
}
