import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translatePattern } from '../../src/rest/pattern-translate.js';
import { normalizeSchema, type SchemaChange } from '../../src/rest/schema-normalize.js';

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

describe('normalizeSchema', () => {
  it('reads nullable as a null type, and drops it where there is no type', () => {
    expect(normalizeSchema({ type: 'string', nullable: true, enum: ['a'] }, '3.0')).toEqual({
      type: ['string', 'null'],
      enum: ['a', null],
    });
    expect(normalizeSchema({ nullable: true, description: 'd' }, '3.1')).toEqual({
      description: 'd',
    });
    expect(normalizeSchema({ type: 'string', nullable: false }, '3.0')).toEqual({ type: 'string' });
  });

  it('turns boolean exclusive bounds into numbers in every version', () => {
    for (const version of ['2.0', '3.0', '3.1'] as const) {
      expect(
        normalizeSchema(
          { type: 'number', minimum: 1, exclusiveMinimum: true, exclusiveMaximum: false },
          version,
        ),
      ).toEqual({ type: 'number', exclusiveMinimum: 1 });
    }
  });

  it('rewrites keywords only where a schema stands, never property names or values', () => {
    const schema = {
      type: 'object',
      properties: {
        example: { type: 'string', example: 'x' },
        nullable: { type: 'integer', nullable: true },
      },
      default: { nullable: true, example: 1 },
      enum: [{ a: 1 }, { a: 1 }],
    };
    expect(normalizeSchema(schema, '3.0')).toEqual({
      type: 'object',
      properties: {
        example: { type: 'string', examples: ['x'] },
        nullable: { type: ['integer', 'null'] },
      },
      default: { nullable: true, example: 1 },
      enum: [{ a: 1 }],
    });
  });

  it('reports a pattern it translates or drops, with its JSON pointer', () => {
    const changes: SchemaChange[] = [];
    const schema = normalizeSchema(
      {
        type: 'object',
        properties: { a: { type: 'string', pattern: '^{x}$' }, b: { pattern: '(?i)abc' } },
      },
      '3.0',
      changes,
      '/properties/body',
    );
    expect(schema).toEqual({
      type: 'object',
      properties: { a: { type: 'string', pattern: '^\\{x\\}$' }, b: {} },
    });
    expect(changes.map((change) => change.pointer)).toEqual([
      '/properties/body/properties/a/pattern',
      '/properties/body/properties/b/pattern',
    ]);
    expect(changes[1]?.message).toContain('dropped');
  });
});

describe('translatePattern', () => {
  it('translates the constructs of other engines', () => {
    expect(translatePattern('\\Aabc\\Z')).toEqual({ kind: 'translated', pattern: '^abc$' });
    expect(translatePattern('[[:alpha:]]+')).toEqual({ kind: 'translated', pattern: '[A-Za-z]+' });
    expect(translatePattern('(?P<year>\\d{4})-(?P=year)')).toEqual({
      kind: 'translated',
      pattern: '(?<year>\\d{4})-\\k<year>',
    });
    expect(translatePattern('a\\-b\\_c')).toEqual({ kind: 'translated', pattern: 'a-b_c' });
    expect(translatePattern('^[a-z]{2,3}$')).toEqual({ kind: 'valid' });
    expect(translatePattern('(?i)abc')).toMatchObject({ kind: 'invalid' });
  });

  it('never throws, keeps valid patterns, and only ever answers with one that compiles', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[-\\a-zA-Z0-9{}[\]()^$.*+?|:_=<>P@]{0,24}$/), (pattern) => {
        const translation = translatePattern(pattern);
        if (compiles(pattern)) expect(translation).toEqual({ kind: 'valid' });
        else if (translation.kind === 'translated')
          expect(compiles(translation.pattern)).toBe(true);
        else expect(translation.kind).toBe('invalid');
      }),
      { numRuns: 2_000 },
    );
  });
});
