import fc from 'fast-check';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import { describe, expect, it } from 'vitest';
import { binaryOf, countPieceTokens, encodePiece, getByteRanks } from '../src/tokens/byte-pair.js';
import { decodeTokens, encodeOrdinary } from '../src/tokens/encoder.js';
import { countPreTokenTokens, countTokens } from '../src/tokens/index.js';
import { addToRankTable, createRankTable, lookUpRange } from '../src/tokens/rank-table.js';

const tiktoken = new Tiktoken(cl100kBase);
const preTokenPattern = new RegExp(cl100kBase.pat_str, 'gu');

/** Text without a run of 64 spaces or non-spaces, which both encoders take whole. */
const shortRuns = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({
    unit: fc.constantFrom(
      'a',
      'aa',
      'Z',
      '0',
      ' ',
      '  ',
      '_',
      '-',
      ':',
      '#',
      '.',
      '\n',
      '\r\n',
      "'s",
      '😀',
      '漢',
      'é',
      '\uD800',
      '\uDC00',
      '<|endoftext|>',
    ),
    maxLength: 60,
  }),
);
/** Identifiers as cards carry them: camelCase names, namespaces, hashes. */
const identifiers = fc
  .array(
    fc.oneof(
      fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
      fc.stringMatching(/^[a-z]+(?:[A-Z][a-z]+){0,5}$/),
      fc.stringMatching(/^[0-9a-f]{8}$/),
      fc.constantFrom(':', '#', ' [no arguments]', ': Retrieve the current weather. ', ' '),
    ),
    { maxLength: 10 },
  )
  .map((parts) => parts.join(''));

/** A run of 64 spaces or non-spaces is encoded in slices on purpose (see `encoder.ts`). */
const withoutLongRun = fc
  .oneof(shortRuns, identifiers)
  .filter((text) => !/\S{64}|\s{64}/u.test(text));

describe('byte-pair encoding over the cl100k_base ranks', () => {
  it('gives the tokens js-tiktoken gives, for any text without a long run (property)', () => {
    fc.assert(
      fc.property(withoutLongRun, (text) => {
        const expected = tiktoken.encode(text, [], []);
        expect(encodeOrdinary(text)).toEqual(expected);
        expect(countTokens(text)).toBe(expected.length);
      }),
      { numRuns: 2_000 },
    );
  });

  it('merges the leftmost of equal pairs first, as js-tiktoken does', () => {
    for (const text of ['aaaaaaa', '========', ' 1111', 'ababababab', '😀😀😀']) {
      expect(encodeOrdinary(text)).toEqual(tiktoken.encode(text, [], []));
    }
  });

  it('decodes tokens to the text js-tiktoken decodes them to (property)', () => {
    const ranks = fc.array(fc.integer({ min: 0, max: 100_255 }), { maxLength: 20 });
    fc.assert(
      fc.property(ranks, (tokens) => {
        expect(decodeTokens(tokens)).toBe(tiktoken.decode(tokens));
      }),
      { numRuns: 500 },
    );
  });

  it('counts a piece that is a whole token as one and a single byte as one', () => {
    const vocabulary = getByteRanks();
    expect(countPieceTokens(binaryOf(' hello'), vocabulary)).toBe(1);
    expect(countPieceTokens(binaryOf('x'), vocabulary)).toBe(1);
    expect(countPieceTokens('', vocabulary)).toBe(0);
    expect(binaryOf('\uD800')).toBe('\xEF\xBF\xBD');
  });

  it("merges a single pre-token to js-tiktoken's tokens, whatever its length (property)", () => {
    const preTokens = fc
      .oneof(
        fc.stringMatching(/^[:_ ]?[a-zA-Z]{2,70}$/),
        fc.stringMatching(/^ ?[#=_.:*-]{2,70}$/),
        fc.string({ unit: fc.constantFrom('a', 'b', 'é', '漢', 'ab', 'ba'), maxLength: 40 }),
      )
      .filter((text) => [...text.matchAll(preTokenPattern)].length === 1);
    fc.assert(
      fc.property(preTokens, (preToken) => {
        const expected = tiktoken.encode(preToken, [], []);
        const tokens: number[] = [];
        encodePiece(binaryOf(preToken), getByteRanks(), tokens);
        expect(tokens).toEqual(expected);
        expect(countPieceTokens(binaryOf(preToken), getByteRanks())).toBe(expected.length);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('the rank table', () => {
  it('finds every token of the vocabulary by its bytes inside a longer string', () => {
    const { bytesOf, table } = getByteRanks();
    for (let rank = 0; rank < bytesOf.length; rank += 997) {
      const bytes = bytesOf[rank];
      if (bytes === undefined) continue;
      expect(lookUpRange(table, bytesOf, `\x00${bytes}\x01`, 1, bytes.length + 1)).toBe(rank);
    }
  });

  it('tells tokens apart by their bytes and answers -1 for bytes that are no token', () => {
    const small = createRankTable(4);
    const bytesOf = ['ab', 'ba', 'abc'];
    for (const [rank, bytes] of bytesOf.entries()) addToRankTable(small, bytes, rank);
    expect(lookUpRange(small, bytesOf, 'xabcx', 1, 3)).toBe(0);
    expect(lookUpRange(small, bytesOf, 'xabcx', 1, 4)).toBe(2);
    expect(lookUpRange(small, bytesOf, 'xabcx', 2, 4)).toBe(-1);
    expect(lookUpRange(small, bytesOf, 'xabcx', 2, 2)).toBe(-1);
  });

  it('finds every key of a crowded table and no other string, past probe collisions (property)', () => {
    const keys = fc.uniqueArray(fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 6 }), {
      minLength: 1,
      maxLength: 400,
    });
    fc.assert(
      fc.property(keys, fc.string({ unit: 'binary-ascii', maxLength: 6 }), (bytesOf, other) => {
        const table = createRankTable(bytesOf.length);
        for (const [rank, bytes] of bytesOf.entries()) addToRankTable(table, bytes, rank);
        for (const [rank, bytes] of bytesOf.entries()) {
          expect(lookUpRange(table, bytesOf, `#${bytes}`, 1, bytes.length + 1)).toBe(rank);
        }
        expect(lookUpRange(table, bytesOf, other, 0, other.length)).toBe(bytesOf.indexOf(other));
      }),
      { numRuns: 200 },
    );
  });
});

describe('countPreTokenTokens', () => {
  it("counts each pre-token of a text as countTokens does, and they sum to js-tiktoken's count (property)", () => {
    fc.assert(
      fc.property(withoutLongRun, (text) => {
        let total = 0;
        for (const [piece] of text.matchAll(preTokenPattern)) {
          const count = countPreTokenTokens(piece);
          expect(count).toBe(countTokens(piece));
          total += count;
        }
        expect(total).toBe(tiktoken.encode(text, [], []).length);
      }),
      { numRuns: 1_000 },
    );
  });

  it('counts a pre-token longer than 64 code units in slices, as countTokens does', () => {
    const long = `:${'getCurrentWeather'.repeat(5)}`;
    expect(countPreTokenTokens(long)).toBe(countTokens(long));
    expect(countPreTokenTokens(' '.repeat(70))).toBe(countTokens(' '.repeat(70)));
  });

  it('counts the empty string as 0 and rejects a value that is not a string', () => {
    expect(countPreTokenTokens('')).toBe(0);
    expect(() => countPreTokenTokens(42 as unknown as string)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});
