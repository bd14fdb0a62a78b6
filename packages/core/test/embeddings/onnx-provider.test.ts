import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createEmbeddingProviderFromConfig,
  createHybridSearch,
  createOnnxEmbeddingProvider,
  EmbeddingProviderConfigSchema,
  type HybridWarning,
  type OnnxEmbeddingOptions,
} from '../../src/embeddings/index.js';
import { importOnnxPackages, type OnnxPackages } from '../../src/embeddings/onnx-packages.js';
import { createOnnxEmbeddingProviderOn } from '../../src/embeddings/onnx-provider.js';
import { dot, normalize } from '../../src/embeddings/vectors.js';
import { createSearchIndex } from '../../src/search/index.js';
import {
  TINY_DIMENSIONS,
  TINY_MAX_TOKENS,
  TINY_TYPE_VECTORS,
  TINY_VOCABULARY,
  TINY_WORD_VECTORS,
  type TinyGraph,
  tinyId,
  writeTinyModel,
} from './tiny-onnx-model.js';

const root = mkdtempSync(join(tmpdir(), 'x-core-onnx-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

let folders = 0;
/** A fresh folder holding the tiny model with `graph`. */
function modelFolder(graph: TinyGraph = 'lookup'): string {
  folders += 1;
  const folder = join(root, `model-${folders}`);
  writeTinyModel(folder, graph);
  return folder;
}

const folder = modelFolder();

function provider(options: Partial<OnnxEmbeddingOptions> = {}) {
  return createOnnxEmbeddingProvider({ modelPath: folder, ...options });
}

/** The vector the tiny model must give for these tokens (special tokens added here). */
function expected(
  tokens: readonly (typeof TINY_VOCABULARY)[number][],
  pooling: 'mean' | 'cls',
): Float32Array {
  const rows = ['[CLS]' as const, ...tokens, '[SEP]' as const].map((token) =>
    (TINY_WORD_VECTORS[tinyId(token)] as number[]).map(
      (value, column) => value + ((TINY_TYPE_VECTORS[0] as number[])[column] as number),
    ),
  );
  const used = pooling === 'cls' ? rows.slice(0, 1) : rows;
  return Float32Array.from(
    { length: TINY_DIMENSIONS },
    (_, column) => used.reduce((sum, row) => sum + (row[column] as number), 0) / used.length,
  );
}

function bytes(vector: Float32Array | undefined): Buffer {
  return Buffer.from((vector as Float32Array).buffer);
}

function expectClose(actual: Float32Array | undefined, wanted: Float32Array): void {
  expect(actual).toHaveLength(wanted.length);
  wanted.forEach((value, column) => {
    expect((actual as Float32Array)[column]).toBeCloseTo(value, 6);
  });
}

describe('createOnnxEmbeddingProvider with the real runtime and tokenizer', () => {
  it('places texts that share words nearer than texts that do not', async () => {
    const [query, sharing, apart] = await provider().embed([
      'rain forecast',
      'weather forecast',
      'read the folder',
    ]);
    const near = dot(query as Float32Array, sharing as Float32Array);
    expect(near).toBeGreaterThan(dot(query as Float32Array, apart as Float32Array));
    expect(near).toBeLessThan(1);
  });

  it('averages the token vectors, special tokens included, of the lower-cased word pieces', async () => {
    const [vector] = await provider().embed(['Weathers RAIN']);
    expectClose(vector, normalize(expected(['weather', '##s', 'rain'], 'mean')));
  });

  it('takes the first token under cls pooling, so its vectors differ from mean pooling', async () => {
    const cls = provider({ pooling: 'cls' });
    const [weather, files] = await cls.embed(['weather forecast', 'read file']);
    expectClose(weather, normalize(expected([], 'cls')));
    expect(bytes(files)).toEqual(bytes(weather));
    const [mean] = await provider().embed(['weather forecast']);
    expect(bytes(mean)).not.toEqual(bytes(weather));
    expect(cls.id).not.toBe(provider().id);
  });

  it('answers the raw pooled vector when normalize is false', async () => {
    const raw = provider({ normalize: false });
    const [vector] = await raw.embed(['song']);
    expectClose(vector, expected(['song'], 'mean'));
    expect(raw.id).not.toBe(provider().id);
  });

  it('answers the same bytes for a text twice, and alone or in a batch of other lengths', async () => {
    const small = provider({ batchSize: 2 });
    const [alone] = await small.embed(['play the music']);
    const [again] = await small.embed(['play the music']);
    const batch = await small.embed([
      'file',
      'read the file',
      'play the music',
      'song',
      '',
      'rain',
    ]);
    expect(bytes(again)).toEqual(bytes(alone));
    expect(bytes(batch[2])).toEqual(bytes(alone));
    expect(batch).toHaveLength(6);
    expectClose(batch[1], normalize(expected(['read', 'the', 'file'], 'mean')));
    expectClose(batch[0], normalize(expected(['file'], 'mean')));
    expectClose(batch[3], normalize(expected(['song'], 'mean')));
    expect(small.id).toBe(provider().id);
  });

  it('embeds only the first maxChars characters, so a huge text answers promptly', async () => {
    const prefix = 'weather forecast';
    const short = provider({ maxChars: prefix.length });
    const [cut, huge] = await short.embed([prefix, `${prefix}${' music'.repeat(200_000)}`]);
    expect(bytes(huge)).toEqual(bytes(cut));
    expect(short.id).not.toBe(provider().id);
  });

  it('keeps the first tokens and the closing special token of a text above the token bound', async () => {
    const words = Array.from({ length: 3 * TINY_MAX_TOKENS }, (_, i) =>
      i < TINY_MAX_TOKENS - 2 ? 'rain' : 'disk',
    );
    const [long] = await provider().embed([words.join(' ')]);
    expectClose(long, normalize(expected(Array(TINY_MAX_TOKENS - 2).fill('rain'), 'mean')));
  });

  it('embeds an empty text as its special tokens alone', async () => {
    const [empty] = await provider().embed(['']);
    expectClose(empty, normalize(expected([], 'mean')));
    await expect(provider().embed([])).resolves.toEqual([]);
  });

  it('gives every text, however odd, one finite vector of the model dimension', async () => {
    const embedder = provider({ batchSize: 3 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.string({ unit: 'grapheme', maxLength: 60 }),
            fc.string({ unit: 'binary', maxLength: 60 }),
            fc
              .array(fc.constantFrom(...TINY_VOCABULARY), { maxLength: 30 })
              .map((words) => words.join(' ')),
          ),
          { maxLength: 7 },
        ),
        async (texts) => {
          const vectors = await embedder.embed(texts);
          expect(vectors).toHaveLength(texts.length);
          for (const vector of vectors) {
            expect(vector).toHaveLength(TINY_DIMENSIONS);
            expect(vector.every(Number.isFinite)).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('changes its id with the model files, not with where they lie or the batch size', () => {
    const copy = modelFolder();
    const id = createOnnxEmbeddingProvider({ modelPath: copy }).id;
    expect(id.replace(/^onnx:[^@]+/, '')).toBe(provider().id.replace(/^onnx:[^@]+/, ''));
    writeFileSync(
      join(copy, 'config.json'),
      JSON.stringify({ model_type: 'bert', max_position_embeddings: 64 }),
    );
    expect(createOnnxEmbeddingProvider({ modelPath: copy }).id).not.toBe(id);
    expect(provider({ batchSize: 1 }).id).toBe(provider().id);
    expect(provider().id).toMatch(/^onnx:model-1@[0-9a-f]{16}#mean,unit,2000$/);
  });
});

describe('createOnnxEmbeddingProvider in hybrid search', () => {
  interface Tool {
    name: string;
    description: string;
  }
  const tools: Tool[] = [
    { name: 'files_read', description: 'read a file from the disk' },
    { name: 'weather_now', description: 'the forecast for today' },
    { name: 'music_play', description: 'play a song' },
  ];

  it('ranks a tool first by a word the lexical ranker does not find', async () => {
    const lexical = createSearchIndex<Tool, 'name' | 'description'>({
      fields: { name: { weight: 3 }, description: {} },
      id: (tool) => tool.name,
      text: (tool, field) => tool[field],
    });
    lexical.add(tools);
    expect(lexical.search('umbrella')).toEqual([]);
    const warnings: HybridWarning[] = [];
    const search = createHybridSearch<Tool>({
      documents: tools,
      id: (tool) => tool.name,
      embeddingText: (tool) => `${tool.name} ${tool.description}`,
      lexical,
      provider: provider(),
      onWarning: (warning) => warnings.push(warning),
    });
    const result = await search.search('umbrella');
    expect(result.mode).toBe('hybrid');
    expect(result.hits[0]?.id).toBe('weather_now');
    expect(warnings).toEqual([]);
  });
});

describe('EmbeddingProviderConfigSchema with { local: "onnx" }', () => {
  it('makes the same provider as createOnnxEmbeddingProvider', () => {
    const plain = EmbeddingProviderConfigSchema.parse({ local: 'onnx', modelPath: folder });
    expect(createEmbeddingProviderFromConfig(plain).id).toBe(provider().id);
    const tuned = EmbeddingProviderConfigSchema.parse({
      local: 'onnx',
      modelPath: folder,
      pooling: 'cls',
      normalize: false,
      maxChars: 300,
      batchSize: 4,
    });
    expect(createEmbeddingProviderFromConfig(tuned).id).toBe(
      provider({ pooling: 'cls', normalize: false, maxChars: 300 }).id,
    );
  });

  it.each([
    { local: 'onnx' },
    { local: 'onnx', modelPath: 'models/all-MiniLM-L6-v2' },
    { local: 'onnx', modelPath: '/models/m', pooling: 'max' },
    { local: 'onnx', modelPath: '/models/m', maxChars: 0 },
    { local: 'onnx', modelPath: '/models/m', batchSize: 0 },
    { local: 'onnx', modelPath: '/models/m', normalize: 'yes' },
    { local: 'onnx', modelPath: '/models/m', model: 'bge-small' },
  ])('refuses %j', (config) => {
    expect(EmbeddingProviderConfigSchema.safeParse(config).success).toBe(false);
  });

  it('says a relative modelPath must be absolute', () => {
    const result = EmbeddingProviderConfigSchema.safeParse({ local: 'onnx', modelPath: 'm' });
    expect(result.error?.issues[0]?.message).toBe('an absolute path to the model folder');
  });

  it('answers CONFIG_INVALID when the configured folder does not exist', () => {
    const config = EmbeddingProviderConfigSchema.parse({
      local: 'onnx',
      modelPath: join(root, 'absent'),
    });
    expect(() => createEmbeddingProviderFromConfig(config)).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID' }),
    );
  });
});

describe('createOnnxEmbeddingProvider failures', () => {
  it.each([
    { maxChars: 0 },
    { maxChars: 1.5 },
    { batchSize: 0 },
    { pooling: 'max' as 'mean' },
    { normalize: 'yes' as unknown as boolean },
    { modelPath: '' },
  ])('refuses %j', (options) => {
    expect(() => provider(options)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });

  it('answers CONFIG_INVALID when the folder is missing or is a file', () => {
    const absent = join(root, 'no-such-model');
    expect(() => createOnnxEmbeddingProvider({ modelPath: absent })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: `the ONNX model folder ${absent} does not exist or is not a folder`,
      }),
    );
    expect(() => createOnnxEmbeddingProvider({ modelPath: join(folder, 'config.json') })).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID' }),
    );
  });

  it.each(['onnx/model.onnx', 'tokenizer.json', 'tokenizer_config.json', 'config.json'])(
    'answers CONFIG_INVALID naming %s when it is missing',
    (file) => {
      const incomplete = modelFolder();
      unlinkSync(join(incomplete, file));
      expect(() => createOnnxEmbeddingProvider({ modelPath: incomplete })).toThrow(
        expect.objectContaining({
          code: 'CONFIG_INVALID',
          message: expect.stringContaining(`${incomplete} lacks ${file}`),
        }),
      );
    },
  );

  it.each([
    { file: 'tokenizer.json', text: '{"model": ', says: 'is not JSON' },
    { file: 'config.json', text: '[1, 2]', says: 'is not a JSON object' },
  ])('answers CONFIG_INVALID when $file $says', ({ file, text, says }) => {
    const broken = modelFolder();
    writeFileSync(join(broken, file), text);
    expect(() => createOnnxEmbeddingProvider({ modelPath: broken })).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: `${file} in the ONNX model folder ${broken} ${says}`,
      }),
    );
  });

  it('answers UNAVAILABLE, not retryable, when model.onnx is not a model', async () => {
    const broken = modelFolder();
    writeFileSync(join(broken, 'onnx', 'model.onnx'), 'not a protobuf at all');
    await expect(
      createOnnxEmbeddingProvider({ modelPath: broken }).embed(['x']),
    ).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      retryable: false,
      message: expect.stringContaining('is not an ONNX model the runtime can load'),
    });
  });

  it('answers UNAVAILABLE when tokenizer.json is not a tokenizer', async () => {
    const broken = modelFolder();
    writeFileSync(join(broken, 'tokenizer.json'), '{"version": "1.0"}');
    await expect(
      createOnnxEmbeddingProvider({ modelPath: broken }).embed(['x']),
    ).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringContaining(`tokenizer.json in ${broken} is not a tokenizer`),
    });
  });

  it.each([
    { graph: 'rank2' as const, says: 'answered a tensor of shape [1, 3] where [1, 3, dimensions]' },
    { graph: 'logits' as const, says: 'answers [logits], without last_hidden_state' },
    {
      graph: 'image-input' as const,
      says: 'takes inputs [input_ids, attention_mask, token_type_ids, pixel_values]',
    },
  ])('answers UNAVAILABLE when the model is $graph', async ({ graph, says }) => {
    const wrong = createOnnxEmbeddingProvider({ modelPath: modelFolder(graph) });
    await expect(wrong.embed(['rain'])).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringContaining(says),
    });
  });

  it('answers UNAVAILABLE, not retryable, naming the packages to install when they are missing', async () => {
    const missing = createOnnxEmbeddingProviderOn({ modelPath: folder }, () =>
      importOnnxPackages(async (name) => {
        throw new Error(`Cannot find package '${name}'`);
      }),
    );
    await expect(missing.embed(['rain'])).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      retryable: false,
      message: expect.stringContaining(
        'needs the npm packages onnxruntime-node, @huggingface/tokenizers: install them beside @x/core',
      ),
    });
  });

  it('answers CANCELLED before loading when the signal has aborted', async () => {
    await expect(provider().embed(['rain'], AbortSignal.abort())).rejects.toMatchObject({
      code: 'CANCELLED',
    });
  });

  it('answers CANCELLED between batches once the signal aborts', async () => {
    const controller = new AbortController();
    const aborting = createOnnxEmbeddingProviderOn(
      { modelPath: folder, batchSize: 1 },
      async (): Promise<OnnxPackages> => {
        const packages = await importOnnxPackages();
        return {
          ...packages,
          createSession: async (modelFile) => {
            const session = await packages.createSession(modelFile);
            return {
              inputNames: session.inputNames,
              outputNames: session.outputNames,
              run: (feeds) => {
                controller.abort();
                return session.run(feeds);
              },
            };
          },
        };
      },
    );
    await expect(aborting.embed(['rain', 'song'], controller.signal)).rejects.toMatchObject({
      code: 'CANCELLED',
    });
  });
});
