/**
 * JSON Schema dialects and how a schema's `$schema` names one.
 *
 * @module
 */

/** The JSON Schema dialects ajv 8 compiles. */
export type JsonSchemaDialect = 'draft-07' | '2019-09' | '2020-12';

/** Every {@link JsonSchemaDialect}, oldest first. */
export const JSON_SCHEMA_DIALECTS: readonly JsonSchemaDialect[] = [
  'draft-07',
  '2019-09',
  '2020-12',
];

/** `$schema` values per dialect: http and https, with and without the trailing `#`. */
const DIALECT_BY_META_SCHEMA: ReadonlyMap<string, JsonSchemaDialect> = new Map(
  (
    [
      ['json-schema.org/draft-07/schema', 'draft-07'],
      ['json-schema.org/draft/2019-09/schema', '2019-09'],
      ['json-schema.org/draft/2020-12/schema', '2020-12'],
    ] as const
  ).flatMap(([path, dialect]) =>
    ['http', 'https'].flatMap((scheme) => [
      [`${scheme}://${path}`, dialect] as const,
      [`${scheme}://${path}#`, dialect] as const,
    ]),
  ),
);

/**
 * The dialect a `$schema` value names, or `undefined` for anything else (another draft, a
 * typo, a value that is not a string).
 *
 * Both schemes and both spellings (with and without `#`) are recognised, but ajv knows each
 * meta-schema by one URI only (`http://` for draft-07, `https://` for the others): a schema
 * that names the other one maps to its dialect and then fails to compile, with ajv's
 * `no schema with key or ref` message.
 */
export function dialectOfMetaSchema(metaSchema: unknown): JsonSchemaDialect | undefined {
  return typeof metaSchema === 'string' ? DIALECT_BY_META_SCHEMA.get(metaSchema) : undefined;
}

/** What {@link schemaDialects} found: the dialects to try in order, or an unknown `$schema`. */
export type DialectChoice =
  | {
      /** Tells this outcome apart. */
      readonly kind: 'dialects';
      /** The dialects to try, in order; never empty when `undeclared` is not. */
      readonly dialects: readonly JsonSchemaDialect[];
    }
  | {
      /** Tells this outcome apart. */
      readonly kind: 'unsupported';
      /** The schema's `$schema`, as given. */
      readonly metaSchema: unknown;
    };

/**
 * The dialects to compile `schema` in: the one its `$schema` names, or `undeclared` (tried in
 * order) when it has none. A value that is not a plain object has no `$schema`.
 */
export function schemaDialects(
  schema: unknown,
  undeclared: readonly JsonSchemaDialect[],
): DialectChoice {
  const metaSchema =
    typeof schema === 'object' && schema !== null && !Array.isArray(schema)
      ? (schema as { $schema?: unknown }).$schema
      : undefined;
  if (metaSchema === undefined) return { kind: 'dialects', dialects: undeclared };
  const dialect = dialectOfMetaSchema(metaSchema);
  return dialect === undefined
    ? { kind: 'unsupported', metaSchema }
    : { kind: 'dialects', dialects: [dialect] };
}
