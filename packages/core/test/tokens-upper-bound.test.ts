import fc from 'fast-check';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import { describe, expect, it } from 'vitest';
import { CoreError } from '../src/errors.js';
import { countTokens, tokenUpperBound } from '../src/tokens/index.js';
import { getShortTokens } from '../src/tokens/upper-bound.js';

/** Every token of the rank file as bytes, decoded the plain way. */
function allTokens(): Buffer[] {
  return cl100kBase.bpe_ranks
    .split('\n')
    .filter((line) => line !== '')
    .flatMap((line) => line.split(' ').slice(2))
    .map((token) => Buffer.from(token, 'base64'));
}

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({
    unit: fc.constantFrom('a', 'Z', '0', ' ', '_', '-', ':', '#', '\n', '😀', '漢', 'é', '\uD800'),
    maxLength: 120,
  }),
);
/** Text shaped like a card: ids of identifiers, numbers and hashes, bracketed markers. */
const cardLike = fc
  .array(
    fc.oneof(
      fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
      fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,24}$/),
      fc.stringMatching(/^[0-9a-f]{8}$/),
      fc.constantFrom(':', '#', ' [no arguments]', ' [side effects]', ' [tags: a, b]', ' '),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('tokenUpperBound', () => {
  it('is never below the exact count nor above the UTF-8 byte count (property)', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, cardLike), (text) => {
        const bound = tokenUpperBound(text);
        expect(bound).toBeGreaterThanOrEqual(countTokens(text));
        expect(bound).toBeLessThanOrEqual(Buffer.byteLength(text, 'utf8'));
      }),
      { numRuns: 1_000 },
    );
  });

  it('proves a card skeleton of more than 72 bytes fits 72 tokens', () => {
    const skeleton =
      'aerospace-engineering-00144:getAutonomousStatus_15#5e41990a [side effects] [no arguments]';
    expect(Buffer.byteLength(skeleton)).toBeGreaterThan(72);
    expect(tokenUpperBound(skeleton)).toBeLessThanOrEqual(72);
    expect(tokenUpperBound('')).toBe(0);
  });

  it('falls back to the byte count for a text with a piece longer than 20,000 code units', () => {
    const run = `read ${'x'.repeat(20_001)}`;
    expect(tokenUpperBound(run)).toBe(Buffer.byteLength(run));
    expect(tokenUpperBound(run)).toBeGreaterThanOrEqual(countTokens(run));
  });

  it('rejects a value that is not a string with INVALID_ARGUMENT', () => {
    expect(() => tokenUpperBound(42 as unknown as string)).toThrow(CoreError);
  });
});

describe('the short tokens behind the bound', () => {
  it('reads exactly the two- and three-byte tokens of the rank file (js-tiktoken as the oracle)', () => {
    const tokens = allTokens();
    const singles = new Set(tokens.filter((bytes) => bytes.length === 1).map((bytes) => bytes[0]));
    // The bound's premise: byte-pair merging starts from single bytes that are all tokens.
    expect(singles.size).toBe(256);
    const pairs = tokens
      .filter((bytes) => bytes.length === 2)
      .map((bytes) => ((bytes[0] as number) << 8) | (bytes[1] as number));
    const triples = tokens
      .filter((bytes) => bytes.length === 3)
      .map(
        (bytes) =>
          ((bytes[0] as number) << 16) | ((bytes[1] as number) << 8) | (bytes[2] as number),
      );
    const short = getShortTokens();
    expect([...short.triples].sort((x, y) => x - y)).toEqual(triples.sort((x, y) => x - y));
    const read: number[] = [];
    short.pairs.forEach((flag, pair) => {
      if (flag === 1) read.push(pair);
    });
    expect(read).toEqual(pairs.sort((x, y) => x - y));
  });
});
