import { z } from 'zod';
import { CoreError } from '../errors.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { createOpenAiEmbeddingProvider } from './openai-embeddings.js';

/**
 * An OpenAI-compatible embeddings server in a configuration file,
 * `{ baseUrl, model, apiKeyEnv?, dimensions?, timeoutMs? }`: the API root (`http://127.0.0.1:11434/v1`
 * for Ollama), the model, and the name of the environment variable that holds the key, so no
 * secret sits in the file.
 */
export const EmbeddingProviderConfigSchema = z.strictObject({
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

/** A parsed {@link EmbeddingProviderConfigSchema}. */
export type EmbeddingProviderConfig = z.infer<typeof EmbeddingProviderConfigSchema>;

/**
 * The provider a configuration names, its key read from the environment.
 *
 * @throws CoreError `CONFIG_INVALID` when `apiKeyEnv` names a variable that is not set.
 */
export function createEmbeddingProviderFromConfig(
  config: EmbeddingProviderConfig,
  environment: NodeJS.ProcessEnv = process.env,
): EmbeddingProvider {
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
