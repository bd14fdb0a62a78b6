import { CoreError } from '../errors.js';

/**
 * The npm packages that {@link createOnnxEmbeddingProvider} runs on: the ONNX Runtime for Node
 * (its CPU build ships inside the package) and the pure-JavaScript tokenizers of transformers.js.
 * They are optional peer dependencies of `@x/core`: install them beside it to use the provider.
 */
export const ONNX_EMBEDDING_PACKAGES = ['onnxruntime-node', '@huggingface/tokenizers'] as const;

/** One tensor of the ONNX Runtime, as far as it is read. */
export interface OnnxTensor {
  readonly dims: readonly number[];
  readonly type: string;
  readonly data: unknown;
}

/** A loaded ONNX model, as far as it is used. */
export interface OnnxSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, OnnxTensor>): Promise<Record<string, OnnxTensor>>;
}

/** A tokenizer of `@huggingface/tokenizers`, as far as it is used. */
export interface HuggingFaceTokenizer {
  encode(
    text: string,
    options: { add_special_tokens: boolean; return_token_type_ids: boolean },
  ): { ids: number[]; token_type_ids?: number[] };
}

/** The surface of {@link ONNX_EMBEDDING_PACKAGES} that the provider uses. */
export interface OnnxPackages {
  /** Loads a model file on the CPU. */
  createSession(modelFile: string): Promise<OnnxSession>;
  /** An `int64` tensor of the given shape. */
  int64Tensor(values: BigInt64Array, dims: readonly number[]): OnnxTensor;
  /** A tokenizer from a parsed `tokenizer.json` and `tokenizer_config.json`. */
  createTokenizer(
    tokenizer: Record<string, unknown>,
    tokenizerConfig: Record<string, unknown>,
  ): HuggingFaceTokenizer;
}

/** Imports one module by name; the default is the platform's dynamic `import`. */
export type ModuleImporter = (name: string) => Promise<unknown>;

interface OrtModule {
  readonly InferenceSession: {
    create(path: string, options: Record<string, unknown>): Promise<OnnxSession>;
  };
  readonly Tensor: new (type: 'int64', data: BigInt64Array, dims: readonly number[]) => OnnxTensor;
}

interface TokenizersModule {
  readonly Tokenizer: new (
    tokenizer: Record<string, unknown>,
    config: Record<string, unknown>,
  ) => HuggingFaceTokenizer;
}

/**
 * Imports the packages of {@link ONNX_EMBEDDING_PACKAGES}; the ONNX Runtime runs on the CPU and
 * logs errors only.
 *
 * @throws `CoreError` `UNAVAILABLE`, not retryable (as a rejection), naming what to install
 * when a package is missing.
 */
export async function importOnnxPackages(
  importModule: ModuleImporter = (name) => import(name),
): Promise<OnnxPackages> {
  let ort: OrtModule;
  let tokenizers: TokenizersModule;
  try {
    ort = (await importModule('onnxruntime-node')) as OrtModule;
    tokenizers = (await importModule('@huggingface/tokenizers')) as TokenizersModule;
  } catch (error) {
    throw new CoreError({
      code: 'UNAVAILABLE',
      message: `the ONNX embedding provider needs the npm packages ${ONNX_EMBEDDING_PACKAGES.join(', ')}: install them beside @x/core (${error instanceof Error ? error.message : String(error)})`,
      retryable: false,
      cause: error,
    });
  }
  return {
    createSession: (modelFile) =>
      ort.InferenceSession.create(modelFile, {
        executionProviders: ['cpu'],
        graphOptimizationLevel: 'all',
        logSeverityLevel: 3,
      }),
    int64Tensor: (values, dims) => new ort.Tensor('int64', values, dims),
    createTokenizer: (tokenizer, tokenizerConfig) =>
      new tokenizers.Tokenizer(tokenizer, tokenizerConfig),
  };
}
