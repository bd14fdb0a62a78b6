/**
 * What every artifact store shares: the stored form of an artifact, the
 * limits of one session's artifacts, and the error at those limits.
 *
 * @module
 */

import { GatewayError } from '../errors.js';
import type { Artifact, ArtifactInput, ArtifactJson } from './artifact.js';

/**
 * An artifact as a store keeps it: the (possibly cut) text and what the
 * envelope reports about the original.
 */
export interface ArtifactRecord {
  /** The handle. */
  readonly handle: string;
  /** The media type. */
  readonly mediaType: string;
  /** The content as stored. */
  readonly text: string;
  /** The UTF-8 size of the content before any cut. */
  readonly bytes: number;
  /** True when the content was cut to the per-artifact cap. */
  readonly truncated: boolean;
}

/** The bounds of one session's artifacts, defaults filled in and checked. */
export interface ArtifactLimits {
  /** The most artifacts kept. */
  readonly maxArtifacts: number;
  /** The most content bytes kept over all artifacts. */
  readonly maxBytes: number;
  /** The most bytes of one artifact (at most `maxBytes`). */
  readonly maxArtifactBytes: number;
}

/** The default most artifacts per caller scope. */
export const DEFAULT_MAX_ARTIFACTS = 64;
/** The default most content bytes per caller scope (32 MiB). */
export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/** The default most bytes of one artifact (8 MiB). */
export const DEFAULT_MAX_ARTIFACT_BYTES = 8 * 1024 * 1024;

/**
 * Checks that a limit is a positive integer.
 *
 * @throws GatewayError `ARGS_INVALID` naming the field otherwise.
 */
export function checkLimit(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new GatewayError({
      code: 'ARGS_INVALID',
      message: `${name} must be a positive integer`,
      data: { field: name },
    });
  }
  return value;
}

/**
 * Fills in and checks the limits of one session's artifacts.
 *
 * @throws GatewayError `ARGS_INVALID` for a limit that is not a positive integer.
 */
export function resolveArtifactLimits(options: Partial<ArtifactLimits>): ArtifactLimits {
  const maxBytes = checkLimit('maxBytes', options.maxBytes ?? DEFAULT_MAX_BYTES);
  return {
    maxArtifacts: checkLimit('maxArtifacts', options.maxArtifacts ?? DEFAULT_MAX_ARTIFACTS),
    maxBytes,
    maxArtifactBytes: Math.min(
      maxBytes,
      checkLimit('maxArtifactBytes', options.maxArtifactBytes ?? DEFAULT_MAX_ARTIFACT_BYTES),
    ),
  };
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

/** The record of some content under `handle`, cut to `maxArtifactBytes`. */
export function recordOf(
  input: ArtifactInput,
  handle: string,
  maxArtifactBytes: number,
): ArtifactRecord {
  const bytes = Buffer.byteLength(input.text, 'utf8');
  const text = bytes > maxArtifactBytes ? cutToBytes(input.text, maxArtifactBytes) : input.text;
  return {
    handle,
    mediaType: input.mediaType,
    text,
    bytes,
    truncated: text.length !== input.text.length,
  };
}

/** The UTF-8 size of a record's stored text (at least 1, so empty artifacts still count). */
export function storedBytesOf(record: ArtifactRecord): number {
  return Math.max(1, Buffer.byteLength(record.text, 'utf8'));
}

/** The artifact of a record; its lines and parsed JSON are computed once, on first use. */
export function artifactOf(record: ArtifactRecord): Artifact {
  let lines: string[] | undefined;
  let json: ArtifactJson | undefined;
  const { text, mediaType } = record;
  return {
    handle: record.handle,
    mediaType,
    text,
    bytes: record.bytes,
    truncated: record.truncated,
    lines() {
      lines ??= text.split(/\r\n|\n|\r/);
      return lines;
    },
    json() {
      if (json === undefined) {
        json = { ok: false };
        if (mediaType === 'application/json') {
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

/** A byte count as people read it: `256 MiB`, `64 KiB`, else `N bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** The error for a handle the process-wide budget evicted (another session may have used it up). */
export function budgetEvictedError(handle: string, budget: { maxBytes: number }): GatewayError {
  return new GatewayError({
    code: 'VIEW_FAILED',
    message: `${handle} was evicted: this process keeps at most ${formatBytes(budget.maxBytes)} of artifacts over all callers, and a caller at that bound gives up its own least recently used; run the tool again`,
    data: { reason: 'evicted', handle, max_total_bytes: budget.maxBytes },
  });
}

/**
 * The error for a handle the store evicted to stay within its limits: it
 * names the limits, so the caller knows to run the tool again.
 */
export function evictedError(handle: string, limits: ArtifactLimits): GatewayError {
  return new GatewayError({
    code: 'VIEW_FAILED',
    message: `${handle} was evicted: a session keeps at most ${limits.maxArtifacts} artifacts and ${formatBytes(limits.maxBytes)}, the least recently used go first; run the tool again`,
    data: {
      reason: 'evicted',
      handle,
      max_artifacts: limits.maxArtifacts,
      max_bytes: limits.maxBytes,
    },
  });
}
