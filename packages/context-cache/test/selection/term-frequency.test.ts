import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approximateTokens, scoreTermFrequency } from '../../src/selection/term-frequency.js';
import { queryTerms, splitWhitespace } from '../../src/selection/whitespace.js';

describe('queryTerms', () => {
  it('lowercases and splits on whitespace, keeping duplicates and punctuation', () => {
    expect(queryTerms('  Deploy\tthe DEPLOY, now\n')).toEqual(['deploy', 'the', 'deploy,', 'now']);
    expect(queryTerms('   ')).toEqual([]);
  });

  it("splits on Rust's whitespace: NEL and ideographic space yes, BOM and zero-width space no", () => {
    expect(splitWhitespace('a\u0085b\u3000c\u2028d')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitWhitespace('a\uFEFFb\u200Bc')).toEqual(['a\uFEFFb\u200Bc']);
  });

  it('gives identical term lists for identical strings (pure normalization)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (query) => {
        expect(queryTerms(query)).toEqual(queryTerms(`${query}`));
        for (const term of queryTerms(query)) expect(term).toBe(term.toLowerCase());
      }),
    );
  });
});

describe('scoreTermFrequency', () => {
  it('divides matches by words in 32-bit floats', () => {
    // "alpha beta\nbeta gamma": 4 words; terms beta, gamma match 2 + 1 = 3; 3 / 4 = 0.75.
    const result = scoreTermFrequency('Alpha beta\nbeta GAMMA', ['beta', 'gamma']);
    expect(result).toEqual({
      score: 0.75,
      why: { query_terms: ['beta', 'gamma'], term_matches: 3, total_words: 4 },
    });
    // 1 / 3 in f32 is 0.3333333432674408 as a double.
    expect(scoreTermFrequency('a b c', ['a']).score).toBe(Math.fround(1 / 3));
  });

  it('counts a word once per equal query term, so repeated terms can exceed 1.0', () => {
    // "beta beta" against "beta": the single word matches both terms: 2 / 1 = 2.0.
    expect(scoreTermFrequency('beta', ['beta', 'beta'])).toEqual({
      score: 2,
      why: { query_terms: ['beta', 'beta'], term_matches: 2, total_words: 1 },
    });
  });

  it('scores 0.0 for an empty query or an empty document', () => {
    expect(scoreTermFrequency('some words', []).score).toBe(0);
    expect(scoreTermFrequency('', ['some'])).toEqual({
      score: 0,
      why: { query_terms: ['some'], term_matches: 0, total_words: 0 },
    });
  });

  it('agrees with the naive definition: every word against every term', () => {
    const word = fc.constantFrom('beta', 'Beta', 'BETA', 'bet', 'betas', 'σ', 'Σ', 'ǅ', 'ß', 'İ');
    const space = fc.constantFrom(' ', '\n', '\u0085', '\u3000', '\uFEFF', '');
    const text = fc
      .array(fc.tuple(word, space), { maxLength: 20 })
      .map((parts) => parts.flat().join(''));
    fc.assert(
      fc.property(text, text, (content, query) => {
        const terms = queryTerms(query);
        const words = splitWhitespace(content.toLowerCase());
        let matches = 0;
        for (const item of words) for (const term of terms) if (item === term) matches += 1;
        const expected =
          words.length === 0 ? 0 : Math.fround(Math.fround(matches) / Math.fround(words.length));
        expect(scoreTermFrequency(content, terms)).toEqual({
          score: expected,
          why: { query_terms: terms, term_matches: matches, total_words: words.length },
        });
      }),
    );
  });

  it('matches whole words exactly, not substrings or stripped punctuation', () => {
    expect(scoreTermFrequency('deployment deploy, deploy', ['deploy']).why.term_matches).toBe(1);
  });
});

describe('approximateTokens', () => {
  it('is ceil(UTF-8 bytes / 4)', () => {
    expect(approximateTokens('')).toBe(0);
    expect(approximateTokens('abcd')).toBe(1);
    expect(approximateTokens('abcde')).toBe(2);
    // "Grüße beta": ü and ß take two bytes each: 12 bytes, 3 tokens.
    expect(approximateTokens('Grüße beta')).toBe(3);
    expect(approximateTokens('😀')).toBe(1);
  });
});
