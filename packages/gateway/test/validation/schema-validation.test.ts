import { describe, expect, it } from 'vitest';
import {
  createSchemaCompiler,
  DEFAULT_SCHEMA_LIMITS,
  schemaLimitProblem,
} from '../../src/validation/schema-validation.js';
import { rejectedFailure } from '../gateway-failures.js';

function nested(depth: number): unknown {
  let schema: unknown = { type: 'string' };
  for (let level = 0; level < depth; level += 1)
    schema = { type: 'object', properties: { a: schema } };
  return schema;
}

describe('schemaLimitProblem', () => {
  it('accepts ordinary schemas and names the limit a hostile one breaks', () => {
    expect(schemaLimitProblem(nested(3), DEFAULT_SCHEMA_LIMITS)).toBeUndefined();
    expect(schemaLimitProblem(nested(40), DEFAULT_SCHEMA_LIMITS)).toMatch(/deeper/);
    const wide = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`p${i}`, {}])),
    };
    expect(schemaLimitProblem(wide, DEFAULT_SCHEMA_LIMITS)).toMatch(/properties/);
    expect(schemaLimitProblem({ description: 'x'.repeat(300_000) }, DEFAULT_SCHEMA_LIMITS)).toMatch(
      /longer/,
    );
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(schemaLimitProblem(cyclic, DEFAULT_SCHEMA_LIMITS)).toMatch(/not JSON/);
  });
});

describe('createSchemaCompiler', () => {
  const schema = {
    type: 'object',
    properties: { path: { type: 'string' }, count: { type: 'integer', minimum: 1 } },
    required: ['path'],
    additionalProperties: false,
  };

  it('accepts valid arguments and explains invalid ones with ARGS_INVALID', async () => {
    const check = await createSchemaCompiler().argumentCheck('fs:read#00000000', schema);
    expect(() => check({ path: 'a', count: 2 })).not.toThrow();
    const outcome = await rejectedFailure(() => check({ count: 0, extra: true }));
    expect(outcome).toMatchObject({ code: 'ARGS_INVALID', tool_id: 'fs:read#00000000' });
    expect(outcome?.errors).toEqual(
      expect.arrayContaining([
        { path: '/', message: "must have required property 'path'" },
        { path: '/count', message: 'must be >= 1' },
        { path: '/', message: 'must NOT have additional properties (extra)' },
      ]),
    );
  });

  it('compiles each tool once', async () => {
    const compiler = createSchemaCompiler();
    const first = await compiler.argumentCheck('a:b#00000000', schema);
    expect(await compiler.argumentCheck('a:b#00000000', schema)).toBe(first);
  });

  it('picks the dialect from $schema and falls back to draft-07 when none is declared', async () => {
    const compiler = createSchemaCompiler();
    const tuple = {
      type: 'object',
      properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
    };
    const check = await compiler.argumentCheck('a:tuple#00000000', tuple);
    expect(await rejectedFailure(() => check({ pair: ['x', 'y'] }))).toMatchObject({
      code: 'ARGS_INVALID',
    });
    const draft7 = { ...tuple, $schema: 'http://json-schema.org/draft-07/schema#' };
    await expect(compiler.argumentCheck('a:d7#00000000', draft7)).resolves.toBeTypeOf('function');
    const modern = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'array',
      prefixItems: [{ type: 'string' }],
    };
    await expect(compiler.argumentCheck('a:m#00000000', modern)).resolves.toBeTypeOf('function');
  });

  it('answers SCHEMA_INVALID for unusable schemas, every time', async () => {
    const compiler = createSchemaCompiler();
    const bad = [
      { $schema: 'https://example.com/custom', type: 'object' },
      { type: 'object', properties: { a: { type: 'no-such-type' } } },
      { type: 'object', properties: { a: { $ref: 'https://example.com/remote.json' } } },
      nested(40),
      ['not', 'an', 'object'],
    ];
    for (const [index, schemaValue] of bad.entries()) {
      const toolId = `a:bad${index}#00000000`;
      for (let attempt = 0; attempt < 2; attempt += 1) {
        expect(
          await rejectedFailure(() => compiler.argumentCheck(toolId, schemaValue)),
        ).toMatchObject({
          code: 'SCHEMA_INVALID',
          tool_id: toolId,
        });
      }
    }
  });
});
