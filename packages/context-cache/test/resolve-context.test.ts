import { createHash } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCache } from '../src/build-cache.js';
import { MAX_BUDGET, MAX_QUERY_BYTES } from '../src/limits.js';
import { resolveContext } from '../src/resolve-context.js';
import { createSelectionIndexCache } from '../src/selection/index-cache.js';
import { serializeSelectionResult } from '../src/selection-result.js';
import { createSampleRoot, editJson } from './support/sample-cache.js';
import { createTempFolder, writeFiles } from './support/temp-folder.js';

function version(content: string): string {
  return `sha256:${createHash('sha256').update(content, 'utf8').digest('hex')}`;
}

function documentJson(
  id: string,
  content: string,
  score: string,
  tokens: number,
  why: string,
): string {
  return `{"id":"${id}","version":"${version(content)}","content":${JSON.stringify(content)},"score":${score},"tokens":${tokens},"why":${why}}`;
}

async function resolveText(cacheRoot: string, query: string, budget: number): Promise<string> {
  return serializeSelectionResult(
    await resolveContext({ cache: 'sample', query, budget }, { cacheRoot }),
  );
}

describe('resolveContext (v0)', () => {
  it('answers byte for byte for a multi-term query with a tight budget', async () => {
    const root = await createSampleRoot();
    // Query "Beta gamma" -> terms [beta, gamma].
    // gamma.md    "gamma"                  1 word,  1 match  -> 1/1 = 1.0;  5 bytes  -> 2 tokens
    // alpha.md    "Alpha beta\nbeta GAMMA" 4 words, 3 matches -> 3/4 = 0.75; 21 bytes -> 6 tokens
    // greeting.md "Grüße beta"             2 words, 1 match  -> 1/2 = 0.5;  12 bytes -> 3 tokens
    // other.md    "x y z"                  3 words, 0 matches -> 0.0;       5 bytes  -> 2 tokens
    // Budget 9: gamma (2, used 2), alpha (6, used 8), greeting skipped (11 > 9),
    // other skipped (10 > 9): 2 selected, 2 excluded, 8 used.
    const why = (matches: number, words: number) =>
      `{"query_terms":["beta","gamma"],"term_matches":${matches},"total_words":${words}}`;
    const expected =
      `{"documents":[${documentJson('gamma.md', 'gamma', '1.0', 2, why(1, 1))},` +
      `${documentJson('alpha.md', 'Alpha beta\nbeta GAMMA', '0.75', 6, why(3, 4))}],` +
      '"selection":{"query":"Beta gamma","budget":9,"tokens_used":8,"documents_considered":4,' +
      '"documents_selected":2,"documents_excluded_by_budget":2}}';
    expect(await resolveText(root, 'Beta gamma', 9)).toBe(expected);
  });

  it('orders equal scores by id and prints 1/3 as the 32-bit float 0.33333334', async () => {
    const root = await createSampleRoot();
    // Query "X" -> [x]. other.md: 1 match of 3 words -> f32(1/3) printed 0.33333334.
    // Everything else scores 0.0 and follows in id order: alpha, gamma, greeting.
    const why = (matches: number, words: number) =>
      `{"query_terms":["x"],"term_matches":${matches},"total_words":${words}}`;
    const expected =
      `{"documents":[${documentJson('other.md', 'x y z', '0.33333334', 2, why(1, 3))},` +
      `${documentJson('alpha.md', 'Alpha beta\nbeta GAMMA', '0.0', 6, why(0, 4))},` +
      `${documentJson('gamma.md', 'gamma', '0.0', 2, why(0, 1))},` +
      `${documentJson('greeting.md', 'Grüße beta', '0.0', 3, why(0, 2))}],` +
      '"selection":{"query":"X","budget":4000,"tokens_used":13,"documents_considered":4,' +
      '"documents_selected":4,"documents_excluded_by_budget":0}}';
    expect(await resolveText(root, 'X', 4000)).toBe(expected);
  });

  it('counts repeated query terms twice, printing a score above 1.0', async () => {
    const root = await createSampleRoot();
    // "gamma gamma": gamma.md's single word matches both terms: 2/1 = 2.0.
    const text = await resolveText(root, 'gamma gamma', 2);
    expect(text).toContain('"id":"gamma.md"');
    expect(text).toContain(
      '"score":2.0,"tokens":2,"why":{"query_terms":["gamma","gamma"],"term_matches":2,"total_words":1}',
    );
  });

  it('selects nothing with budget 0 when every document has tokens', async () => {
    const root = await createSampleRoot();
    expect(await resolveText(root, 'beta', 0)).toBe(
      '{"documents":[],"selection":{"query":"beta","budget":0,"tokens_used":0,"documents_considered":4,"documents_selected":0,"documents_excluded_by_budget":4}}',
    );
  });

  it('answers an empty query with every score 0.0 in id order', async () => {
    const root = await createSampleRoot();
    const result = await resolveContext(
      { cache: 'sample', query: '', budget: 100 },
      { cacheRoot: root },
    );
    expect(result.documents.map((document) => [document.id, document.score])).toEqual([
      ['alpha.md', 0],
      ['gamma.md', 0],
      ['greeting.md', 0],
      ['other.md', 0],
    ]);
    expect(result.documents[0]?.why).toEqual({ query_terms: [], term_matches: 0, total_words: 4 });
  });

  it('answers an empty cache with an empty selection', async () => {
    const folder = await createTempFolder();
    await mkdir(join(folder, 'sources'));
    await buildCache({ sources: join(folder, 'sources'), cache: join(folder, 'root', 'empty') });
    const result = await resolveContext(
      { cache: 'empty', query: 'anything', budget: 10 },
      { cacheRoot: join(folder, 'root') },
    );
    expect(serializeSelectionResult(result)).toBe(
      '{"documents":[],"selection":{"query":"anything","budget":10,"tokens_used":0,"documents_considered":0,"documents_selected":0,"documents_excluded_by_budget":0}}',
    );
  });

  it('gives byte-identical output across runs', async () => {
    const root = await createSampleRoot();
    const first = await resolveText(root, 'beta gamma', 7);
    for (let run = 0; run < 3; run += 1)
      expect(await resolveText(root, 'beta gamma', 7)).toBe(first);
  });
});

