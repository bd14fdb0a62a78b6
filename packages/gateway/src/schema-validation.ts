/**
 * Untrusted upstream schemas: complexity bounds, compilation with ajv, and
 * validation of call arguments before anything reaches an upstream.
 *
 * @module
 */

import type { Ajv, ErrorObject, Options, ValidateFunction } from 'ajv';
import type { Ajv2019 } from 'ajv/dist/2019.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { GatewayError } from './errors.js';

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

type Dialect = 'draft-07' | '2019-09' | '2020-12';
type AjvInstance = Ajv | Ajv2019 | Ajv2020;

const DIALECT_BY_META_SCHEMA: ReadonlyMap<string, Dialect> = new Map(
  [
    ['http://json-schema.org/draft-07/schema', 'draft-07'],
    ['https://json-schema.org/draft-07/schema', 'draft-07'],
    ['https://json-schema.org/draft/2019-09/schema', '2019-09'],
    ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
  ].flatMap(([uri, dialect]) => [
    [uri as string, dialect as Dialect],
    [`${uri}#`, dialect as Dialect],
  ]),
);

const AJV_OPTIONS: Options = {
  strict: false,
  allErrors: true,
  // Upstream schemas may reuse `$id`s; registering them would make a second compile fail.
  addUsedSchema: false,
};

function schemaInvalid(toolId: string, reason: string): GatewayError {
  return new GatewayError({
    code: 'SCHEMA_INVALID',
    message: `the upstream schema of ${toolId} is unusable: ${reason}`,
    data: { tool_id: toolId, reason },
  });
}

/** Why a schema breaks the limits, or `undefined`. Walks it once, iteratively. */
export function schemaLimitProblem(schema: unknown, limits: SchemaLimits): string | undefined {
  let text: string | undefined;
  try {
    text = JSON.stringify(schema);
  } catch {
    return 'the schema is not JSON';
  }
  if (text === undefined) return 'the schema is not JSON';
  if (text.length > limits.maxLength) return `the schema is longer than ${limits.maxLength}`;
  let properties = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value: schema, depth: 1 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value, depth } = next;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > limits.maxDepth) return `the schema nests deeper than ${limits.maxDepth}`;
    const record = value as Record<string, unknown>;
    if (!Array.isArray(value) && typeof record.properties === 'object' && record.properties) {
      properties += Object.keys(record.properties).length;
      if (properties > limits.maxProperties) {
        return `the schema has more than ${limits.maxProperties} properties`;
      }
    }
    for (const child of Object.values(record)) stack.push({ value: child, depth: depth + 1 });
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
 * Creates a {@link SchemaCompiler}: one ajv instance per JSON Schema dialect
 * (`strict: false`, `allErrors`, ajv-formats), made on first need so that a
 * gateway that only browses never loads ajv.
 *
 * The dialect comes from `$schema` (draft-07, 2019-09 or 2020-12; any other
 * is `SCHEMA_INVALID`). A schema without `$schema` is 2020-12, as MCP
 * specifies, and falls back to draft-07 when 2020-12 rejects it, since many
 * servers emit draft-07 schemas without saying so.
 *
 * @see gateway-surface §4.4
 */
export function createSchemaCompiler(limits: SchemaLimits = DEFAULT_SCHEMA_LIMITS): SchemaCompiler {
  const ajvByDialect = new Map<Dialect, Promise<AjvInstance>>();
  const checks = new Map<string, Promise<ArgumentCheck>>();

  function ajvFor(dialect: Dialect): Promise<AjvInstance> {
    let ajv = ajvByDialect.get(dialect);
    if (ajv === undefined) {
      ajv = createAjv(dialect);
      ajvByDialect.set(dialect, ajv);
    }
    return ajv;
  }

  async function compile(toolId: string, schema: unknown): Promise<ArgumentCheck> {
    const problem = schemaLimitProblem(schema, limits);
    if (problem !== undefined) throw schemaInvalid(toolId, problem);
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw schemaInvalid(toolId, 'the schema is not an object');
    }
    const declared = (schema as { $schema?: unknown }).$schema;
    const dialects: Dialect[] =
      declared === undefined
        ? ['2020-12', 'draft-07']
        : [DIALECT_BY_META_SCHEMA.get(String(declared))].filter(
            (dialect): dialect is Dialect => dialect !== undefined,
          );
    if (dialects.length === 0) throw schemaInvalid(toolId, 'unsupported $schema');
    let failure = 'cannot compile';
    for (const dialect of dialects) {
      try {
        const validate = (await ajvFor(dialect)).compile(schema);
        return (args) => checkArguments(toolId, validate, args);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
    }
    throw schemaInvalid(toolId, failure);
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
 * Loads ajv for every dialect and returns a synchronous meta-validation of input schemas:
 * why a schema is unusable (not an object, an unsupported `$schema`, or invalid against its
 * meta-schema, under the same dialect rules as {@link createSchemaCompiler}), or `undefined`.
 * Complexity bounds are {@link schemaLimitProblem}'s job.
 *
 * @see gateway-surface §4.4 (schema trust)
 */
export async function createSchemaMetaValidator(): Promise<
  (schema: unknown) => string | undefined
> {
  const dialects: Dialect[] = ['2020-12', '2019-09', 'draft-07'];
  const instances = new Map(
    await Promise.all(
      dialects.map(async (dialect) => [dialect, await createAjv(dialect)] as const),
    ),
  );
  return (schema) => {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      return 'the schema is not an object';
    }
    const declared = (schema as { $schema?: unknown }).$schema;
    const candidates: Dialect[] =
      declared === undefined
        ? ['2020-12', 'draft-07']
        : [DIALECT_BY_META_SCHEMA.get(String(declared))].filter(
            (dialect): dialect is Dialect => dialect !== undefined,
          );
    if (candidates.length === 0) return 'unsupported $schema';
    let problem = 'invalid against its meta-schema';
    for (const dialect of candidates) {
      const ajv = instances.get(dialect) as AjvInstance;
      if (ajv.validateSchema(schema) === true) return undefined;
      problem = ajv.errorsText(ajv.errors, { dataVar: 'schema' });
    }
    return problem;
  };
}

async function createAjv(dialect: Dialect): Promise<AjvInstance> {
  const [{ default: ajvFormats }, ajv] = await Promise.all([
    import('ajv-formats'),
    dialect === '2020-12'
      ? import('ajv/dist/2020.js').then(({ Ajv2020 }) => new Ajv2020(AJV_OPTIONS))
      : dialect === '2019-09'
        ? import('ajv/dist/2019.js').then(({ Ajv2019 }) => new Ajv2019(AJV_OPTIONS))
        : import('ajv').then(({ Ajv }) => new Ajv(AJV_OPTIONS)),
  ]);
  // ajv-formats is CommonJS with `exports.default`; NodeNext types its default import as the module.
  const addFormats = ajvFormats as unknown as typeof ajvFormats.default;
  addFormats(ajv);
  return ajv;
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
  const params = error.params as { additionalProperty?: unknown; missingProperty?: unknown };
  let detail = '';
  if (typeof params.additionalProperty === 'string') detail = ` (${params.additionalProperty})`;
  return {
    path: error.instancePath === '' ? '/' : error.instancePath,
    message: `${error.message ?? 'is invalid'}${detail}`,
  };
}
