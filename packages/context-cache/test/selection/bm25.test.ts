import { countTokens } from '@x/core/tokens';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CacheDocument } from '../../src/document.js';
import { documentVersion } from '../../src/hashing.js';
import { resolveContext } from '../../src/resolve-context.js';
import { createBm25Strategy } from '../../src/selection/bm25.js';
import { selectContext } from '../../src/selection/select.js';
import { serializeSelectionResult } from '../../src/selection-result.js';
import { createSampleRoot } from '../support/sample-cache.js';

function document(id: string, content: string): CacheDocument {
  return { id, version: documentVersion(content), source: id, content, metadata: {} };
}

const CORPUS = [
  document('body.md', '# Overview\nThe deployment of the service happens on Fridays.'),
  document('title.md', '# Service deployment\nSteps follow.'),
  document('heading.md', '# Operations\n## Deployment\nCheck the logs.'),
  document('none.md', '# Cooking\nBoil water for pasta.'),
];

describe('bm25 strategy', () => {
  it('ranks a title match first, explains the fields matched, and scores no match 0.0', () => {
    const result = selectContext(CORPUS, 'deployment', 10_000, createBm25Strategy());
    expect(result.documents[0]?.id).toBe('title.md');
    expect(result.documents[3]).toMatchObject({ id: 'none.md', score: 0 });
    const whyOf = (id: string) => result.documents.find((item) => item.id === id)?.why;
    expect(whyOf('title.md')).toEqual({
      query_terms: ['deploy'],
      matched_terms: ['deploy'],
      field_matches: { title: 1, headings: 0, body: 0 },
    });
    expect(whyOf('heading.md')).toMatchObject({
      field_matches: { title: 0, headings: 1, body: 0 },
    });
    expect(whyOf('none.md')).toMatchObject({ matched_terms: [] });
  });

  it('lists the matched terms in query order and sums their occurrences per field', () => {
    const corpus = [
      document('both.md', '# Logs of the service\n## Service logs\nThe service keeps its logs.'),
      document('one.md', '# Logs\nNothing else.'),
      document('none.md', '# Cooking\nBoil water for pasta.'),
    ];
    const result = selectContext(corpus, 'service logs service', 10_000, createBm25Strategy());
    const whyOf = (id: string) => result.documents.find((item) => item.id === id)?.why;
    expect(whyOf('both.md')).toEqual({
      query_terms: ['servic', 'log'],
      matched_terms: ['servic', 'log'],
      field_matches: { title: 2, headings: 2, body: 2 },
    });
    expect(whyOf('one.md')).toEqual({
      query_terms: ['servic', 'log'],
      matched_terms: ['log'],
      field_matches: { title: 1, headings: 0, body: 0 },
    });
    expect(whyOf('none.md')).toMatchObject({ matched_terms: [] });
  });

  it('budgets with real cl100k_base counts and names the strategy and counter', () => {
    const result = selectContext(CORPUS, 'deploy service', 10_000, createBm25Strategy());
    for (const item of result.documents) expect(item.tokens).toBe(countTokens(item.content));
    const text = serializeSelectionResult(result);
    expect(text.endsWith(',"strategy":"bm25","token_counter":"cl100k_base"}}')).toBe(true);
  });

  it('never exceeds the budget and gives the same bytes on every run', () => {
    const strategy = createBm25Strategy();
    fc.assert(
      fc.property(
        fc.nat({ max: 40 }),
        fc.constantFrom('deploy', 'service logs', 'pasta water', ''),
        (budget, query) => {
          const first = selectContext(CORPUS, query, budget, strategy);
          expect(first.selection.tokens_used).toBeLessThanOrEqual(budget);
          const again = selectContext([...CORPUS].reverse(), query, budget, createBm25Strategy());
          expect(serializeSelectionResult(again)).toBe(serializeSelectionResult(first));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('plugs into resolveContext by name, per request or as the deployment default', async () => {
    const root = await createSampleRoot();
    const options = { cacheRoot: root, strategies: [createBm25Strategy()] };
    const chosen = await resolveContext(
      { cache: 'sample', query: 'beta', budget: 100, strategy: 'bm25' },
      options,
    );
    expect(chosen.selection.strategy).toBe('bm25');
    const byDefault = await resolveContext(
      { cache: 'sample', query: 'beta', budget: 100 },
      { ...options, defaultStrategy: 'bm25' },
    );
    expect(serializeSelectionResult(byDefault)).toBe(serializeSelectionResult(chosen));
    const v0 = await resolveContext(
      { cache: 'sample', query: 'beta', budget: 100, strategy: 'v0' },
      options,
    );
    expect(v0.selection.strategy).toBeUndefined();
  });
});
