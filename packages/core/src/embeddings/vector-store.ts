/**
 * Vectors that outlive the process: keyed by the model's id and the text's content hash, kept in
 * a cache folder or in a shared session store (Redis), so a restart or a second instance with
 * the same catalog embeds nothing again.
 *
 * @module
 */

import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import envPaths from 'env-paths';
import { CoreError } from '../errors.js';
import type { SessionStore } from '../sessions/session-store.js';

/** Vectors by key (see {@link vectorKey}), persistent. */
export interface VectorStore {
  /** The vectors of `keys`, in order; `undefined` for a key not held. */
  getMany(keys: readonly string[]): Promise<(Float32Array | undefined)[]>;
  /** Stores vectors; a store that fails to write rejects with a `CoreError`. */
  setMany(entries: readonly (readonly [string, Float32Array])[]): Promise<void>;
}

/**
 * The key of a text's vector under a model: the SHA-256 of the model's id and the text (so a
 * changed tool, or another model, is a miss), base64url.
 */
export function vectorKey(providerId: string, text: string): string {
  return createHash('sha256')
    .update(`${providerId.length}:${providerId}\n`)
    .update(text)
    .digest('base64url');
}

/**
 * The default vector cache folder: `vectors` in the user's cache directory for `x-mcp`, by the
 * platform's convention (`$XDG_CACHE_HOME/x-mcp/vectors` or `~/.cache/x-mcp/vectors` on Linux,
 * `~/Library/Caches/x-mcp/vectors` on macOS, `%LOCALAPPDATA%\x-mcp\Cache\vectors` on Windows;
 * the `env-paths` package decides).
 */
export function defaultVectorCacheDirectory(): string {
  return join(envPaths('x-mcp', { suffix: '' }).cache, 'vectors');
}

/** The file of a folder store: one JSON line per vector, appended. */
const VECTOR_FILE = 'vectors.jsonl';

/**
 * A {@link VectorStore} in a folder: one file of JSON lines (`{"k": key, "v": base64 float32}`),
 * read once and appended to, so two instances on one machine share it. A line that does not
 * parse (a torn write) is skipped; the last line of a key wins. The folder is made when the
 * first vector is written.
 */
export function createFolderVectorStore(directory: string): VectorStore {
  const file = join(directory, VECTOR_FILE);
  let held: Promise<Map<string, Float32Array>> | undefined;
  const load = (): Promise<Map<string, Float32Array>> => {
    held ??= readFile(file, 'utf8').then(parseLines, (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return new Map<string, Float32Array>();
      throw storeError(`cannot read the vector cache ${VECTOR_FILE}: ${error.message}`, error);
    });
    return held;
  };
  return {
    async getMany(keys) {
      const vectors = await load();
      return keys.map((key) => vectors.get(key));
    },
    async setMany(entries) {
      if (entries.length === 0) return;
      const vectors = await load();
      const lines = entries.map(([key, vector]) => {
        vectors.set(key, vector);
        const bytes = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
        return `${JSON.stringify({ k: key, v: bytes.toString('base64') })}\n`;
      });
      try {
        await mkdir(directory, { recursive: true });
        await appendFile(file, lines.join(''));
      } catch (error) {
        throw storeError(
          `cannot write the vector cache ${VECTOR_FILE}: ${(error as Error).message}`,
          error,
        );
      }
    },
  };
}

/** The key prefix of vectors in a session store. */
const SESSION_PREFIX = 'vectors:';

/** How many reads or writes a session store is sent at once. */
const SESSION_CHUNK = 256;

/**
 * A {@link VectorStore} in a `SessionStore` (Redis when configured, so every instance shares
 * it), one entry `vectors:<key>` per vector as base64 float32, without expiry unless `ttlMs`.
 */
export function createSessionVectorStore(
  store: SessionStore,
  options: { readonly ttlMs?: number } = {},
): VectorStore {
  return {
    async getMany(keys) {
      const found: (Float32Array | undefined)[] = [];
      for (let start = 0; start < keys.length; start += SESSION_CHUNK) {
        const values = await Promise.all(
          keys.slice(start, start + SESSION_CHUNK).map((key) => store.get(SESSION_PREFIX + key)),
        );
        for (const value of values)
          found.push(typeof value === 'string' ? decode(value) : undefined);
      }
      return found;
    },
    async setMany(entries) {
      for (let start = 0; start < entries.length; start += SESSION_CHUNK) {
        await Promise.all(
          entries
            .slice(start, start + SESSION_CHUNK)
            .map(([key, vector]) =>
              store.set(
                SESSION_PREFIX + key,
                encode(vector),
                options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs },
              ),
            ),
        );
      }
    },
  };
}

function parseLines(text: string): Map<string, Float32Array> {
  const vectors = new Map<string, Float32Array>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof entry !== 'object' || entry === null) continue;
    const { k, v } = entry as { k?: unknown; v?: unknown };
    if (typeof k !== 'string' || typeof v !== 'string') continue;
    const vector = decode(v);
    if (vector !== undefined) vectors.set(k, vector);
  }
  return vectors;
}

function encode(vector: Float32Array): string {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64');
}

/** A base64 float32 vector; `undefined` when it is not one (empty, ragged or not finite). */
function decode(text: string): Float32Array | undefined {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.byteLength === 0 || bytes.byteLength % 4 !== 0) return undefined;
  const vector = new Float32Array(bytes.byteLength / 4);
  new Uint8Array(vector.buffer).set(bytes);
  return vector.every(Number.isFinite) ? vector : undefined;
}

function storeError(message: string, cause: unknown): CoreError {
  return new CoreError({ code: 'UNAVAILABLE', message, cause });
}
