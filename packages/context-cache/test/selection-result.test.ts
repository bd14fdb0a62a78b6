import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SelectionResult, serializeSelectionResult } from '../src/selection-result.js';

describe('serializeSelectionResult', () => {
  it('writes the field order of the spec example, with scores as 32-bit floats', () => {
    const result: SelectionResult = {
      documents: [
        {
          id: 'docs/deployment.md',
          version: 'sha256:abc',
          content: '...',
          score: 0.92,
          tokens: 847,
          why: { query_terms: ['deployment'], term_matches: 12, total_words: 156 },
        },
      ],
      selection: {
        query: 'deployment',
        budget: 4000,
        tokens_used: 3241,
        documents_considered: 42,
        documents_selected: 3,
        documents_excluded_by_budget: 9,
      },
    };
    expect(serializeSelectionResult(result)).toBe(
      '{"documents":[{"id":"docs/deployment.md","version":"sha256:abc","content":"...","score":0.92,"tokens":847,' +
        '"why":{"query_terms":["deployment"],"term_matches":12,"total_words":156}}],' +
        '"selection":{"query":"deployment","budget":4000,"tokens_used":3241,"documents_considered":42,' +
        '"documents_selected":3,"documents_excluded_by_budget":9}}',
    );
  });

  it('prints tiny scores in exponent notation as serde_json does', () => {
    const result: SelectionResult = {
      documents: [{ id: 'a', version: 'v', content: '', score: 1 / 2_000_000, tokens: 0, why: {} }],
      selection: {
        query: '',
        budget: 0,
        tokens_used: 0,
        documents_considered: 1,
        documents_selected: 1,
        documents_excluded_by_budget: 0,
      },
    };
    expect(serializeSelectionResult(result)).toContain('"score":5e-7,');
  });

  it('produces JSON that parses back to the same values', () => {
    const text = fc.string({ unit: 'grapheme' });
    const count = fc.nat({ max: 1_000_000 });
    const result = fc.record({
      documents: fc.array(
        fc.record({
          id: text,
          version: text,
          content: text,
          score: fc.float({ noNaN: true, noDefaultInfinity: true, min: 0 }),
          tokens: count,
          why: fc.record({ query_terms: fc.array(text), term_matches: count, total_words: count }),
        }),
        { maxLength: 4 },
      ),
      selection: fc.record({
        query: text,
        budget: count,
        tokens_used: count,
        documents_considered: count,
        documents_selected: count,
        documents_excluded_by_budget: count,
      }),
    });
    fc.assert(
      fc.property(result, (value) => {
        const parsed = JSON.parse(serializeSelectionResult(value)) as SelectionResult;
        expect(parsed.selection).toEqual(value.selection);
        expect(parsed.documents.map((item) => Math.fround(item.score))).toEqual(
          value.documents.map((item) => Math.fround(item.score)),
        );
        expect(parsed.documents.map(({ score: _score, ...rest }) => rest)).toEqual(
          value.documents.map(({ score: _score, ...rest }) => rest),
        );
      }),
    );
  });

  it('refuses a count that is not a non-negative integer', () => {
    const result: SelectionResult = {
      documents: [],
      selection: {
        query: '',
        budget: -1,
        tokens_used: 0,
        documents_considered: 0,
        documents_selected: 0,
        documents_excluded_by_budget: 0,
      },
    };
    expect(() => serializeSelectionResult(result)).toThrow(
      expect.objectContaining({ code: 'internal_error' }),
    );
  });
});
