import { describe, expect, it } from 'vitest';
import {
  embeddingProviderFromEnvironment,
  evaluateHybrid,
  HYBRID_RANKER,
} from '../../src/benchmarks/retrieval/hybrid.js';
import { FAILING, MEANING, TINY_TASK } from './tiny-task.js';

const TASK = TINY_TASK;

describe('the hybrid row of pnpm bench retrieval', () => {
  it('is not configured without both the URL and the model', () => {
    expect(embeddingProviderFromEnvironment({})).toBeUndefined();
    expect(
      embeddingProviderFromEnvironment({ X_BENCH_EMBEDDINGS_URL: 'http://127.0.0.1:1/v1' }),
    ).toBeUndefined();
    expect(
      embeddingProviderFromEnvironment({
        X_BENCH_EMBEDDINGS_URL: 'http://127.0.0.1:1/v1',
        X_BENCH_EMBEDDINGS_MODEL: 'm',
      })?.id,
    ).toBe('openai:http://127.0.0.1:1/v1/embeddings#m');
  });

  it('ranks by fusion when the provider answers and counts fallbacks when it does not', async () => {
    const hybrid = await evaluateHybrid(TASK, MEANING);
    expect(hybrid.ranker).toBe(HYBRID_RANKER);
    expect(hybrid.fallbacks).toBe(0);
    expect(hybrid.quality['recall@2']).toBe(1);
    const lexical = await evaluateHybrid(TASK, FAILING);
    expect(lexical.fallbacks).toBe(1);
    expect(lexical.quality['recall@2']).toBe(0);
  });
});
