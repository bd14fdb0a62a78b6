import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CacheDocument } from '../../src/document.js';
import { documentVersion } from '../../src/hashing.js';
import { orderScored, selectContext } from '../../src/selection/select.js';
import type { ContextStrategy } from '../../src/selection/strategy.js';
import { serializeSelectionResult } from '../../src/selection-result.js';
import { compareUtf8 } from '../../src/utf8-order.js';

function document(id: string, content: string): CacheDocument {
  return { id, version: documentVersion(content), source: id, content, metadata: {} };
}

const documentsArbitrary = fc
  .uniqueArray(
    fc.record({
      id: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
      content: fc
        .array(fc.constantFrom('alpha', 'beta', 'Gamma', 'δέλτα', ' ', '\n', 'x'), {
          maxLength: 30,
        })
        .map((words) => words.join(' ')),
    }),
    { selector: (item) => item.id, maxLength: 12 },
  )
  .map((items) => items.map((item) => document(item.id, item.content)));

const queryArbitrary = fc
  .array(fc.constantFrom('alpha', 'BETA', 'gamma', 'δέλτα', 'zzz'), { maxLength: 4 })
  .map((terms) => terms.join(' '));

/** Asserts `check` for any documents, query and budget from 0 to 200. */
function forAnySelection(
  check: (documents: CacheDocument[], query: string, budget: number) => void,
) {
  fc.assert(fc.property(documentsArbitrary, queryArbitrary, fc.nat({ max: 200 }), check));
}

describe('selectContext', () => {
  it('never uses more tokens than the budget', () => {
    forAnySelection((documents, query, budget) => {
      const result = selectContext(documents, query, budget);
      const sum = result.documents.reduce((total, item) => total + item.tokens, 0);
      expect(result.selection.tokens_used).toBe(sum);
      expect(sum).toBeLessThanOrEqual(budget);
      expect(
        result.selection.documents_selected + result.selection.documents_excluded_by_budget,
      ).toBe(documents.length);
    });
  });

  it('orders by score descending then id ascending, and skips exactly what did not fit', () => {
    forAnySelection((documents, query, budget) => {
      const result = selectContext(documents, query, budget);
      const all = selectContext(documents, query, Number.MAX_SAFE_INTEGER).documents;
      let used = 0;
      const expected = all.filter((item) => {
        if (used + item.tokens > budget) return false;
        used += item.tokens;
        return true;
      });
      expect(result.documents).toEqual(expected);
      for (let index = 1; index < all.length; index += 1) {
        const previous = all[index - 1];
        const current = all[index];
        if (previous && current) {
          expect(
            previous.score > current.score ||
              (previous.score === current.score && compareUtf8(previous.id, current.id) < 0),
          ).toBe(true);
        }
      }
    });
  });

  it('gives the same bytes whatever order the documents come in', () => {
    forAnySelection((documents, query, budget) => {
      const forward = serializeSelectionResult(selectContext(documents, query, budget));
      const backward = serializeSelectionResult(
        selectContext([...documents].reverse(), query, budget),
      );
      expect(backward).toBe(forward);
    });
  });

  it('skips a document that does not fit and still takes a smaller one after it', () => {
    const documents = [
      document('a.md', 'beta '.repeat(20)),
      document('b.md', 'beta x'),
      document('c.md', 'x'),
    ];
    const result = selectContext(documents, 'beta', 3);
    expect(result.documents.map((item) => item.id)).toEqual(['b.md', 'c.md']);
    expect(result.selection.documents_excluded_by_budget).toBe(1);
  });

  it('selects an empty document even with budget 0, as the original does (0 + 0 <= 0)', () => {
    const result = selectContext(
      [document('empty.md', ''), document('full.md', 'beta')],
      'beta',
      0,
    );
    expect(result.documents.map((item) => item.id)).toEqual(['empty.md']);
    expect(result.selection.tokens_used).toBe(0);
  });

  it('breaks score ties by UTF-8 byte order of ids, not UTF-16 order', () => {
    const documents = [document('\u{1F600}.md', 'x'), document('\uFF5E.md', 'y')];
    expect(selectContext(documents, '', 10).documents.map((item) => item.id)).toEqual([
      '\uFF5E.md',
      '\u{1F600}.md',
    ]);
  });

  it('names a non-v0 strategy and its token counter after the v0 fields, and rounds its scores to 32 bits', () => {
    const strategy: ContextStrategy = {
      name: 'test',
      tokenCounter: 'characters',
      score: (documents) =>
        documents.map((item) => ({
          document: item,
          score: 0.1,
          tokens: item.content.length,
          why: { note: 'fixed' },
        })),
    };
    const result = selectContext([document('a.md', 'abc')], 'q', 5, strategy);
    expect(result.documents[0]?.score).toBe(Math.fround(0.1));
    expect(serializeSelectionResult(result)).toBe(
      `{"documents":[{"id":"a.md","version":"${documentVersion('abc')}","content":"abc","score":0.1,"tokens":3,"why":{"note":"fixed"}}],` +
        '"selection":{"query":"q","budget":5,"tokens_used":3,"documents_considered":1,"documents_selected":1,"documents_excluded_by_budget":0,"strategy":"test","token_counter":"characters"}}',
    );
  });

  it('orderScored leaves its input untouched', () => {
    const scored = [
      { document: document('b.md', 'b'), score: 0.5, tokens: 1, why: {} },
      { document: document('a.md', 'a'), score: 0.5, tokens: 1, why: {} },
    ];
    expect(orderScored(scored).map((item) => item.document.id)).toEqual(['a.md', 'b.md']);
    expect(scored.map((item) => item.document.id)).toEqual(['b.md', 'a.md']);
  });
});
