import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstSentence } from '../../src/text/index.js';

describe('firstSentence', () => {
  it.each([
    [
      'keeps the first sentence and drops the rest',
      'Read a file from disk. Handles encodings. Example: {"path": "/a"}',
      'Read a file from disk.',
    ],
    [
      'ends a sentence at a line break',
      'Search the web\nArgs:\n  query: the words to find',
      'Search the web',
    ],
    [
      'does not end a sentence inside versions or URLs',
      'Use e.g. v1.2 files from https://a.example/b.c now. Next.',
      'Use e.g. v1.2 files from https://a.example/b.c now.',
    ],
    [
      'does not end a sentence after a short fragment',
      'Dr. Who finds episodes. Then more.',
      'Dr. Who finds episodes.',
    ],
    [
      'keeps an abbreviation followed by a capital letter inside parentheses',
      'The product (e.g. P-7). Required.',
      'The product (e.g. P-7).',
    ],
    [
      'keeps e.g. followed by a capital letter inside the sentence',
      'Gets weather, e.g. Paris or Lima. Next.',
      'Gets weather, e.g. Paris or Lima.',
    ],
    [
      'keeps i.e. followed by a capital letter inside the sentence',
      'Sorts by field, i.e. Name first. Next.',
      'Sorts by field, i.e. Name first.',
    ],
    [
      'keeps a parenthesis open across a period',
      'Lists files (hidden ones too. See flags) quickly. Next.',
      'Lists files (hidden ones too. See flags) quickly.',
    ],
    [
      'skips a leading Markdown heading',
      '## Overview\n\nGets the weather. More.',
      'Gets the weather.',
    ],
    ['skips a leading Markdown bullet', '- Creates an issue. Then more.', 'Creates an issue.'],
    ['cuts Chinese text at the full stop', '获取今日头条热榜。包含时政要闻', '获取今日头条热榜。'],
    ['gives an empty string for text without letters or digits', '  \n -- \n', ''],
  ])('%s', (_behaviour, text, sentence) => {
    expect(firstSentence(text)).toBe(sentence);
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
