import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as schemas from '../../src/schemas/index.js';

const { dialectOfMetaSchema, JSON_SCHEMA_DIALECTS, schemaDialects } = schemas;

describe('dialectOfMetaSchema', () => {
  it('reads every dialect over http and https, with and without the trailing #', () => {
    for (const scheme of ['http', 'https']) {
      for (const hash of ['', '#']) {
        expect(dialectOfMetaSchema(`${scheme}://json-schema.org/draft-07/schema${hash}`)).toBe(
          'draft-07',
        );
        expect(dialectOfMetaSchema(`${scheme}://json-schema.org/draft/2019-09/schema${hash}`)).toBe(
          '2019-09',
        );
        expect(dialectOfMetaSchema(`${scheme}://json-schema.org/draft/2020-12/schema${hash}`)).toBe(
          '2020-12',
        );
      }
    }
  });

  it('knows no other draft and no value that is not a string', () => {
    expect(dialectOfMetaSchema('http://json-schema.org/draft-04/schema#')).toBeUndefined();
    expect(dialectOfMetaSchema(['https://json-schema.org/draft/2020-12/schema'])).toBeUndefined();
    expect(dialectOfMetaSchema(7)).toBeUndefined();
  });
});

describe('schemaDialects', () => {
  it('tries the undeclared dialects in order when a schema has no $schema', () => {
    expect(schemaDialects({ type: 'object' }, ['2020-12', 'draft-07'])).toEqual({
      kind: 'dialects',
      dialects: ['2020-12', 'draft-07'],
    });
    expect(schemaDialects(true, ['draft-07'])).toEqual({
      kind: 'dialects',
      dialects: ['draft-07'],
    });
  });

  it('uses the declared dialect alone, and reports one it does not know as given', () => {
    expect(
      schemaDialects({ $schema: 'http://json-schema.org/draft-07/schema#' }, ['2020-12']),
    ).toEqual({ kind: 'dialects', dialects: ['draft-07'] });
    expect(schemaDialects({ $schema: 4 }, ['2020-12'])).toEqual({
      kind: 'unsupported',
      metaSchema: 4,
    });
  });

  it('never throws on arbitrary JSON and only ever names known dialects', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.option(fc.jsonValue(), { nil: undefined }), (value, meta) => {
        const schema =
          meta === undefined || typeof value !== 'object' || value === null || Array.isArray(value)
            ? value
            : { ...value, $schema: meta };
        const choice = schemaDialects(schema, ['2020-12']);
        if (choice.kind === 'dialects') {
          expect(choice.dialects.every((dialect) => JSON_SCHEMA_DIALECTS.includes(dialect))).toBe(
            true,
          );
        } else {
          expect(dialectOfMetaSchema(choice.metaSchema)).toBeUndefined();
        }
      }),
    );
  });
});
