import { CoreError } from '../errors.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { modelName, type OnnxModelFolder, readOnnxModelFolder } from './onnx-model-folder.js';
import {
  type HuggingFaceTokenizer,
  importOnnxPackages,
  type ONNX_EMBEDDING_PACKAGES,
  type OnnxPackages,
  type OnnxSession,
} from './onnx-packages.js';
import { type OnnxPooling, poolTokenVectors } from './onnx-pooling.js';
import { normalize } from './vectors.js';
import { wholeNumberOption } from './whole-number-option.js';

/** Characters of one text that are embedded, by default: the rest is cut off. */
export const DEFAULT_ONNX_MAX_CHARS = 2_000;

/** What {@link createOnnxEmbeddingProvider} takes. */
export interface OnnxEmbeddingOptions {
  /**
   * The model folder, in the Hugging Face layout (`config.json`, `tokenizer.json`,
   * `tokenizer_config.json`, `onnx/model.onnx`); a relative path resolves against the working
   * directory.
   */
  readonly modelPath: string;
  /** How token vectors become a text's vector; default `mean` (`cls` for models such as bge). */
  readonly pooling?: OnnxPooling;
  /** Whether each vector is scaled to length 1; default `true`. */
  readonly normalize?: boolean;
  /** The most characters of a text that are embedded: a whole number `>= 1`; default 2,000. */
  readonly maxChars?: number;
  /** The most texts per run of the model: a whole number `>= 1`; default 16. */
  readonly batchSize?: number;
}

/**
 * Creates an {@link EmbeddingProvider} that runs a sentence-embedding model from a folder on
 * disk inside this process: the ONNX Runtime on the CPU, the tokenizer of `tokenizer.json` in
 * pure JavaScript, both from the optional peer packages of {@link ONNX_EMBEDDING_PACKAGES}.
 * Nothing is downloaded, ever: the folder is all it reads. Any encoder exported
 * in the Hugging Face layout fits (all-MiniLM-L6-v2 with `mean` pooling, bge-small-en-v1.5 with
 * `cls`), as long as it takes `input_ids` (and optionally `attention_mask`, `token_type_ids`)
 * and answers `last_hidden_state`.
 *
 * The folder is checked and its files hashed here, once; the `id` holds the folder's name, the
 * hash and the options that change vectors, so cached vectors follow the model. The model loads
 * on the first `embed`. Each text is cut to `maxChars` characters, then to the model's token
 * bound; texts run in batches of at most `batchSize` texts of one token count, so nothing is
 * padded: the model sees the same tokens for a text alone or beside others.
 *
 * Failures reject with a `CoreError`: `UNAVAILABLE` when the packages are missing, the model or
 * tokenizer does not load, or the model answers an unexpected output; `CANCELLED` when the
 * caller's signal aborts (checked between batches).
 *
 * @throws `CoreError` `INVALID_ARGUMENT` when an option is out of range; `CONFIG_INVALID` when
 * the folder or one of its files is missing.
 */
export function createOnnxEmbeddingProvider(options: OnnxEmbeddingOptions): EmbeddingProvider {
  return createOnnxEmbeddingProviderOn(options, importOnnxPackages);
}

/**
 * {@link createOnnxEmbeddingProvider} on the packages that `importPackages` gives, so a test can
 * take them away or wrap the runtime; not part of the public API.
 */
