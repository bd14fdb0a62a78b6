import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoreError } from '../../src/errors.js';
import {
  createJsonSchemaCompiler,
  formatSchemaErrors,
  type SchemaCompilation,
} from '../../src/schemas/index.js';

const tuple2020 = { type: 'array', prefixItems: [{ type: 'string' }], items: false };
const tupleDraft07 = {
  type: 'array',
  items: [{ type: 'string' }],
  additionalItems: false,
};

function compiled(compilation: SchemaCompilation) {
  if (compilation.kind !== 'compiled')
    throw new Error(`expected a compiled schema: ${compilation.kind}`);
  return compilation;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createJsonSchemaCompiler', () => {
  it('compiles a schema without $schema as 2020-12, as MCP specifies', () => {
    const { dialect, validate } = compiled(createJsonSchemaCompiler().compile(tuple2020));
    expect(dialect).toBe('2020-12');
    expect(validate(['a'])).toBe(true);
    expect(validate(['a', 'b'])).toBe(false);
  });

  it('compiles in the dialect $schema names', () => {
    const compiler = createJsonSchemaCompiler();
    const draft07 = compiled(
      compiler.compile({ ...tupleDraft07, $schema: 'http://json-schema.org/draft-07/schema#' }),
    );
    expect(draft07.dialect).toBe('draft-07');
    expect(draft07.validate(['a', 'b'])).toBe(false);
    const draft2019 = compiled(
      compiler.compile({ type: 'string', $schema: 'https://json-schema.org/draft/2019-09/schema' }),
    );
    expect(draft2019.dialect).toBe('2019-09');
  });

  it('tries the undeclared dialects in order and keeps the first that compiles', () => {
    const compiler = createJsonSchemaCompiler({ undeclared: ['2020-12', 'draft-07'] });
    const fallback = compiled(compiler.compile(tupleDraft07));
    expect(fallback.dialect).toBe('draft-07');
    expect(fallback.validate(['a', 'b'])).toBe(false);
    const strict = createJsonSchemaCompiler().compile(tupleDraft07);
    expect(strict).toMatchObject({ kind: 'invalid', dialect: '2020-12' });
    expect(compiler.compile(tupleDraft07, { undeclared: ['2020-12'] })).toMatchObject({
      kind: 'invalid',
      dialect: '2020-12',
    });
  });

  it('reports an unknown $schema as given, and a schema ajv rejects with its message', () => {
    const compiler = createJsonSchemaCompiler();
    expect(compiler.compile({ $schema: 'http://json-schema.org/draft-04/schema#' })).toEqual({
      kind: 'unsupported-dialect',
      metaSchema: 'http://json-schema.org/draft-04/schema#',
    });
    const invalid = compiler.compile({ type: 'nonsense' });
    expect(invalid).toMatchObject({ kind: 'invalid', dialect: '2020-12' });
    expect((invalid as { message: string }).message).toMatch(/^schema is invalid: data\/type/);
    expect(
      compiler.compile({ $schema: 'https://json-schema.org/draft-07/schema#', type: 'object' }),
    ).toMatchObject({
      kind: 'invalid',
      dialect: 'draft-07',
      message: 'no schema with key or ref "https://json-schema.org/draft-07/schema#"',
    });
  });

  it('compiles an equal schema once, even in a new object', () => {
    const compiler = createJsonSchemaCompiler();
    const first = compiled(compiler.compile({ type: 'object', required: ['a'] }));
    const second = compiled(compiler.compile({ type: 'object', required: ['a'] }));
    expect(second.validate).toBe(first.validate);
    const other = compiled(
      compiler.compile({ type: 'object', required: ['a'] }, { undeclared: ['draft-07'] }),
    );
    expect(other.validate).not.toBe(first.validate);
  });

  it('answers for a schema that is not JSON instead of throwing, and compiles it afresh', () => {
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.properties = { self: cyclic };
    const compiler = createJsonSchemaCompiler();
    const first = compiler.compile(cyclic);
    expect(first.kind).toBe('invalid');
    expect(compiler.compile(cyclic)).not.toBe(first);
  });

  it('checks formats with ajv-formats', () => {
    const { validate } = compiled(
      createJsonSchemaCompiler().compile({ type: 'string', format: 'email' }),
    );
    expect(validate('someone@example.org')).toBe(true);
    expect(validate('nobody')).toBe(false);
  });

  it('stops at the first error when allErrors is off', () => {
    const schema = { type: 'object', required: ['a', 'b'] };
    const all = compiled(createJsonSchemaCompiler().compile(schema)).validate;
    const first = compiled(createJsonSchemaCompiler({ allErrors: false }).compile(schema)).validate;
    all({});
    first({});
    expect(all.errors).toHaveLength(2);
    expect(first.errors).toHaveLength(1);
  });

  it('warns about unknown formats on the console unless silent', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const schema = { type: 'string', format: 'no-such-format' };
    createJsonSchemaCompiler({ silent: true }).compile(schema);
    expect(warn).not.toHaveBeenCalled();
    createJsonSchemaCompiler().compile(schema);
    expect(warn).toHaveBeenCalled();
  });

  it('rejects an empty list of undeclared dialects', () => {
    expect(() => createJsonSchemaCompiler({ undeclared: [] })).toThrow(CoreError);
    expect(() => createJsonSchemaCompiler().compile({}, { undeclared: [] })).toThrow(
      /at least one JSON Schema dialect/,
    );
  });
});

