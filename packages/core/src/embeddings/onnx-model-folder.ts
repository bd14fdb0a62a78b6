import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { CoreError } from '../errors.js';

/**
 * The files of a sentence-embedding model in the Hugging Face layout that
 * {@link readOnnxModelFolder} reads, relative to the model folder (what `optimum-cli export onnx`
 * writes, and what the `Xenova/*` repositories hold).
 */
export const ONNX_MODEL_FILES = {
  model: 'onnx/model.onnx',
  tokenizer: 'tokenizer.json',
  tokenizerConfig: 'tokenizer_config.json',
  config: 'config.json',
} as const;

/** Tokens per text when neither `config.json` nor `tokenizer_config.json` gives a bound. */
const DEFAULT_MAX_TOKENS = 512;

/** A model folder that {@link readOnnxModelFolder} checked, its small files parsed. */
export interface OnnxModelFolder {
  /** The folder, as an absolute path. */
  readonly folder: string;
  /** The absolute path of `onnx/model.onnx`. */
  readonly modelFile: string;
  /** `tokenizer.json`, parsed. */
  readonly tokenizer: Record<string, unknown>;
  /** `tokenizer_config.json`, parsed. */
  readonly tokenizerConfig: Record<string, unknown>;
  /**
   * The most tokens the model takes per text, special tokens included: the smaller of
   * `config.json`'s `max_position_embeddings` and `tokenizer_config.json`'s `model_max_length`
   * (512 when neither is a whole number `>= 2`).
   */
  readonly maxTokens: number;
  /** The SHA-256 (hex) of the four files' names, sizes and bytes: another model, another hash. */
  readonly contentHash: string;
}

/**
 * Checks a model folder and reads its small files, hashing every file once (the model in chunks,
 * so a large one is never held in memory whole). Synchronous, so a configuration fails at start.
 *
 * @throws `CoreError` `CONFIG_INVALID` when the folder or one of {@link ONNX_MODEL_FILES} is
 * missing, or a JSON file does not parse to an object.
 */
export function readOnnxModelFolder(modelPath: string): OnnxModelFolder {
  const folder = resolve(modelPath);
  if (!isKind(folder, 'folder')) {
    throw configInvalid(`the ONNX model folder ${folder} does not exist or is not a folder`);
  }
  for (const file of Object.values(ONNX_MODEL_FILES)) {
    if (!isKind(join(folder, file), 'file')) {
      throw configInvalid(
        `the ONNX model folder ${folder} lacks ${file} (it needs ${Object.values(ONNX_MODEL_FILES).join(', ')}, the Hugging Face layout of an ONNX export)`,
      );
    }
  }
  const hash = createHash('sha256');
  const tokenizer = readJsonObject(folder, ONNX_MODEL_FILES.tokenizer, hash);
  const tokenizerConfig = readJsonObject(folder, ONNX_MODEL_FILES.tokenizerConfig, hash);
  const config = readJsonObject(folder, ONNX_MODEL_FILES.config, hash);
  const modelFile = join(folder, ONNX_MODEL_FILES.model);
  hashFile(modelFile, ONNX_MODEL_FILES.model, hash);
  const bounds = [config.max_position_embeddings, tokenizerConfig.model_max_length].filter(
    (bound): bound is number => Number.isSafeInteger(bound) && (bound as number) >= 2,
  );
  return {
    folder,
    modelFile,
    tokenizer,
    tokenizerConfig,
    maxTokens: bounds.length === 0 ? DEFAULT_MAX_TOKENS : Math.min(...bounds),
    contentHash: hash.digest('hex'),
  };
}

/** The folder's last segment, for a readable provider id. */
export function modelName(model: OnnxModelFolder): string {
  return basename(model.folder);
}

function isKind(path: string, kind: 'file' | 'folder'): boolean {
  try {
    const stats = statSync(path);
    return kind === 'file' ? stats.isFile() : stats.isDirectory();
  } catch {
    return false;
  }
}

type Hash = ReturnType<typeof createHash>;

function readJsonObject(folder: string, file: string, hash: Hash): Record<string, unknown> {
  const bytes = readFileSync(join(folder, file));
  hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw configInvalid(`${file} in the ONNX model folder ${folder} is not JSON`, error);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw configInvalid(`${file} in the ONNX model folder ${folder} is not a JSON object`);
  }
  return parsed as Record<string, unknown>;
}

/** Chunk size for hashing the model file. */
const HASH_CHUNK = 1 << 20;

function hashFile(path: string, file: string, hash: Hash): void {
  hash.update(`${file}\0${statSync(path).size}\0`);
  const descriptor = openSync(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(HASH_CHUNK);
    for (let read = readSync(descriptor, chunk); read > 0; read = readSync(descriptor, chunk)) {
      hash.update(chunk.subarray(0, read));
    }
  } finally {
    closeSync(descriptor);
  }
}

function configInvalid(message: string, cause?: unknown): CoreError {
  return new CoreError({
    code: 'CONFIG_INVALID',
    message,
    ...(cause === undefined ? {} : { cause }),
  });
}
