import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../src/search/index.js';

describe('tokenize', () => {
  it('splits snake_case, camelCase, acronyms, dotted, slashed and kebab names', () => {
    expect(tokenize('read_file')).toEqual(['read', 'file']);
    expect(tokenize('getHTTPResponse')).toEqual(['get', 'http', 'respons']);
    expect(tokenize('XMLHttpRequest')).toEqual(['xml', 'http', 'request']);
    expect(tokenize('fs.readFile')).toEqual(['fs', 'read', 'file']);
    expect(tokenize('src/utils/path-helpers')).toEqual(['src', 'util', 'path', 'helper']);
    expect(tokenize('base64Encode')).toEqual(['base64', 'encod']);
  });

  it('lower-cases, drops English stop words and stems English words', () => {
    expect(tokenize('The file is in the Folder')).toEqual(['file', 'folder']);
    expect(tokenize('Searching searches searched')).toEqual(['search', 'search', 'search']);
  });

  it('makes one term per Chinese or Japanese character and keeps other scripts whole', () => {
    expect(tokenize('搜索文件')).toEqual(['搜', '索', '文', '件']);
    expect(tokenize('café Ünïcode')).toEqual(['café', 'ünïcode']);
  });

  it('folds compatibility characters with NFKC', () => {
    expect(tokenize('ｆｉｌｅ')).toEqual(tokenize('file'));
  });

  it('returns no terms for a text of only stop words and punctuation', () => {
    expect(tokenize('Can you please do it for me?')).toEqual([]);
    expect(tokenize('')).toEqual([]);
  });

  it('never throws and returns only non-empty lower-case terms, for any string', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.string({
        unit: fc.constantFrom('a', 'B', '_', '.', '\uD800', '9', 'İ', '漢'),
        maxLength: 30,
      }),
    );
    fc.assert(
      fc.property(text, (value) => {
        const terms = tokenize(value);
        expect(tokenize(value)).toEqual(terms);
        for (const term of terms) {
          expect(term.length).toBeGreaterThan(0);
          expect(term).toBe(term.toLowerCase());
        }
      }),
      { numRuns: 500 },
    );
  });

  it('cuts ASCII text by its fast scan exactly as the Unicode path does (property)', () => {
    const asciiText = fc.oneof(
      fc.string({ unit: 'binary-ascii', maxLength: 80 }),
      fc
        .array(fc.constantFrom('getHTTP', 'Response', 'read_file', 'a1B2', '-', '.', ' ', 'x', '9'))
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(asciiText, (text) => {
        // A trailing no-break space sends the text through NFKC (which makes it a plain space).
        expect(tokenize(text)).toEqual(tokenize(`${text}\u00a0`));
      }),
      { numRuns: 500 },
    );
  });
});
