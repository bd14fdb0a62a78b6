import fc from 'fast-check';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import { describe, expect, it } from 'vitest';
import { CoreError } from '../src/errors.js';
import {
  countJsonTokens,
  countTokens,
  exceedsTokens,
  truncateToTokens,
} from '../src/tokens/index.js';

/** Strings that include lone surrogates, astral characters, CJK and emoji. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom('a', ' ', '\uD800', '\uDC00', '😀', '漢', 'é', '\uFFFD', '<|endoftext|>'),
    maxLength: 40,
  }),
);

describe('countTokens', () => {
  it('counts cl100k_base tokens of known strings', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('tiktoken is great!')).toBe(6);
  });

  it('counts special-token markers as ordinary text instead of throwing', () => {
    expect(countTokens('<|endoftext|>')).toBeGreaterThan(1);
  });

  it('counts runs of 20,000 characters exactly', () => {
    // js-tiktoken's counts (its merge takes minutes on such runs, so they are written here).
    expect(countTokens('-'.repeat(20_000))).toBe(312);
    expect(countTokens('a'.repeat(20_000))).toBe(2_500);
  });

  it('counts a longer run in slices, in time that grows with its length only', () => {
    const run = '='.repeat(60_001);
    expect(countTokens(run)).toBe(3 * countTokens('='.repeat(20_000)) + 1);
  });

  it('matches js-tiktoken exactly on random strings', () => {
    const tiktoken = new Tiktoken(cl100kBase);
    fc.assert(
      fc.property(anyText, (text) => {
        expect(countTokens(text)).toBe(tiktoken.encode(text, [], []).length);
      }),
      { numRuns: 2_000 },
    );
  });

  it('matches js-tiktoken exactly when long runs of non-spaces are made of short pieces', () => {
    const tiktoken = new Tiktoken(cl100kBase);
    const shortPieces = fc.string({
      unit: fc.constantFrom('ab', 'x/', '12', '.', '-', ' ', '\n', 'é'),
      minLength: 40,
      maxLength: 120,
    });
    fc.assert(
      fc.property(shortPieces, (text) => {
        expect(countTokens(text)).toBe(tiktoken.encode(text, [], []).length);
      }),
      { numRuns: 100 },
    );
  });

  it('rejects a value that is not a string with INVALID_ARGUMENT', () => {
    expect(() => countTokens(42 as unknown as string)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(countTokens(text)).toBeGreaterThanOrEqual(text === '' ? 0 : 1);
      }),
    );
  });
});

describe('countJsonTokens', () => {
  it('counts the compact JSON form of a value', () => {
    const tool = { name: 'read_file', inputSchema: { type: 'object', properties: {} } };
    expect(countJsonTokens(tool)).toBe(countTokens(JSON.stringify(tool)));
  });

  it('rejects values without a JSON form with INVALID_ARGUMENT', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    for (const value of [undefined, () => 1, 10n, cycle]) {
      let thrown: unknown;
      try {
        countJsonTokens(value);
      } catch (error) {
        thrown = error;
      }
      expect(CoreError.isInstance(thrown) && thrown.code).toBe('INVALID_ARGUMENT');
    }
  });
});

describe('exceedsTokens', () => {
  it('agrees with countTokens for any text and limit (property)', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 0, max: 40 }), (text, limit) => {
        expect(exceedsTokens(text, limit)).toBe(countTokens(text) > limit);
      }),
      { numRuns: 500 },
    );
  });

  it('judges a megabyte without counting all of it', () => {
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(25_000);
    expect(exceedsTokens(text, 1_000)).toBe(true);
    expect(exceedsTokens('x'.repeat(2_000_000), 1_000)).toBe(true);
    expect(exceedsTokens('hello world', 2)).toBe(false);
  });

  it('rejects a value that is not a string with INVALID_ARGUMENT', () => {
    expect(() => exceedsTokens(42 as unknown as string, 1)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });
});

describe('truncateToTokens', () => {
  it('keeps text that already fits and cuts text that does not at a token boundary', () => {
    expect(truncateToTokens('hello world', 2)).toBe('hello world');
    expect(truncateToTokens('hello world', 1)).toBe('hello');
    expect(truncateToTokens('hello world', Number.POSITIVE_INFINITY)).toBe('hello world');
  });

  it('returns an empty string for a budget of zero or less', () => {
    expect(truncateToTokens('hello world', 0)).toBe('');
    expect(truncateToTokens('hello world', -3)).toBe('');
    expect(truncateToTokens('hello world', Number.NEGATIVE_INFINITY)).toBe('');
  });

  it('never cuts inside a multi-byte character', () => {
    const text = '😀🎉漢字かなé'.repeat(20);
    for (let budget = 1; budget < 30; budget += 1) {
      const result = truncateToTokens(text, budget);
      expect(text.startsWith(result)).toBe(true);
      expect(result).not.toContain('\uFFFD');
      expect(countTokens(result)).toBeLessThanOrEqual(budget);
    }
  });

  it('cuts a long text where cutting its whole encoding would, though it encodes less', () => {
    const tiktoken = new Tiktoken(cl100kBase);
    const words = fc.string({
      unit: fc.constantFrom('lorem ', 'ipsum, ', '42', '\n', 'é', '漢字', '😀', ' '),
      minLength: 300,
      maxLength: 800,
    });
    fc.assert(
      fc.property(words, fc.integer({ min: 1, max: 60 }), (text, budget) => {
        const expected = tiktoken
          .decode(tiktoken.encode(text, [], []).slice(0, budget))
          .replace(/\uFFFD$/u, '');
        expect(truncateToTokens(text, budget)).toBe(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('truncates a megabyte to a short prefix without encoding all of it', () => {
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(25_000);
    const started = performance.now();
    const result = truncateToTokens(text, 100);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(countTokens(result)).toBe(100);
  });

  it('rejects NaN and fractional budgets with INVALID_ARGUMENT', () => {
    for (const budget of [Number.NaN, -0.5, 2.5]) {
      expect(() => truncateToTokens('hello', budget)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
      );
    }
  });

  it('returns a prefix of the input that fits the budget, for any input', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: -2, max: 30 }), (text, budget) => {
        const result = truncateToTokens(text, budget);
        expect(text.startsWith(result)).toBe(true);
        expect(countTokens(result)).toBeLessThanOrEqual(Math.max(0, budget));
        if (countTokens(text) <= budget) expect(result).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});
