import { countTokens } from '@x/core/tokens';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundTokens, createSummarizer, firstSentence } from '../src/index.js';

describe('firstSentence (§3.1)', () => {
  it('keeps the first sentence and drops usage details', () => {
    expect(firstSentence('Read a file from disk. Handles encodings. Example: {"path": "/a"}')).toBe(
      'Read a file from disk.',
    );
  });

  it('ends at a line break, as in docstring-style descriptions', () => {
    expect(firstSentence('Search the web\nArgs:\n  query: the words to find')).toBe(
      'Search the web',
    );
  });

  it('does not cut at abbreviations, versions or URLs', () => {
    expect(firstSentence('Use e.g. v1.2 files from https://a.example/b.c now. Next.')).toBe(
      'Use e.g. v1.2 files from https://a.example/b.c now.',
    );
  });

  it('skips a leading Markdown heading and joins very short sentences', () => {
    expect(firstSentence('## Overview\n\nGets the weather. More.')).toBe('Gets the weather.');
    expect(firstSentence('Dr. Who finds episodes. Then more.')).toBe('Dr. Who finds episodes.');
  });

  it('cuts Chinese text at the full stop', () => {
    expect(firstSentence('获取今日头条热榜。包含时政要闻')).toBe('获取今日头条热榜。');
  });

  it('gives an empty summary for text without letters or digits', () => {
    expect(firstSentence('  \n -- \n')).toBe('');
  });
});

describe('boundTokens', () => {
  it('leaves text that fits unchanged and cuts longer text at a word with an ellipsis', () => {
    expect(boundTokens('Short text.', 10)).toBe('Short text.');
    const cut = boundTokens('one two three four five six seven eight nine ten eleven twelve', 6);
    expect(cut.endsWith('…')).toBe(true);
    expect(countTokens(cut)).toBeLessThanOrEqual(6);
    expect('one two three four five six'.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it('cuts where a clause ends rather than inside it', () => {
    const text =
      'Generate a line chart to show trends over time, such as the ratio of Apple computer sales to Apple revenue.';
    expect(boundTokens(text, 16)).toBe('Generate a line chart to show trends over time…');
    expect(boundTokens('获取 BBC 新闻，提供全球新闻、英国新闻、商业、科技等分类新闻', 24)).toBe(
      '获取 BBC 新闻，提供全球新闻、英国新闻…',
    );
    const page = 'Converts a web page into clean Markdown text (HTML and PDF pages are supported)';
    expect(boundTokens(page, 12)).toBe('Converts a web page into clean Markdown text…');
    const issues =
      'Searches the issue tracker for open bugs - filters by label, author and milestone';
    expect(boundTokens(issues, 12)).toBe('Searches the issue tracker for open bugs…');
  });

  it('never exceeds the bound and always keeps a prefix of the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 3, max: 40 }), (text, max) => {
        const bounded = boundTokens(text, max);
        expect(countTokens(bounded)).toBeLessThanOrEqual(max);
        const body = bounded.endsWith('…') && bounded !== text ? bounded.slice(0, -1) : bounded;
        expect(text.startsWith(body)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('createSummarizer', () => {
  it('summarizes a description and bounds a written summary without cutting its sentences', () => {
    const summarize = createSummarizer(32);
    expect(summarize('First part. Second part.')).toBe('First part.');
    expect(summarize('First part. Second part.', true)).toBe('First part. Second part.');
  });
});
