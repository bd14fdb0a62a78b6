import fc from 'fast-check';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import { describe, expect, it } from 'vitest';
import { binaryOf, countPieceTokens, getByteRanks } from '../src/tokens/byte-pair.js';
import { decodeTokens, encodeOrdinary } from '../src/tokens/encoder.js';
import { countTokens } from '../src/tokens/index.js';

const tiktoken = new Tiktoken(cl100kBase);

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
});
