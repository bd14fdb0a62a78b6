import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstSentence } from '../../src/text/index.js';

describe('firstSentence', () => {
  it('keeps the first sentence and drops the rest', () => {
    expect(firstSentence('Read a file from disk. Handles encodings. Example: {"path": "/a"}')).toBe(
      'Read a file from disk.',
    );
  });

  it('ends a sentence at a line break', () => {
    expect(firstSentence('Search the web\nArgs:\n  query: the words to find')).toBe(
      'Search the web',
    );
  });

  it('does not end a sentence inside versions, URLs or after short fragments', () => {
    expect(firstSentence('Use e.g. v1.2 files from https://a.example/b.c now. Next.')).toBe(
      'Use e.g. v1.2 files from https://a.example/b.c now.',
    );
    expect(firstSentence('Dr. Who finds episodes. Then more.')).toBe('Dr. Who finds episodes.');
  });

  it('keeps an abbreviation followed by a capital letter inside the sentence', () => {
    expect(firstSentence('The product (e.g. P-7). Required.')).toBe('The product (e.g. P-7).');
    expect(firstSentence('Gets weather, e.g. Paris or Lima. Next.')).toBe(
      'Gets weather, e.g. Paris or Lima.',
    );
    expect(firstSentence('Sorts by field, i.e. Name first. Next.')).toBe(
      'Sorts by field, i.e. Name first.',
    );
  });

  it('keeps a parenthesis open across a period', () => {
    expect(firstSentence('Lists files (hidden ones too. See flags) quickly. Next.')).toBe(
      'Lists files (hidden ones too. See flags) quickly.',
    );
  });

  it('skips a leading Markdown heading and bullet', () => {
    expect(firstSentence('## Overview\n\nGets the weather. More.')).toBe('Gets the weather.');
    expect(firstSentence('- Creates an issue. Then more.')).toBe('Creates an issue.');
  });

  it('cuts Chinese text at the full stop', () => {
    expect(firstSentence('获取今日头条热榜。包含时政要闻')).toBe('获取今日头条热榜。');
  });

  it('gives an empty string for text without letters or digits', () => {
    expect(firstSentence('  \n -- \n')).toBe('');
  });

  it('never throws, trims, and collapses whitespace for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        const sentence = firstSentence(text);
        expect(sentence).toBe(sentence.trim());
        expect(sentence).not.toMatch(/\s{2}/u);
        expect(sentence === '').toBe(!/[\p{L}\p{N}]/u.test(text));
      }),
    );
  });
});
