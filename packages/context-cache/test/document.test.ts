import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CacheDocumentSchema, serializeDocument } from '../src/document.js';
import { documentFileOf, documentVersion } from '../src/hashing.js';

describe('documentVersion', () => {
  it('is "sha256:" and the hex digest of the UTF-8 content, nothing trimmed', () => {
    expect(documentVersion('')).toBe(
      'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(documentVersion('a\r\n')).not.toBe(documentVersion('a\n'));
    expect(documentVersion('\uFEFFa')).not.toBe(documentVersion('a'));
  });

  it('names the file after the first 12 hex digits', () => {
    expect(documentFileOf(documentVersion(''))).toBe('documents/e3b0c44298fc.json');
  });
});

describe('serializeDocument', () => {
  it('writes compact JSON in the fixed field order with sorted metadata keys', () => {
    const document = {
      id: 'a.md',
      version: documentVersion('x'),
      source: 'A.md',
      content: 'x\n"y"',
      metadata: { title: 'T', 10: 1, b: 'z' },
    };
    expect(serializeDocument(document)).toBe(
      `{"id":"a.md","version":"${document.version}","source":"A.md","content":"x\\n\\"y\\"","metadata":{"10":1,"b":"z","title":"T"}}`,
    );
  });

  it('keeps a metadata key named __proto__ through a round trip', () => {
    const text = `{"id":"a","version":"${documentVersion('')}","source":"a","content":"","metadata":{"__proto__":1}}`;
    const parsed = CacheDocumentSchema.parse(JSON.parse(text));
    expect(Object.entries(parsed.metadata)).toEqual([['__proto__', 1]]);
    expect(serializeDocument(parsed)).toBe(text);
  });

  it('refuses nested or fractional metadata values', () => {
    const base = { id: 'a', version: documentVersion(''), source: 'a', content: '' };
    expect(CacheDocumentSchema.safeParse({ ...base, metadata: { a: { b: 1 } } }).success).toBe(
      false,
    );
    expect(CacheDocumentSchema.safeParse({ ...base, metadata: { a: 1.5 } }).success).toBe(false);
    expect(CacheDocumentSchema.safeParse({ ...base, metadata: [] }).success).toBe(false);
  });

  it('round-trips any well-formed document through JSON and the schema', () => {
    const text = fc.string({ unit: 'grapheme' });
    const document = fc.record({
      id: text,
      source: text,
      content: text,
      metadata: fc.dictionary(text, fc.oneof(text, fc.integer())),
    });
    fc.assert(
      fc.property(document, (fields) => {
        const original = { ...fields, version: documentVersion(fields.content) };
        const parsed = CacheDocumentSchema.parse(JSON.parse(serializeDocument(original)));
        expect(parsed).toEqual(original);
        expect(documentVersion(parsed.content)).toBe(original.version);
      }),
    );
  });
});
