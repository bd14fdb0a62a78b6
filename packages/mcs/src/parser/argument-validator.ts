/**
 * Validates call arguments against each function's JSON Schema with ajv.
 *
 * @module
 */

import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { McsError } from '../errors.js';
import type { FunctionDefinition, JsonSchemaDialect } from '../function-definition.js';

/** `$schema` values per dialect, with and without the trailing `#`, http and https. */
const DIALECT_BY_META_SCHEMA: ReadonlyMap<string, JsonSchemaDialect> = new Map(
  (
    [
      ['json-schema.org/draft-07/schema', 'draft-07'],
      ['json-schema.org/draft/2019-09/schema', '2019-09'],
      ['json-schema.org/draft/2020-12/schema', '2020-12'],
    ] as const
  ).flatMap(([path, dialect]) =>
    ['http://', 'https://'].flatMap((scheme) => [
      [`${scheme}${path}`, dialect] as const,
      [`${scheme}${path}#`, dialect] as const,
    ]),
  ),
);

/** How many ajv errors one validation reports. */
const MAX_ERRORS = 10;

// ajv-formats is CommonJS with `exports.default`; NodeNext types its default import as the module.
const addFormats = ajvFormats as unknown as typeof ajvFormats.default;

const AJV_OPTIONS: Options = {
  strict: false,
  allErrors: true,
  // Unknown formats (OpenAPI documents have many) are ignored without a console warning.
  logger: false,
  // Function schemas may reuse `$id`s; registering them would make a second compile fail.
  addUsedSchema: false,
};

/** Checks arguments per function name; every schema was compiled when the validator was made. */
export interface ArgumentValidator {
  /** Returns one line per problem (`/path message`), or an empty list when the arguments are valid. */
  validate(name: string, argumentsValue: Record<string, unknown>): string[];
}

function createAjv(dialect: JsonSchemaDialect): Ajv {
  const ajv =
    dialect === '2020-12'
      ? new Ajv2020(AJV_OPTIONS)
      : dialect === '2019-09'
        ? new Ajv2019(AJV_OPTIONS)
        : new Ajv(AJV_OPTIONS);
  addFormats(ajv);
  return ajv;
}

function formatError(error: ErrorObject): string {
  const where = error.instancePath === '' ? '/' : error.instancePath;
  const params = error.params as { additionalProperty?: unknown; allowedValues?: unknown };
  let detail = '';
  if (typeof params.additionalProperty === 'string') {
    detail = `: ${JSON.stringify(params.additionalProperty)}`;
  } else if (Array.isArray(params.allowedValues)) {
    detail = `: ${JSON.stringify(params.allowedValues)}`;
  }
  return `${where} ${error.message ?? 'is invalid'}${detail}`;
}

/**
 * Compiles every function's parameters schema, one ajv instance per dialect.
 *
 * ajv runs with `strict: false` (OpenAPI schemas carry keywords such as `example` and `xml`),
 * `allErrors`, and ajv-formats.
 *
 * @throws McsError `FUNCTION_INVALID` when a schema names an unknown `$schema` or does not compile.
 */
export function createArgumentValidator(
  functions: readonly FunctionDefinition[],
): ArgumentValidator {
  const ajvByDialect = new Map<JsonSchemaDialect, Ajv>();
  const validators = new Map<string, ValidateFunction>();
  for (const definition of functions) {
    const metaSchema = definition.parameters.$schema;
    const dialect =
      metaSchema === undefined
        ? (definition.dialect ?? 'draft-07')
        : typeof metaSchema === 'string'
          ? DIALECT_BY_META_SCHEMA.get(metaSchema)
          : undefined;
    if (dialect === undefined) {
      throw new McsError({
        code: 'FUNCTION_INVALID',
        message: `function ${JSON.stringify(definition.name)} has an unsupported $schema ${JSON.stringify(metaSchema)} (supported: draft-07, 2019-09, 2020-12)`,
      });
    }
    let ajv = ajvByDialect.get(dialect);
    if (ajv === undefined) {
      ajv = createAjv(dialect);
      ajvByDialect.set(dialect, ajv);
    }
    try {
      validators.set(definition.name, ajv.compile(definition.parameters));
    } catch (error) {
      throw new McsError({
        code: 'FUNCTION_INVALID',
        message: `the parameters schema of function ${JSON.stringify(definition.name)} does not compile: ${error instanceof Error ? error.message : String(error)}`,
        cause: error,
      });
    }
  }
  return {
    validate(name, argumentsValue) {
      const validate = validators.get(name);
      if (validate === undefined || validate(argumentsValue)) return [];
      const errors = validate.errors ?? [];
      const lines = errors.slice(0, MAX_ERRORS).map(formatError);
      if (errors.length > MAX_ERRORS) lines.push(`and ${errors.length - MAX_ERRORS} more`);
      return lines;
    },
  };
}
