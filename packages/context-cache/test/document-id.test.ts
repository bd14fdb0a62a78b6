import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeDocumentId } from '../src/document-id.js';

describe('normalizeDocumentId', () => {
  it('normalizes the example of document_model.md §Identity', () => {
    expect(normalizeDocumentId('./Docs/Deployment.md')).toBe('docs/deployment.md');
  });

  it('turns backslashes into slashes and strips every leading ./', () => {
    expect(normalizeDocumentId('Guides\\Setup.MD')).toBe('guides/setup.md');
    expect(normalizeDocumentId('././a/B.md')).toBe('a/b.md');
  });

  it('lowercases with Unicode rules, independent of locale', () => {
    expect(normalizeDocumentId('ÄRGER/İstanbul.md')).toBe('ärger/i̇stanbul.md');
  });

  it('is idempotent: a normalized id normalizes to itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (path) => {
        const id = normalizeDocumentId(path);
        expect(normalizeDocumentId(id)).toBe(id);
      }),
    );
  });
});
