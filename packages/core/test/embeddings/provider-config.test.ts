import { describe, expect, it } from 'vitest';
import {
  createEmbeddingProviderFromConfig,
  EmbeddingProviderConfigSchema,
} from '../../src/embeddings/index.js';

describe('EmbeddingProviderConfigSchema', () => {
  it('accepts an http(s) server, a model and the name of the key variable', () => {
    const config = EmbeddingProviderConfigSchema.parse({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'nomic-embed-text',
      apiKeyEnv: 'EMBEDDINGS_KEY',
    });
    const provider = createEmbeddingProviderFromConfig(config, { EMBEDDINGS_KEY: 'k' });
    expect(provider.id).toBe('openai:http://127.0.0.1:11434/v1/embeddings#nomic-embed-text');
  });

  it.each([
    { baseUrl: 'file:///etc/passwd', model: 'm' },
    { baseUrl: 'not a url', model: 'm' },
    { baseUrl: 'http://127.0.0.1/v1', model: '' },
    { baseUrl: 'http://127.0.0.1/v1', model: 'm', apiKey: 'inline secrets are refused' },
    { baseUrl: 'http://127.0.0.1/v1', model: 'm', apiKeyEnv: 'not-a-name' },
    { baseUrl: 'http://127.0.0.1/v1', model: 'm', dimensions: 0 },
  ])('refuses %j', (config) => {
    expect(EmbeddingProviderConfigSchema.safeParse(config).success).toBe(false);
  });

  it('answers CONFIG_INVALID when the key variable is not set, without its value', () => {
    const config = EmbeddingProviderConfigSchema.parse({
      baseUrl: 'https://example.invalid/v1',
      model: 'm',
      apiKeyEnv: 'MISSING_KEY',
    });
    expect(() => createEmbeddingProviderFromConfig(config, {})).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: 'apiKeyEnv names MISSING_KEY, which is not set',
      }),
    );
  });
});