export function createOnnxEmbeddingProviderOn(
  options: OnnxEmbeddingOptions,
  importPackages: () => Promise<OnnxPackages>,
): EmbeddingProvider {
  const pooling = options.pooling ?? 'mean';
  if (pooling !== 'mean' && pooling !== 'cls') {
    invalid(`pooling must be "mean" or "cls", got ${String(pooling)}`);
  }
  const normalized = options.normalize ?? true;
  if (typeof normalized !== 'boolean') invalid('normalize must be true or false');
  const maxChars = wholeNumberOption('maxChars', options.maxChars, DEFAULT_ONNX_MAX_CHARS);
  const batchSize = wholeNumberOption('batchSize', options.batchSize, 16);
  if (typeof options.modelPath !== 'string' || options.modelPath === '') {
    invalid('modelPath must be a non-empty path');
  }
  const model = readOnnxModelFolder(options.modelPath);
  const loader = createModelLoader(model, importPackages);
  return {
    id: `onnx:${modelName(model)}@${model.contentHash.slice(0, 16)}#${pooling},${normalized ? 'unit' : 'raw'},${maxChars}`,
    async embed(texts, signal) {
      cancelIfAborted(signal);
      const loaded = await loader();
      const encoded = texts.map((text) => encode(loaded.tokenizer, text.slice(0, maxChars), model));
      const vectors: Float32Array[] = new Array(texts.length);
      for (const batch of batchesOfOneLength(encoded, batchSize)) {
        cancelIfAborted(signal);
        const pooled = await run(loaded, batch, encoded, pooling);
        batch.forEach((index, at) => {
          const vector = pooled[at] as Float32Array;
          vectors[index] = normalized ? normalize(vector) : vector;
        });
      }
      if (vectors.some((vector) => vector.length !== vectors[0]?.length)) {
        throw unavailable('the ONNX model answered vectors of different lengths');
      }
      return vectors;
    },
  };
}

/** The model and tokenizer once loaded, and which of the known inputs the model takes. */
interface LoadedModel {
  readonly session: OnnxSession;
  readonly tokenizer: HuggingFaceTokenizer;
  readonly packages: OnnxPackages;
  readonly output: string;
}

/** The inputs of a BERT-style export that the provider knows how to fill. */
const KNOWN_INPUTS = new Set(['input_ids', 'attention_mask', 'token_type_ids']);

/** The output that holds one vector per token. */
const TOKEN_VECTORS_OUTPUT = 'last_hidden_state';

