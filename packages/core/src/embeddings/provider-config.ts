import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { CoreError } from '../errors.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { createOnnxEmbeddingProvider } from './onnx-provider.js';
import { createOpenAiEmbeddingProvider } from './openai-embeddings.js';
import { createSentenceEncoderProvider } from './sentence-encoder-provider.js';

/**
 * An OpenAI-compatible embeddings server, `{ baseUrl, model, apiKeyEnv?, dimensions?, timeoutMs? }`:
 * the API root (`http://127.0.0.1:11434/v1` for Ollama), the model, and the name of the
 * environment variable that holds the key, so no secret sits in the file.
 */
const OpenAiProviderConfigSchema = z.strictObject({
  /** Absent: this is a server, not the in-process model. */
  local: z.undefined().optional(),
  /** The API root that `/embeddings` is appended to; `http:` or `https:`. */
  baseUrl: z.url({ protocol: /^https?$/ }),
  /** The model name the server knows. */
  model: z.string().min(1),
  /** The environment variable that holds the API key, when the server wants one. */
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name')
    .optional(),
  /** Vector length, for models that can shorten theirs. */
  dimensions: z.int().min(1).optional(),
  /** Gives up on one request after this many milliseconds; default 30,000. */
  timeoutMs: z.int().min(1).max(600_000).optional(),
});

/**
 * The in-process sentence encoder of `createSentenceEncoderProvider`, `{ local: "sentence-encoder",
 * maxChars? }`: no server, but its optional peer packages must be installed.
 */
const SentenceEncoderConfigSchema = z.strictObject({
  /** Names the in-process model. */
  local: z.literal('sentence-encoder'),
  /** The most characters of a text that are embedded; default 2,000. */
  maxChars: z.int().min(1).max(100_000).optional(),
});

/**
 * A sentence-embedding model in a folder on disk, run by `createOnnxEmbeddingProvider`,
 * `{ local: "onnx", modelPath, pooling?, normalize?, maxChars?, batchSize? }`. The path must be
 * absolute: a configuration is parsed without knowing which file it came from.
 */
const OnnxConfigSchema = z.strictObject({
  /** Names the in-process ONNX model. */
  local: z.literal('onnx'),
  /** The model folder in the Hugging Face layout, as an absolute path. */
  modelPath: z.string().refine(isAbsolute, 'an absolute path to the model folder'),
  /** How token vectors become a text's vector; default `mean`. */
  pooling: z.union([z.literal('mean'), z.literal('cls')]).optional(),
  /** Whether vectors are scaled to length 1; default `true`. */
  normalize: z.boolean().optional(),
  /** The most characters of a text that are embedded; default 2,000. */
  maxChars: z.int().min(1).max(100_000).optional(),
  /** The most texts per run of the model; default 16. */
  batchSize: z.int().min(1).max(1_024).optional(),
});

/**
 * An embedding provider in a configuration file: an OpenAI-compatible server
 * (`{ baseUrl, model, apiKeyEnv?, dimensions?, timeoutMs? }`), the in-process sentence encoder
 * (`{ local: "sentence-encoder", maxChars? }`) or an ONNX model on disk
 * (`{ local: "onnx", modelPath, pooling?, normalize?, maxChars?, batchSize? }`).
 */
export const EmbeddingProviderConfigSchema = z.discriminatedUnion('local', [
  OpenAiProviderConfigSchema,
  SentenceEncoderConfigSchema,
  OnnxConfigSchema,
]);

/** A parsed {@link EmbeddingProviderConfigSchema}. */
export type EmbeddingProviderConfig = z.infer<typeof EmbeddingProviderConfigSchema>;

/**
 * The provider a configuration names, its key read from the environment.
 *
 * @throws CoreError `CONFIG_INVALID` when `apiKeyEnv` names a variable that is not set, or the
 * ONNX model folder or one of its files is missing.
 */
export function createEmbeddingProviderFromConfig(
  config: EmbeddingProviderConfig,
  environment: NodeJS.ProcessEnv = process.env,
): EmbeddingProvider {
  if (config.local === 'sentence-encoder') {
    return createSentenceEncoderProvider(
      config.maxChars === undefined ? {} : { maxChars: config.maxChars },
    );
  }
  if (config.local === 'onnx') {
    const { modelPath, pooling, normalize, maxChars, batchSize } = config;
    return createOnnxEmbeddingProvider({
      modelPath,
      ...(pooling === undefined ? {} : { pooling }),
      ...(normalize === undefined ? {} : { normalize }),
      ...(maxChars === undefined ? {} : { maxChars }),
      ...(batchSize === undefined ? {} : { batchSize }),
    });
  }
  let apiKey: string | undefined;
  if (config.apiKeyEnv !== undefined) {
    apiKey = environment[config.apiKeyEnv];
    if (apiKey === undefined || apiKey === '') {
      throw new CoreError({
        code: 'CONFIG_INVALID',
        message: `apiKeyEnv names ${config.apiKeyEnv}, which is not set`,
      });
    }
  }
  return createOpenAiEmbeddingProvider({
    baseUrl: config.baseUrl,
    model: config.model,
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(config.dimensions === undefined ? {} : { dimensions: config.dimensions }),
    ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }),
  });
}