describe('JsonSchemaCompiler.check', () => {
  it('checks a schema against its meta-schema with the same dialect rules', () => {
    const compiler = createJsonSchemaCompiler({ undeclared: ['2020-12', 'draft-07'] });
    expect(compiler.check(tuple2020)).toEqual({ kind: 'valid', dialect: '2020-12' });
    expect(compiler.check(tupleDraft07)).toEqual({ kind: 'valid', dialect: 'draft-07' });
    expect(compiler.check({ type: 7 })).toEqual({
      kind: 'invalid',
      dialect: 'draft-07',
      message: expect.stringMatching(/^schema\/type must be/),
    });
    expect(compiler.check({ $schema: 'urn:other' })).toEqual({
      kind: 'unsupported-dialect',
      metaSchema: 'urn:other',
    });
  });

  it('reports a meta-schema ajv does not know instead of throwing', () => {
    expect(
      createJsonSchemaCompiler().check({ $schema: 'http://json-schema.org/draft/2020-12/schema' }),
    ).toEqual({
      kind: 'invalid',
      dialect: '2020-12',
      message: 'no schema with key or ref "http://json-schema.org/draft/2020-12/schema"',
    });
  });
});

describe('JsonSchemaCompiler on arbitrary JSON', () => {
  const compiler = createJsonSchemaCompiler({ silent: true, undeclared: ['2020-12', 'draft-07'] });
  const metaSchemas = fc.constantFrom(
    undefined,
    'http://json-schema.org/draft-07/schema#',
    'https://json-schema.org/draft/2019-09/schema',
    'https://json-schema.org/draft/2020-12/schema',
    'http://json-schema.org/draft-04/schema#',
  );

  it('never throws while choosing a dialect, compiling, checking, validating or formatting', () => {
    fc.assert(
      fc.property(fc.jsonValue(), metaSchemas, fc.jsonValue(), (value, metaSchema, input) => {
        const schema =
          metaSchema === undefined ||
          typeof value !== 'object' ||
          value === null ||
          Array.isArray(value)
            ? value
            : { ...value, $schema: metaSchema };
        expect(['valid', 'invalid', 'unsupported-dialect']).toContain(compiler.check(schema).kind);
        const compilation = compiler.compile(schema);
        if (compilation.kind !== 'compiled') return;
        if (compilation.validate(input)) return;
        const { lines, omitted } = formatSchemaErrors(compilation.validate.errors, 5);
        expect(lines.length).toBeGreaterThan(0);
        expect(lines.every((line) => line.startsWith('/'))).toBe(true);
        expect(omitted).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });

  it('compiles object schemas built from common keywords, and validates deterministically', () => {
    const property = fc.oneof(
      fc.record({ type: fc.constantFrom('string', 'number', 'integer', 'boolean', 'null') }),
      fc.record({ enum: fc.array(fc.jsonValue(), { minLength: 1, maxLength: 3 }) }),
      fc.record({ type: fc.constant('string'), format: fc.constantFrom('email', 'uri', 'date') }),
    );
    const schemas = fc.record({
      type: fc.constant('object'),
      properties: fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), property, {
        maxKeys: 4,
      }),
      additionalProperties: fc.boolean(),
    });
    fc.assert(
      fc.property(schemas, fc.jsonValue(), (schema, input) => {
        const compilation = compiled(compiler.compile(schema));
        const first = compilation.validate(input);
        const firstLines = formatSchemaErrors(compilation.validate.errors, 10);
        const again = compiled(compiler.compile(structuredClone(schema)));
        expect(again.validate(input)).toBe(first);
        expect(formatSchemaErrors(again.validate.errors, 10)).toEqual(firstLines);
      }),
      { numRuns: 200 },
    );
  });
});
