/**
 * Artifacts: results the context firewall kept out of the model's context,
 * in a bounded per-session store.
 *
 * @module
 */

import { LRUCache } from 'lru-cache';
import { sha256Hex } from './digest.js';
import { GatewayError } from './errors.js';

/**
 * What an artifact handle looks like: `art_` and 16 hex characters of the
 * SHA-256 of the media type and content, so the same result always gets the
 * same handle.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export const ARTIFACT_HANDLE_PATTERN = /^art_[0-9a-f]{16}$/;

/**
 * A stored artifact.
 *
 * @see gateway-surface §4.2
 */
export interface Artifact {
  /** The handle `tool_view` takes. */
  readonly handle: string;
  /** `application/json`, `text/plain`, or a binary block's own type (then `text` is base64). */
  readonly mediaType: string;
  /** The content as stored (cut to the store's per-artifact cap when `truncated`). */
  readonly text: string;
  /** The UTF-8 size of the content before any cut. */
  readonly bytes: number;
  /** True when the content was cut to the per-artifact cap. */
  readonly truncated: boolean;
  /** The content's lines, split on first use (`\r\n`, `\n` or `\r`). */
  lines(): readonly string[];
  /** The content parsed as JSON on first use, when the media type is JSON and it parses. */
  json(): ArtifactJson;
}

/**
 * An artifact's content parsed as JSON, or why not.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export type ArtifactJson =
  | {
      /** The content is JSON. */
      ok: true;
      /** The parsed value. */
      value: unknown;
    }
  | {
      /** The content is not JSON (another media type, or malformed or cut). */
      ok: false;
    };

/**
 * What {@link ArtifactStore.put} takes.
 *
 * @see gateway-surface §4.2
 */
export interface ArtifactInput {
  /** The content: text, or base64 for a binary block. */
  text: string;
  /** Its media type. */
  mediaType: string;
}

/**
 * Where one session's artifacts live. Asynchronous so that a shared backend
 * (a directory, object storage) can implement it later.
 *
 * @see gateway-surface §4.2
 */
export interface ArtifactStore {
  /** Stores content (or touches it when already stored) and returns the artifact. */
  put(input: ArtifactInput): Promise<Artifact>;
  /** The artifact of a handle, which becomes the most recently used; `undefined` when unknown or evicted. */
  get(handle: string): Promise<Artifact | undefined>;
  /** Forgets every artifact. */
  clear(): Promise<void>;
}

/**
 * What {@link createMemoryArtifactStore} takes.
 *
 * @see gateway-surface §4.2
 */
export interface MemoryArtifactStoreOptions {
  /** The most artifacts kept; the least recently used goes first. Default 64. */
  maxArtifacts?: number;
  /** The most content bytes kept over all artifacts. Default 32 MiB. */
  maxBytes?: number;
  /** The most bytes of one artifact; longer content is cut. Default 8 MiB (at most `maxBytes`). */
  maxArtifactBytes?: number;
}

function checkLimit(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new GatewayError({
      code: 'ARGS_INVALID',
      message: `${name} must be a positive integer`,
      data: { field: name },
    });
  }
  return value;
}

/** The longest prefix of `text` whose UTF-8 form fits `maxBytes`, never splitting a character. */
function cutToBytes(text: string, maxBytes: number): string {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= maxBytes) return text;
  let end = maxBytes;
  // Step back over continuation bytes (10xxxxxx) so no character is split.
  while (end > 0 && ((buffer[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return buffer.subarray(0, end).toString('utf8');
}

/**
 * The handle of some content: `art_` and 16 hex characters of its SHA-256.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export function artifactHandle(input: ArtifactInput): string {
  return `art_${sha256Hex(`${input.mediaType}\n${input.text}`).slice(0, 16)}`;
}

function createArtifact(input: ArtifactInput, handle: string, maxArtifactBytes: number): Artifact {
  const bytes = Buffer.byteLength(input.text, 'utf8');
  const text = bytes > maxArtifactBytes ? cutToBytes(input.text, maxArtifactBytes) : input.text;
  let lines: string[] | undefined;
  let json: ArtifactJson | undefined;
  return {
    handle,
    mediaType: input.mediaType,
    text,
    bytes,
    truncated: text.length !== input.text.length,
    lines() {
      lines ??= text.split(/\r\n|\n|\r/);
      return lines;
    },
    json() {
      if (json === undefined) {
        json = { ok: false };
        if (input.mediaType === 'application/json') {
          try {
            json = { ok: true, value: JSON.parse(text) };
          } catch {
            // A cut or malformed JSON text stays viewable as lines.
          }
        }
      }
      return json;
    },
  };
}

/**
 * Creates the default store: in memory, LRU over both the count of artifacts
 * and their total bytes (`lru-cache`). One store belongs to one session (the
 * gateway server makes one per session), so a handle from another session is
 * unknown here. Parsed JSON and split lines are cached on the artifact and
 * are not counted in the byte bound. Throws {@link GatewayError}
 * `ARGS_INVALID` for a limit that is not a positive integer.
 *
 * @see gateway-surface §4.2
 */
export function createMemoryArtifactStore(options: MemoryArtifactStoreOptions = {}): ArtifactStore {
  const maxBytes = checkLimit('maxBytes', options.maxBytes ?? 32 * 1024 * 1024);
  const maxArtifactBytes = Math.min(
    maxBytes,
    checkLimit('maxArtifactBytes', options.maxArtifactBytes ?? 8 * 1024 * 1024),
  );
  const cache = new LRUCache<string, Artifact>({
    max: checkLimit('maxArtifacts', options.maxArtifacts ?? 64),
    maxSize: maxBytes,
    sizeCalculation: (artifact) => Math.max(1, Buffer.byteLength(artifact.text, 'utf8')),
  });
  return {
    async put(input) {
      const handle = artifactHandle(input);
      const existing = cache.get(handle);
      if (existing !== undefined) return existing;
      const artifact = createArtifact(input, handle, maxArtifactBytes);
      cache.set(handle, artifact);
      return artifact;
    },
    async get(handle) {
      if (typeof handle !== 'string' || !ARTIFACT_HANDLE_PATTERN.test(handle)) return undefined;
      return cache.get(handle);
    },
    async clear() {
      cache.clear();
    },
  };
}
