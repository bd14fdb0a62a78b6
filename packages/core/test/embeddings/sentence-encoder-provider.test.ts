import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createEmbeddingProviderFromConfig,
  createSentenceEncoderProvider,
  EmbeddingProviderConfigSchema,
  type SentenceEncoderModel,
} from '../../src/embeddings/index.js';
import { dot, normalize } from '../../src/embeddings/vectors.js';

/** Cosine similarity of two vectors. */
function cosine(left: Float32Array, right: Float32Array): number {
  return dot(normalize(left), normalize(right));
}

/** A model that answers whatever `answer` gives for each batch. */
function fakeModel(answer: (texts: string[]) => unknown): () => Promise<SentenceEncoderModel> {
  return async () => ({ embed: async (texts) => answer(texts) as number[][] });
}

describe('createSentenceEncoderProvider with the real model', () => {
  const provider = createSentenceEncoderProvider();

  it('places a request nearer the tool that means the same thing in other words', async () => {
    const [query, weather, files] = await provider.embed([
      'is it going to rain in Paris tomorrow?',
      'get_forecast: temperature, precipitation and wind for a city over the next days',
      'read_text_file: read the contents of a file from disk as text',
    ]);
    expect(query).toHaveLength(512);
    expect(cosine(query as Float32Array, weather as Float32Array)).toBeGreaterThan(
      cosine(query as Float32Array, files as Float32Array),
    );
  });

  it('embeds an empty text alone or in a batch alike', async () => {
    const [alone] = await provider.embed(['']);
    const [inBatch] = await provider.embed(['', 'list my open pull requests']);
    expect(Buffer.from((alone as Float32Array).buffer)).toEqual(
      Buffer.from((inBatch as Float32Array).buffer),
    );
  });

  it('answers the same bytes for the same text, alone or in a batch', async () => {
    const [alone] = await provider.embed(['create a calendar event']);
    const [, inBatch] = await provider.embed(['first', 'create a calendar event', 'last']);
    expect(Buffer.from((alone as Float32Array).buffer)).toEqual(
      Buffer.from((inBatch as Float32Array).buffer),
    );
  });

  it('embeds only the first maxChars characters, so a huge text answers promptly', async () => {
    const prefix = 'search the web for recent news articles';
    const short = createSentenceEncoderProvider({ maxChars: prefix.length });
    const [cut, huge] = await short.embed([prefix, `${prefix}${' and more'.repeat(200_000)}`]);
    expect(Buffer.from((huge as Float32Array).buffer)).toEqual(
      Buffer.from((cut as Float32Array).buffer),
    );
    expect(short.id).not.toBe(provider.id);
  });

  it('gives every text, however odd, one finite vector of one length', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 60 }), { maxLength: 4 }),
        async (texts) => {
          const vectors = await provider.embed(texts);
          expect(vectors).toHaveLength(texts.length);
          for (const vector of vectors) {
            expect(vector).toHaveLength(512);
            expect(vector.every(Number.isFinite)).toBe(true);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('is what the configuration { local: "sentence-encoder" } makes', () => {
    const config = EmbeddingProviderConfigSchema.parse({ local: 'sentence-encoder' });
    expect(createEmbeddingProviderFromConfig(config).id).toBe(provider.id);
    expect(
      createEmbeddingProviderFromConfig(
        EmbeddingProviderConfigSchema.parse({ local: 'sentence-encoder', maxChars: 500 }),
      ).id,
    ).toBe(createSentenceEncoderProvider({ maxChars: 500 }).id);
  });
});

describe('createSentenceEncoderProvider failures', () => {
  it.each([{ maxChars: 0 }, { maxChars: 1.5 }, { batchSize: 0 }])('refuses %j', (options) => {
    expect(() => createSentenceEncoderProvider(options)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });

  it.each([
    { local: 'sentence-encoder', maxChars: 0 },
    { local: 'another-model' },
    { local: 'sentence-encoder', baseUrl: 'http://127.0.0.1/v1' },
  ])('its configuration refuses %j', (config) => {
    expect(EmbeddingProviderConfigSchema.safeParse(config).success).toBe(false);
  });

  it('answers UNAVAILABLE when the model cannot load', async () => {
    const provider = createSentenceEncoderProvider({
      load: () => Promise.reject(new Error('no weights here')),
    });
    await expect(provider.embed(['x'])).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'the sentence encoder failed to load: no weights here',
    });
  });

  it.each([
    { answer: () => [], says: 'answered 0 vectors for 1 texts' },
    { answer: () => 'nothing', says: 'answered no vector list for 1 texts' },
    { answer: () => [[Number.NaN]], says: 'answered a vector that is not finite numbers' },
    { answer: () => [[]], says: 'answered a vector that is not finite numbers' },
  ])('answers UNAVAILABLE when the model $says', async ({ answer, says }) => {
    const provider = createSentenceEncoderProvider({ load: fakeModel(answer) });
    await expect(provider.embed(['x'])).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: `the sentence encoder ${says}`,
    });
  });

  it('answers UNAVAILABLE when batches disagree on the vector length', async () => {
    const provider = createSentenceEncoderProvider({
      batchSize: 1,
      load: fakeModel((texts) => texts.map((text) => Array(text.length).fill(1))),
    });
    await expect(provider.embed(['a', 'bb'])).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('answers UNAVAILABLE when the model throws, and the next call runs again', async () => {
    let calls = 0;
    const provider = createSentenceEncoderProvider({
      load: fakeModel((texts) => {
        calls += 1;
        if (calls === 1) throw new Error('out of memory');
        return texts.map(() => [1, 0]);
      }),
    });
    await expect(provider.embed(['x'])).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: 'the sentence encoder failed: out of memory',
    });
    await expect(provider.embed(['x'])).resolves.toHaveLength(1);
  });

  it('answers CANCELLED between batches once the signal aborts', async () => {
    const controller = new AbortController();
    const provider = createSentenceEncoderProvider({
      batchSize: 1,
      load: fakeModel((texts) => {
        controller.abort();
        return texts.map(() => [1, 0]);
      }),
    });
    await expect(provider.embed(['a', 'b'], controller.signal)).rejects.toMatchObject({
      code: 'CANCELLED',
    });
  });
});
