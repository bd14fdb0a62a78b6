import { countTokens } from '@x/core/tokens';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_MAX_LENGTH,
  truncateDescription,
  truncateDescriptionCounted,
} from '../../src/cards/description-truncation.js';
import { anyText } from '../arbitraries.js';

/** §2.4 step 3 done the slow way: every sentence end, longest first. */
function longestFittingSentencePrefix(text: string, budget: number): string | undefined {
  const ends = [...text.matchAll(/[.!?](?=\s|$)/g)].map((match) => match.index + 1).reverse();
  for (const end of ends) {
    if (countTokens(text.slice(0, end)) <= budget) return text.slice(0, end);
  }
  return undefined;
}

const sentences = fc
  .array(
    fc.tuple(
      fc.array(fc.stringMatching(/^[A-Za-z0-9,'()-]{1,12}$/), { minLength: 1, maxLength: 12 }),
      fc.constantFrom('.', '!', '?', ''),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.map(([words, end]) => `${words.join(' ')}${end}`).join(' '));

describe('truncateDescription', () => {
  it('returns a description within budget verbatim', () => {
    expect(truncateDescription('Read a file.', 10)).toBe('Read a file.');
  });

  it('keeps the longest run of whole sentences that fits', () => {
    const text =
      'Read a file. It may be large, so prefer ranges when you can! Binary files are refused.';
    const result = truncateDescription(text, 16);
    expect(result).toBe('Read a file. It may be large, so prefer ranges when you can!');
    expect(countTokens(result)).toBeLessThanOrEqual(16);
  });

  it('does not treat dots inside tokens as sentence ends', () => {
    const text =
      'Uses API v1.2 of the service, e.g.the default endpoint, and many other words here';
    const result = truncateDescription(text, 8);
    expect(result.endsWith('…')).toBe(true);
    expect(result).not.toBe('Uses API v1.');
  });

  it('hard-cuts at budget − 1 tokens and appends an ellipsis when no sentence fits', () => {
    const text =
      'This single very long sentence keeps going without any terminator at all for a while';
    const result = truncateDescription(text, 6);
    expect(result).toMatch(/…$/);
    expect(text.startsWith(result.slice(0, -1))).toBe(true);
    expect(countTokens(result.slice(0, -1))).toBe(5);
    expect(countTokens(result)).toBeLessThanOrEqual(6);
  });

  it('handles the smallest budgets', () => {
    expect(truncateDescription('Some words here.', 0)).toBe('');
    expect(truncateDescription('Some words here and there', 1)).toBe('…');
    expect(truncateDescription('', 0)).toBe('');
  });

  it('makes the description one line first', () => {
    expect(truncateDescription('Line one.\n\nLine\ttwo.\u0000', 50)).toBe('Line one. Line two.');
  });

  it('never splits a multi-byte character in a hard cut', () => {
    for (const text of ['获取指定城市的天气预报信息并返回结果', '😀'.repeat(40), 'é'.repeat(200)]) {
      const result = truncateDescription(text, 5);
      expect(result).not.toContain('\ufffd');
      expect(text.startsWith(result.slice(0, -1))).toBe(true);
      expect(countTokens(result)).toBeLessThanOrEqual(5);
    }
  });

  // Speed is measured in the benchmarks, not asserted here: this checks the result on a million words.
  it('cuts a description of a million words to its budget', () => {
    const huge = 'word '.repeat(1_000_000);
    const result = truncateDescription(huge, 60);
    expect(countTokens(result)).toBeLessThanOrEqual(60);
    expect(DESCRIPTION_MAX_LENGTH).toBeLessThan(huge.length);
  });

  it('fits the budget, is a prefix, is stable and picks the longest sentence prefix (property)', () => {
    fc.assert(
      fc.property(sentences, fc.integer({ min: 1, max: 40 }), (text, budget) => {
        const result = truncateDescription(text, budget);
        expect(countTokens(result)).toBeLessThanOrEqual(budget);
        expect(truncateDescription(text, budget)).toBe(result);
        if (countTokens(text) <= budget) {
          expect(result).toBe(text);
          return;
        }
        const expected = longestFittingSentencePrefix(text, budget);
        if (expected !== undefined) expect(result).toBe(expected);
        else expect(text.startsWith(result.slice(0, -1)) && result.endsWith('…')).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('never exceeds the budget on hostile text (property)', () => {
    fc.assert(
      fc.property(anyText(300), fc.integer({ min: 0, max: 30 }), (text, budget) => {
        const result = truncateDescription(text, budget);
        expect(countTokens(result)).toBeLessThanOrEqual(budget);
        expect(result).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
      }),
      { numRuns: 200 },
    );
  });
});

describe('truncateDescriptionCounted', () => {
  it("gives truncateDescription's text with its exact count (property)", () => {
    fc.assert(
      fc.property(
        fc.oneof(sentences, anyText(400)),
        fc.integer({ min: 0, max: 80 }),
        (text, budget) => {
          const counted = truncateDescriptionCounted(text, budget);
          expect(counted.text).toBe(truncateDescription(text, budget));
          expect(counted.tokens).toBe(countTokens(counted.text));
        },
      ),
      { numRuns: 300 },
    );
  });
});
