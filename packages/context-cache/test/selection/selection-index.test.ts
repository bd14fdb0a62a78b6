import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CacheDocument } from '../../src/document.js';
import { documentVersion } from '../../src/hashing.js';
import { createBm25Strategy } from '../../src/selection/bm25.js';
import { selectContext } from '../../src/selection/select.js';
import { createSelectionIndex } from '../../src/selection/selection-index.js';
import { type ContextStrategy, scoredFromTable } from '../../src/selection/strategy.js';
import { termFrequencyStrategy } from '../../src/selection/term-frequency.js';
import { serializeSelectionResult } from '../../src/selection-result.js';

function document(id: string, content: string): CacheDocument {
  return { id, version: documentVersion(content), source: id, content, metadata: {} };
}

/** Words with case, accents, Turkish dotted I, stop words and markdown headings. */
const WORDS = ['alpha', 'Alpha', 'BETA', 'beta', 'İstanbul', 'δέλτα', 'the', '#', '##', 'x'];
const SEPARATORS = [' ', '\n', '\t', '\u00a0', '\u2028', '  '];

const contentArbitrary = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 40 })
  .map((pairs) => pairs.map(([word, separator]) => word + separator).join(''));

const documentsArbitrary = fc
  .uniqueArray(
    fc.record({
      id: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
      content: contentArbitrary,
    }),
    { selector: (item) => item.id, maxLength: 14 },
  )
  .map((items) => items.map((item) => document(item.id, item.content)));

const queryArbitrary = fc
  .array(fc.constantFrom('alpha', 'ALPHA', 'beta', 'istanbul', 'i̇stanbul', 'δέλτα', 'the', 'zzz'), {
    maxLength: 5,
  })
  .map((terms) => terms.join(' '));

function agrees(strategy: ContextStrategy): void {
  fc.assert(
    fc.property(
      documentsArbitrary,
      fc.array(fc.tuple(queryArbitrary, fc.nat({ max: 120 })), { minLength: 1, maxLength: 4 }),
      (documents, requests) => {
        const index = createSelectionIndex(documents, strategy);
        for (const [query, budget] of requests) {
          expect(serializeSelectionResult(index.select(query, budget))).toBe(
            serializeSelectionResult(selectContext(documents, query, budget, strategy)),
          );
        }
      },
    ),
  );
}

describe('createSelectionIndex', () => {
  it('answers v0 byte for byte as selectContext does, for every query it is asked', () => {
    agrees(termFrequencyStrategy);
  });

  it('answers bm25 byte for byte as selectContext does, for every query it is asked', () => {
    agrees(createBm25Strategy());
  });

  it('orders by score, then id in UTF-8 byte order, not UTF-16 order', () => {
    // U+FF5E sorts before U+1F600 in UTF-8 bytes but after it in UTF-16 code units.
    const documents = [document('\u{1F600}', 'x'), document('\uFF5E', 'x'), document('a', 'y')];
    const index = createSelectionIndex(documents, termFrequencyStrategy);
    expect(index.select('x', 100).documents.map((item) => item.id)).toEqual([
      '\uFF5E',
      '\u{1F600}',
      'a',
    ]);
  });

  it('scores with the strategy itself when it brings no index, with the same answer', () => {
    const { index: _unused, ...plain } = termFrequencyStrategy;
    const documents = [document('b.md', 'beta alpha'), document('a.md', 'alpha')];
    const index = createSelectionIndex(documents, plain);
    expect(serializeSelectionResult(index.select('alpha', 10))).toBe(
      serializeSelectionResult(selectContext(documents, 'alpha', 10)),
    );
  });

  it('orders a table whose scores are not 32-bit floats as selectContext does, rounded', () => {
    const documents = [document('b.md', 'beta'), document('a.md', 'alpha'), document('c.md', '')];
    const scores = Float64Array.from([0.1, 0.1 + 1e-12, 0]);
    const table = {
      scores,
      tokens: [1, 1, 0],
      why: (position: number) => ({ position }),
    };
    const strategy: ContextStrategy = {
      name: 'fixed',
      tokenCounter: 'fixed',
      score: (all) => scoredFromTable(all, table),
      index: () => ({ score: () => scoredFromTable(documents, table), table: () => table }),
    };
    const selected = createSelectionIndex(documents, strategy).select('q', 10);
    expect(serializeSelectionResult(selected)).toBe(
      serializeSelectionResult(selectContext(documents, 'q', 10, strategy)),
    );
    expect(selected.documents.map((item) => item.id)).toEqual(['a.md', 'b.md', 'c.md']);
  });

  it('builds the entries of the selected documents only', () => {
    const documents = [document('a', 'alpha'), document('b', 'alpha alpha beta')];
    const built: number[] = [];
    const strategy: ContextStrategy = {
      ...termFrequencyStrategy,
      index(all) {
        const inner = termFrequencyStrategy.index?.(all);
        const table = inner?.table;
        if (inner === undefined || table === undefined) throw new Error('v0 has a table');
        return {
          score: inner.score,
          table(query) {
            const columns = table(query);
            return {
              ...columns,
              why(position) {
                built.push(position);
                return columns.why(position);
              },
            };
          },
        };
      },
    };
    const result = createSelectionIndex(documents, strategy).select('alpha', 2);
    expect(result.documents.map((item) => item.id)).toEqual(['a']);
    expect(result.selection.documents_excluded_by_budget).toBe(1);
    expect(built).toEqual([0]);
  });

  it('counts the characters it covers', () => {
    const index = createSelectionIndex(
      [document('a', 'abc'), document('b', 'de')],
      termFrequencyStrategy,
    );
    expect(index.characters).toBe(5);
    expect(index.documentCount).toBe(2);
  });
});
