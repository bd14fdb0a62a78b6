import type { ErrorObject } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createJsonSchemaCompiler,
  describeSchemaError,
  formatSchemaErrors,
  formatSchemaProblem,
} from '../../src/schemas/index.js';

const schema = {
  type: 'object',
  properties: {
    unit: { enum: ['c', 'f'] },
    city: { type: 'string' },
  },
  required: ['city'],
  additionalProperties: false,
};

function errorsOf(value: unknown): ErrorObject[] {
  const compilation = createJsonSchemaCompiler().compile(schema);
  if (compilation.kind !== 'compiled') throw new Error('the test schema must compile');
  expect(compilation.validate(value)).toBe(false);
  return compilation.validate.errors ?? [];
}

describe('formatSchemaErrors', () => {
  it('writes one line per error: the path, the message, and the name or values ajv leaves out', () => {
    expect(formatSchemaErrors(errorsOf({ unit: 'k', extra: 1 }), 10)).toEqual({
      lines: [
        "/ must have required property 'city'",
        '/ must NOT have additional properties: "extra"',
        '/unit must be equal to one of the allowed values: ["c","f"]',
      ],
      omitted: 0,
    });
  });

  it('keeps the first errors up to the limit and counts the rest', () => {
    const errors = errorsOf({ unit: 'k', extra: 1 });
    expect(formatSchemaErrors(errors, 1)).toEqual({
      lines: ["/ must have required property 'city'"],
      omitted: 2,
    });
    expect(formatSchemaErrors(errors, 0)).toEqual({ lines: [], omitted: 3 });
    expect(formatSchemaErrors(null, 5)).toEqual({ lines: [], omitted: 0 });
  });
});

describe('describeSchemaError', () => {
  it('says "is invalid" at the root when ajv gives neither a message nor a path', () => {
    const bare: ErrorObject = { keyword: 'x', instancePath: '', schemaPath: '#', params: {} };
    const problem = describeSchemaError(bare);
    expect(problem).toEqual({ path: '/', message: 'is invalid' });
    expect(formatSchemaProblem(problem)).toBe('/ is invalid');
  });

  it('never throws, whatever an error object holds', () => {
    fc.assert(
      fc.property(
        fc.record({
          keyword: fc.string(),
          instancePath: fc.oneof(fc.string(), fc.constant(undefined)),
          schemaPath: fc.string(),
          params: fc.oneof(fc.jsonValue(), fc.constant(undefined)),
          message: fc.option(fc.string(), { nil: undefined }),
        }),
        (error) => {
          const line = formatSchemaProblem(describeSchemaError(error as unknown as ErrorObject));
          expect(typeof line).toBe('string');
        },
      ),
    );
  });
});
