/**
 * Validates tool arguments against catalog schemas with ajv, compiling each schema on first use.
 *
 * @module
 */

import type { Ajv, ErrorObject, Options, ValidateFunction } from 'ajv';
import type { Ajv2019 } from 'ajv/dist/2019.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { CatalogInputSchema } from './catalog.js';

/** The JSON Schema dialects the validator knows, picked by a schema's `$schema`. */
type Dialect = 'draft-07' | '2019-09' | '2020-12';

/** `$schema` values per dialect; a schema without `$schema` is 2020-12, as MCP specifies. */
const DIALECT_BY_META_SCHEMA: ReadonlyMap<string, Dialect> = new Map([
  ['http://json-schema.org/draft-07/schema#', 'draft-07'],
  ['http://json-schema.org/draft-07/schema', 'draft-07'],
  ['https://json-schema.org/draft-07/schema#', 'draft-07'],
  ['https://json-schema.org/draft-07/schema', 'draft-07'],
  ['https://json-schema.org/draft/2019-09/schema', '2019-09'],
  ['https://json-schema.org/draft/2019-09/schema#', '2019-09'],
  ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
  ['https://json-schema.org/draft/2020-12/schema#', '2020-12'],
]);

/** An ajv instance of any dialect. */
type AjvInstance = Ajv | Ajv2019 | Ajv2020;

/** How many ajv errors a result lists before summarizing the rest. */
const MAX_ERROR_LINES = 20;

/** The outcome of validating one call's arguments. */
export type ArgumentValidation =
  | { kind: 'valid' }
  | { kind: 'invalid'; lines: string[] }
  | { kind: 'schema-error'; message: string };

/** Validates arguments per tool; schemas compile lazily and stay cached by tool name. */
export interface ArgumentValidator {
  /** Validates `argumentsValue` against `schema`, the input schema of tool `toolName`. */
  validate(
    toolName: string,
    schema: CatalogInputSchema,
    argumentsValue: unknown,
  ): Promise<ArgumentValidation>;
}

const AJV_OPTIONS: Options = {
  strict: false,
  allErrors: true,
  // Catalog schemas may reuse `$id`s; registering them would make the second compile fail.
  addUsedSchema: false,
};

/**
 * Makes the ajv instance of a dialect. ajv loads on the first call, not at startup: a server
 * that only lists tools (the common case in benchmarks) never pays for it.
 */
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

/** One line per ajv error: `/path message`, naming the offending property where ajv does not. */
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
 * Creates a validator with one ajv instance per dialect, made on first need.
 *
 * ajv runs with `strict: false`, `allErrors` and ajv-formats. A schema that ajv cannot compile
 * (invalid against its meta-schema, or an unknown `$schema`) yields `schema-error` on every
 * call of that tool; the failure is cached like a compiled schema.
 */
export function createArgumentValidator(): ArgumentValidator {
  const ajvByDialect = new Map<Dialect, Promise<AjvInstance>>();
  const compiled = new Map<string, ValidateFunction | { message: string }>();

  async function compile(
    schema: CatalogInputSchema,
  ): Promise<ValidateFunction | { message: string }> {
    const metaSchema = schema.$schema;
    const dialect =
      metaSchema === undefined
        ? '2020-12'
        : typeof metaSchema === 'string'
          ? DIALECT_BY_META_SCHEMA.get(metaSchema)
          : undefined;
    if (dialect === undefined) {
      return {
        message: `unsupported $schema ${JSON.stringify(metaSchema)} (supported: draft-07, 2019-09, 2020-12)`,
      };
    }
    let ajv = ajvByDialect.get(dialect);
    if (ajv === undefined) {
      ajv = createAjv(dialect);
      ajvByDialect.set(dialect, ajv);
    }
    try {
      return (await ajv).compile(schema);
    } catch (error) {
      return { message: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    async validate(toolName, schema, argumentsValue) {
      let validate = compiled.get(toolName);
      if (validate === undefined) {
        validate = await compile(schema);
        compiled.set(toolName, validate);
      }
      if (typeof validate !== 'function')
        return { kind: 'schema-error', message: validate.message };
      if (validate(argumentsValue)) return { kind: 'valid' };
      const errors = validate.errors ?? [];
      const lines = errors.slice(0, MAX_ERROR_LINES).map(formatError);
      if (errors.length > MAX_ERROR_LINES) {
        lines.push(`... and ${errors.length - MAX_ERROR_LINES} more errors`);
      }
      return { kind: 'invalid', lines };
    },
  };
}