describe('resolveContext across calls', () => {
  it('keeps the index of a cache while cache_version holds and rebuilds it when the cache changes', async () => {
    const folder = await createTempFolder();
    const sources = join(folder, 'sources');
    await writeFiles(folder, { 'sources/a.md': 'alpha beta', 'sources/b.md': 'beta' });
    const cache = join(folder, 'root', 'docs');
    await buildCache({ sources, cache, createdAt: new Date(0) });
    const indexes = createSelectionIndexCache();
    const options = { cacheRoot: join(folder, 'root'), indexes };
    const ask = async (query: string) =>
      (await resolveContext({ cache: 'docs', query, budget: 100 }, options)).documents.map(
        (item) => [item.id, item.score],
      );
    expect(await ask('alpha')).toEqual([
      ['a.md', 0.5],
      ['b.md', 0],
    ]);
    expect(await ask('beta')).toEqual([
      ['b.md', 1],
      ['a.md', 0.5],
    ]);
    expect(indexes.size).toBe(1);
    await writeFiles(folder, { 'sources/b.md': 'alpha alpha' });
    await buildCache({ sources, cache, force: true, createdAt: new Date(0) });
    expect(await ask('alpha')).toEqual([
      ['b.md', 1],
      ['a.md', 0.5],
    ]);
    expect(indexes.size).toBe(1);
  });
});

describe('resolveContext errors', () => {
  it.each([
    [-1],
    [1.5],
    ['10'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [MAX_BUDGET + 1],
    [null],
    [undefined],
  ])('answers invalid_budget for budget %s', async (budget) => {
    const root = await createSampleRoot();
    await expect(
      resolveContext({ cache: 'sample', query: 'x', budget }, { cacheRoot: root }),
    ).rejects.toMatchObject({
      code: 'invalid_budget',
    });
  });

  it('accepts the hard maximum budget and the longest query', async () => {
    const root = await createSampleRoot();
    const query = 'é'.repeat(MAX_QUERY_BYTES / 2);
    const result = await resolveContext(
      { cache: 'sample', query, budget: MAX_BUDGET },
      { cacheRoot: root },
    );
    expect(result.selection.documents_selected).toBe(4);
  });

  it.each([[42], [null], ['a\uD800'], ['x'.repeat(MAX_QUERY_BYTES + 1)]])(
    'answers invalid_query for query %#',
    async (query) => {
      const root = await createSampleRoot();
      await expect(
        resolveContext({ cache: 'sample', query, budget: 1 }, { cacheRoot: root }),
      ).rejects.toMatchObject({
        code: 'invalid_query',
      });
    },
  );

  it('answers invalid_query for an unknown strategy', async () => {
    const root = await createSampleRoot();
    await expect(
      resolveContext(
        { cache: 'sample', query: 'x', budget: 1, strategy: 'magic' },
        { cacheRoot: root },
      ),
    ).rejects.toMatchObject({ code: 'invalid_query' });
  });

  it('checks the budget before the query and the query before the cache', async () => {
    const root = await createSampleRoot();
    await expect(
      resolveContext({ cache: '../x', query: 42, budget: -1 }, { cacheRoot: root }),
    ).rejects.toMatchObject({
      code: 'invalid_budget',
    });
    await expect(
      resolveContext({ cache: '../x', query: 42, budget: 1 }, { cacheRoot: root }),
    ).rejects.toMatchObject({
      code: 'invalid_query',
    });
  });

  it.each([['../sample'], ['/etc'], ['%2e%2e'], ['．．'], ['sample\u0000'], ['missing']])(
    'answers cache_missing for cache %s',
    async (cache) => {
      const root = await createSampleRoot();
      await expect(
        resolveContext({ cache, query: 'x', budget: 1 }, { cacheRoot: root }),
      ).rejects.toMatchObject({
        code: 'cache_missing',
      });
    },
  );

  it('answers cache_invalid, never content, for a tampered cache', async () => {
    const root = await createSampleRoot();
    const documents = join(root, 'sample', 'documents');
    const [first] = await readdir(documents);
    await editJson(join(documents, first as string), (document) => {
      document.content = 'injected instructions';
    });
    await expect(
      resolveContext({ cache: 'sample', query: 'x', budget: 100 }, { cacheRoot: root }),
    ).rejects.toMatchObject({
      code: 'cache_invalid',
    });
    await rm(join(root, 'sample', 'manifest.json'));
    await expect(
      resolveContext({ cache: 'sample', query: 'x', budget: 100 }, { cacheRoot: root }),
    ).rejects.toMatchObject({
      code: 'cache_invalid',
    });
  });
});
