/**
 * Content hashing: document versions and the file names derived from them.
 *
 * @module
 */

import { createHash } from 'node:crypto';

/** The prefix of every version and cache version (`document_model.md §Versioning`). */
export const SHA256_PREFIX = 'sha256:';

/** A well-formed version: the prefix and 64 lowercase hex digits. */
export const VERSION_PATTERN = /^sha256:[0-9a-f]{64}$/;

/** How many hex digits of the version name a document file (`context_cache.md §Document Files`). */
export const FILE_STEM_LENGTH = 12;

/** `"sha256:" + hex(sha256(bytes))`. */
export function sha256Version(bytes: Uint8Array | string): string {
  return SHA256_PREFIX + createHash('sha256').update(bytes).digest('hex');
}

/**
 * The version of a document: the hash of its content exactly as ingested (UTF-8 bytes, no
 * newline normalization, no trimming, a byte-order mark kept).
 *
 * @see document_model.md §Versioning
 */
export function documentVersion(content: string): string {
  return sha256Version(content);
}

/** The file stem of a version: its first 12 hex digits after the prefix. */
export function fileStemOf(version: string): string {
  return version.slice(SHA256_PREFIX.length, SHA256_PREFIX.length + FILE_STEM_LENGTH);
}

/** The cache-relative file of a document: `documents/<12 hex>.json` (`context_cache.md §Document Files`). */
export function documentFileOf(version: string): string {
  return `documents/${fileStemOf(version)}.json`;
}
