/**
 * The index of one session's shared artifacts: which handles it holds, in
 * least-recently-used order, where each one's content is, and which were
 * evicted lately. Pure functions over the JSON value kept in the session store.
 *
 * @module
 */

import type { JsonValue } from '@x/core/sessions';
import { REMEMBERED_EVICTIONS } from '../artifact.js';
import type { ArtifactLimits } from '../artifact-record.js';

/** One artifact of the index. */
export interface ArtifactIndexEntry {
  /** The handle. */
  readonly handle: string;
  /** The media type. */
  readonly mediaType: string;
  /** The UTF-8 size of the content before any cut. */
  readonly bytes: number;
  /** The UTF-8 size of the stored content, which counts against `maxBytes`. */
  readonly size: number;
  /** True when the content was cut to the per-artifact cap. */
  readonly truncated: boolean;
  /** True when the content is a file of the artifact directory, false when it is in the session store. */
  readonly file: boolean;
  /** When the content was last written (ms since the epoch), to refresh it before it expires. */
  readonly writtenAt: number;
}

/** One session's index: entries from least to most recently used, and the latest evictions. */
export interface ArtifactIndex {
  /** The artifacts, least recently used first. */
  readonly entries: readonly ArtifactIndexEntry[];
  /** Handles evicted lately, oldest first (at most `REMEMBERED_EVICTIONS`). */
  readonly evicted: readonly string[];
}

const EMPTY: ArtifactIndex = { entries: [], evicted: [] };

function isEntry(value: unknown): value is ArtifactIndexEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.handle === 'string' &&
    typeof entry.mediaType === 'string' &&
    typeof entry.bytes === 'number' &&
    typeof entry.size === 'number' &&
    typeof entry.truncated === 'boolean' &&
    typeof entry.file === 'boolean' &&
    typeof entry.writtenAt === 'number'
  );
}

/** Reads an index from the session store; anything that is not one reads as empty. */
export function parseArtifactIndex(value: JsonValue | undefined): ArtifactIndex {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return EMPTY;
  const { entries, evicted } = value as { entries?: unknown; evicted?: unknown };
  return {
    entries: Array.isArray(entries) ? entries.filter(isEntry) : [],
    evicted: Array.isArray(evicted)
      ? evicted.filter((handle): handle is string => typeof handle === 'string')
      : [],
  };
}

/** The JSON form of an index, as the session store keeps it. */
export function indexJson(index: ArtifactIndex): JsonValue {
  return {
    entries: index.entries.map((entry) => ({ ...entry })),
    evicted: [...index.evicted],
  };
}

/**
 * Adds (or refreshes) an entry as the most recently used, then evicts the
 * least recently used others until the index is within `limits` in count and
 * bytes. The new entry itself is never evicted (its size is at most
 * `maxBytes`). Returns the new index and the evicted entries.
 */
export function addToArtifactIndex(
  index: ArtifactIndex,
  entry: ArtifactIndexEntry,
  limits: ArtifactLimits,
): { index: ArtifactIndex; evicted: ArtifactIndexEntry[] } {
  const kept = index.entries.filter((other) => other.handle !== entry.handle);
  let count = kept.length + 1;
  let bytes = kept.reduce((sum, other) => sum + other.size, entry.size);
  const evicted: ArtifactIndexEntry[] = [];
  while (kept.length > 0 && (count > limits.maxArtifacts || bytes > limits.maxBytes)) {
    const oldest = kept.shift() as ArtifactIndexEntry;
    evicted.push(oldest);
    count -= 1;
    bytes -= oldest.size;
  }
  const evictedHandles = new Set(evicted.map((other) => other.handle));
  const remembered = [
    ...index.evicted.filter((handle) => handle !== entry.handle && !evictedHandles.has(handle)),
    ...evictedHandles,
  ].slice(-REMEMBERED_EVICTIONS);
  return { index: { entries: [...kept, entry], evicted: remembered }, evicted };
}

/**
 * Makes `handle` the most recently used entry, replacing it with `update(entry)`
 * (e.g. a new `writtenAt`); the index is unchanged when the handle is absent.
 */
export function touchArtifactIndex(
  index: ArtifactIndex,
  handle: string,
  update: (entry: ArtifactIndexEntry) => ArtifactIndexEntry = (entry) => entry,
): ArtifactIndex {
  const entry = index.entries.find((other) => other.handle === handle);
  if (entry === undefined) return index;
  return {
    entries: [...index.entries.filter((other) => other.handle !== handle), update(entry)],
    evicted: index.evicted,
  };
}

/** Drops `handle` from the index (its content was lost, e.g. expired). */
export function removeFromArtifactIndex(index: ArtifactIndex, handle: string): ArtifactIndex {
  return {
    entries: index.entries.filter((other) => other.handle !== handle),
    evicted: index.evicted,
  };
}
