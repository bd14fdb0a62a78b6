import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSearchIndex } from '../src/search/index.js';
import { sentenceTerms } from '../src/search/sentences.js';
import { tokenize as defaultTokenize } from '../src/search/tokenize.js';

type Field = 'title' | 'body' | 'tags';
const FIELDS: readonly Field[] = ['title', 'body', 'tags'];

interface Doc {
  id: string;
  title: string;
  body: string;
  tags: string;
}

interface Setup {
  weights: Record<Field, number>;
  b: Record<Field, number>;
  k1: number;
  termsOnce: boolean;
  /** Index word pairs (terms that span sentence breaks) instead of the default tokenizer's terms. */
  pairs: boolean;
}

/** A custom tokenizer whose terms join neighbouring words across any separator, breaks too. */
function wordPairs(text: string): string[] {
  const words = defaultTokenize(text);
  return words.map((word, index) => `${word}+${words[index + 1] ?? ''}`);
}

/**
 * BM25F written the plain way, one document at a time, with the same arithmetic in the same
 * order as the index promises: per field `count × weight / (1 - b + b × length / average)`
 * summed over the fields in order, Lucene's IDF, `repeats × idf × tf × (k1 + 1) / (k1 + tf)`
 * added term by term in order of first occurrence, then the sentence rescoring.
 */
function referenceSearch(
  docs: readonly Doc[],
  setup: Setup,
  query: string,
  limit: number,
  sentences: boolean,
  tokenize: (text: string) => string[] = defaultTokenize,
): { id: string; score: number }[] {
  const fieldTerms = docs.map((doc) => FIELDS.map((field) => tokenize(doc[field])));
  const averages = FIELDS.map(
    (_, field) =>
      fieldTerms.reduce((sum, terms) => sum + (terms[field]?.length ?? 0), 0) / docs.length || 1,
  );
  const scoresFor = (terms: readonly string[]): Map<number, number> => {
    const repeats = new Map<string, number>();
    for (const term of terms) {
      repeats.set(term, setup.termsOnce ? 1 : (repeats.get(term) ?? 0) + 1);
    }
    const scores = new Map<number, number>();
    for (const [term, times] of repeats) {
      const holders = fieldTerms.filter((terms) => terms.some((field) => field.includes(term)));
      const df = holders.length;
      if (df === 0) continue;
      const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
      fieldTerms.forEach((terms, doc) => {
        let frequency = 0;
        FIELDS.forEach((name, field) => {
          const fieldWords = terms[field] ?? [];
          const raw = fieldWords.filter((word) => word === term).length;
          if (raw === 0) return;
          const b = setup.b[name];
          const norm =
            setup.weights[name] / (1 - b + (b * fieldWords.length) / (averages[field] as number));
          frequency += raw * norm;
        });
        if (frequency === 0) return;
        const contribution = (times * idf * frequency * (setup.k1 + 1)) / (setup.k1 + frequency);
        scores.set(doc, (scores.get(doc) ?? 0) + contribution);
      });
    }
    return scores;
  };
  const highest = (scores: Map<number, number>): number => {
    const top = Math.max(0, ...scores.values());
    return top > 0 ? top : 1;
  };
  const scores = scoresFor(tokenize(query));
  const parts = sentences ? sentenceTerms(query, tokenize) : [];
  if (parts.length >= 2 && scores.size > 0) {
    const best = new Map<number, number>();
    for (const part of parts) {
      const partScores = scoresFor(part);
      const top = highest(partScores);
      for (const [doc, score] of partScores) {
        if (score / top > (best.get(doc) ?? 0)) best.set(doc, score / top);
      }
    }
    const top = highest(scores);
    for (const [doc, score] of scores) scores.set(doc, score / top + (best.get(doc) ?? 0));
  }
  return [...scores]
    .map(([doc, score]) => ({ id: (docs[doc] as Doc).id, score }))
    .sort((x, y) => (x.score !== y.score ? y.score - x.score : x.id < y.id ? -1 : 1))
    .slice(0, limit);
}

const word = fc.constantFrom(
  'read',
  'reads',
  'file',
  'files',
  'weather',
  'city',
  'getUser',
  'user_id',
  'send',
  'email',
  'the',
  'report',
  '42',
  'café',
  '東京',
  'ｆｉｌｅ',
);
const text = fc.array(word, { maxLength: 8 }).map((words) => words.join(' '));
const docArbitrary = fc.record({ title: text, body: text, tags: text });
const query = fc
  .array(fc.oneof(word, fc.constantFrom('. ', '; ', '\n', '? ')), { maxLength: 14 })
  .map((words) => words.join(' '));
const setupArbitrary: fc.Arbitrary<Setup> = fc.record({
  weights: fc.record({
    title: fc.constantFrom(0, 0.5, 1, 3),
    body: fc.constantFrom(0, 1, 2),
    tags: fc.constantFrom(0, 1),
  }),
  b: fc.record({
    title: fc.constantFrom(0, 0.5, 0.75, 1),
    body: fc.constantFrom(0, 0.75, 1),
    tags: fc.constantFrom(0.75, 1),
  }),
  k1: fc.constantFrom(0, 0.9, 1.2, 2),
  termsOnce: fc.boolean(),
  pairs: fc.boolean(),
});

describe('createSearchIndex against a plain BM25F scorer', () => {
  it('gives the same hits, order and scores to the last bit, across batches (property)', () => {
    fc.assert(
      fc.property(
        setupArbitrary,
        fc.array(fc.array(docArbitrary, { minLength: 1, maxLength: 6 }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.array(fc.tuple(query, fc.constantFrom(1, 3, 10, Infinity), fc.boolean()), {
          minLength: 1,
          maxLength: 4,
        }),
        (setup, batches, searches) => {
          const index = createSearchIndex<Doc, Field>({
            fields: {
              title: { weight: setup.weights.title, b: setup.b.title },
              body: { weight: setup.weights.body, b: setup.b.body },
              tags: { weight: setup.weights.tags, b: setup.b.tags },
            },
            id: (doc) => doc.id,
            text: (doc, field) => doc[field],
            k1: setup.k1,
            termsOnce: setup.termsOnce,
            ...(setup.pairs ? { tokenize: wordPairs } : {}),
          });
          const added: Doc[] = [];
          batches.forEach((batch, batchNumber) => {
            const docs = batch.map((doc, position) => ({
              ...doc,
              id: `d${batchNumber}-${position}`,
            }));
            index.add(docs);
            added.push(...docs);
            for (const [words, limit, sentences] of searches) {
              const hits = index.search(words, { limit, sentences });
              const expected = referenceSearch(
                added,
                setup,
                words,
                limit,
                sentences,
                setup.pairs ? wordPairs : defaultTokenize,
              );
              expect(hits.map(({ id, score }) => ({ id, score }))).toEqual(expected);
            }
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