/** Loads once per provider; a failed load is tried again on the next call. */
function createModelLoader(
  model: OnnxModelFolder,
  packages: () => Promise<OnnxPackages>,
): () => Promise<LoadedModel> {
  let loading: Promise<LoadedModel> | undefined;
  return () => {
    loading ??= load(model, packages);
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
}

async function load(
  model: OnnxModelFolder,
  importPackages: () => Promise<OnnxPackages>,
): Promise<LoadedModel> {
  const packages = await importPackages();
  let tokenizer: HuggingFaceTokenizer;
  try {
    tokenizer = packages.createTokenizer(model.tokenizer, model.tokenizerConfig);
    tokenizer.encode('', { add_special_tokens: true, return_token_type_ids: true });
  } catch (error) {
    throw notAModel(`tokenizer.json in ${model.folder} is not a tokenizer`, error);
  }
  let session: OnnxSession;
  try {
    session = await packages.createSession(model.modelFile);
  } catch (error) {
    throw notAModel(`${model.modelFile} is not an ONNX model the runtime can load`, error);
  }
  const unknown = session.inputNames.filter((name) => !KNOWN_INPUTS.has(name));
  if (!session.inputNames.includes('input_ids') || unknown.length > 0) {
    throw notAModel(
      `${model.modelFile} takes inputs [${session.inputNames.join(', ')}], not a text encoder's (input_ids, and optionally attention_mask, token_type_ids)`,
    );
  }
  if (!session.outputNames.includes(TOKEN_VECTORS_OUTPUT)) {
    throw notAModel(
      `${model.modelFile} answers [${session.outputNames.join(', ')}], without ${TOKEN_VECTORS_OUTPUT}`,
    );
  }
  return { session, tokenizer, packages, output: TOKEN_VECTORS_OUTPUT };
}

/** One text's tokens. */
interface EncodedText {
  readonly ids: readonly number[];
  readonly typeIds: readonly number[];
}

/**
 * The tokens of `text`, special tokens included, cut to the model's bound: the first tokens and
 * the last one (the closing special token of BERT-style templates) are kept.
 */
function encode(
  tokenizer: HuggingFaceTokenizer,
  text: string,
  model: OnnxModelFolder,
): EncodedText {
  let encoding: { ids: number[]; token_type_ids?: number[] };
  try {
    encoding = tokenizer.encode(text, { add_special_tokens: true, return_token_type_ids: true });
  } catch (error) {
    throw unavailable(`the tokenizer of ${model.folder} failed: ${messageOf(error)}`, error);
  }
  const typeIds = encoding.token_type_ids ?? encoding.ids.map(() => 0);
  const { maxTokens } = model;
  if (encoding.ids.length <= maxTokens) return { ids: encoding.ids, typeIds };
  return {
    ids: [...encoding.ids.slice(0, maxTokens - 1), encoding.ids.at(-1) as number],
    typeIds: [...typeIds.slice(0, maxTokens - 1), typeIds.at(-1) as number],
  };
}

/**
 * The texts' indexes in batches of at most `batchSize`, each batch of one token count, ordered
 * by token count then index.
 */
function batchesOfOneLength(encoded: readonly EncodedText[], batchSize: number): number[][] {
  const order = encoded
    .map((_, index) => index)
    .sort((x, y) => lengthOf(encoded, x) - lengthOf(encoded, y) || x - y);
  const batches: number[][] = [];
  let current: number[] = [];
  for (const index of order) {
    const first = current[0];
    if (
      first !== undefined &&
      (current.length === batchSize || lengthOf(encoded, first) !== lengthOf(encoded, index))
    ) {
      batches.push(current);
      current = [];
    }
    current.push(index);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

function lengthOf(encoded: readonly EncodedText[], index: number): number {
  return (encoded[index] as EncodedText).ids.length;
}

/** Runs one batch of texts of one token count and pools each text's token vectors. */
async function run(
  loaded: LoadedModel,
  batch: readonly number[],
  encoded: readonly EncodedText[],
  pooling: OnnxPooling,
): Promise<Float32Array[]> {
  const tokens = lengthOf(encoded, batch[0] as number);
  const dims = [batch.length, tokens];
  const column = (pick: (text: EncodedText) => readonly number[]) =>
    loaded.packages.int64Tensor(
      BigInt64Array.from(
        batch.flatMap((index) => pick(encoded[index] as EncodedText)),
        (value) => BigInt(value),
      ),
      dims,
    );
  const columns = {
    input_ids: () => column((text) => text.ids),
    attention_mask: () => column((text) => text.ids.map(() => 1)),
    token_type_ids: () => column((text) => text.typeIds),
  };
  const feeds = Object.fromEntries(
    loaded.session.inputNames.map((name) => [name, columns[name as keyof typeof columns]()]),
  );
  let outputs: Awaited<ReturnType<OnnxSession['run']>>;
  try {
    outputs = await loaded.session.run(feeds);
  } catch (error) {
    throw unavailable(`the ONNX model failed: ${messageOf(error)}`, error);
  }
  const hidden = outputs[loaded.output];
  if (hidden === undefined) throw unavailable(`the ONNX model answered no ${loaded.output}`);
  return poolTokenVectors(hidden, batch.length, tokens, pooling);
}

function cancelIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) {
    throw new CoreError({ code: 'CANCELLED', message: 'the embedding run was cancelled' });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The folder holds files that are not a text encoder: trying again will not help. */
function notAModel(message: string, cause?: unknown): CoreError {
  return new CoreError({
    code: 'UNAVAILABLE',
    message: cause === undefined ? message : `${message}: ${messageOf(cause)}`,
    retryable: false,
    ...(cause === undefined ? {} : { cause }),
  });
}

function unavailable(message: string, cause?: unknown): CoreError {
  return new CoreError({ code: 'UNAVAILABLE', message, ...(cause === undefined ? {} : { cause }) });
}

function invalid(message: string): never {
  throw new CoreError({ code: 'INVALID_ARGUMENT', message });
}
