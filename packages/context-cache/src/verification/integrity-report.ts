/**
 * The verification report: the five integrity checks of the spec, the build configuration the
 * spec states elsewhere, and the advisory index check, each reported on its own.
 *
 * @module
 */

import type { CacheDocument } from '../document.js';
import { ContextCacheError } from '../errors.js';
import type { CacheManifest } from '../manifest.js';

/**
 * The checks, in the order they run.
 *
 * - `manifest`: `manifest.json` exists, is a regular file within the size bound, is UTF-8 JSON with every required field, its `document_count` equals its entries, ids and files are unique, each file is `documents/<12 hex>.json` (§Verification 1).
 * - `cache_version`: the cache version equals the hash recomputed from the build configuration and the entries (§Verification 2).
 * - `document_files`: `documents/` is a folder (or absent, which only an empty cache survives) and every entry's file exists as a regular file within the size bound (§Verification 3; §Invalidation 2, "Document removed").
 * - `document_hashes`: every file's content hashes to the entry's version, whose first 12 hex digits name the file, and holds the entry's id (§Verification 4; §Invalidation 3, "Document changed").
 * - `orphan_files`: `documents/` holds nothing the manifest does not list (§Verification 5; §Invalidation 1, "Document added").
 * - `index`: advisory. `index.json` maps exactly the manifest's ids to the same files (§Index, §Invariants 7); a divergence is a `warn`, never an invalid cache, and `context.resolve` does not read the file at all (`skipped`).
 * - `build_config`: the build configuration is v0's (§Invalidation 4, "Config changed").
 */
export type IntegrityCheckName =
  | 'manifest'
  | 'cache_version'
  | 'document_files'
  | 'document_hashes'
  | 'orphan_files'
  | 'index'
  | 'build_config';

/** The order checks run and are reported in. */
export const INTEGRITY_CHECK_NAMES: readonly IntegrityCheckName[] = [
  'manifest',
  'cache_version',
  'document_files',
  'document_hashes',
  'orphan_files',
  'index',
  'build_config',
];

/**
 * Checks whose problems are warnings: the cache stays valid. `index.json` is one: the spec
 * calls the manifest "the authoritative list of documents", lists the conditions that
 * invalidate a cache "if and only if" (`context_cache.md §Invalidation`: a document added,
 * removed or changed, the configuration changed) and the five verification checks
 * (`§Verification`), and names `index.json` in none of them; the original resolves from the
 * manifest without reading it, and its own fixtures hold `{"entries": {...}}` there.
 */
const ADVISORY_CHECKS: ReadonlySet<IntegrityCheckName> = new Set(['index']);

/**
 * The outcome of one check: `pass`; `fail` (the cache is invalid); `warn` (an advisory check
 * found problems, the cache stays valid); `skipped` when there was nothing to compare (the
 * manifest could not be read) or the operation does not read the file (`index` in
 * `context.resolve`).
 */
export interface IntegrityCheck {
  /** Which check. */
  readonly name: IntegrityCheckName;
  /** `pass`, `fail`, `warn` or `skipped`. */
  readonly status: 'pass' | 'fail' | 'warn' | 'skipped';
  /** What is wrong, one line each, sorted; may name ids and files (local diagnostics, never sent on the wire). */
  readonly problems: readonly string[];
}

/** Every check of one cache. */
export interface VerificationReport {
  /** True when every check but the advisory `index` passed. */
  readonly valid: boolean;
  /** One entry per check, in {@link INTEGRITY_CHECK_NAMES} order. */
  readonly checks: readonly IntegrityCheck[];
}

/** A verified cache: the report, and what passed. */
export interface VerifiedCache {
  /** The report. */
  readonly report: VerificationReport;
  /** The manifest, when it could be read. */
  readonly manifest: CacheManifest | undefined;
  /** The documents that passed `document_hashes`, in manifest order. */
  readonly documents: readonly CacheDocument[];
  /** The UTF-16 length of their contents: what a store bounds memory by. */
  readonly characters: number;
}

/** One check from its problems: `pass` without any, else `fail` (`warn` for an advisory check). */
export function check(name: IntegrityCheckName, problems: readonly string[]): IntegrityCheck {
  const status = problems.length === 0 ? 'pass' : ADVISORY_CHECKS.has(name) ? 'warn' : 'fail';
  return { name, status, problems: [...problems].sort() };
}

/** The report of the checks that ran; the others are `skipped`. */
export function report(checks: readonly IntegrityCheck[]): VerificationReport {
  const byName = new Map(checks.map((item) => [item.name, item]));
  const ordered = INTEGRITY_CHECK_NAMES.map(
    (name) => byName.get(name) ?? { name, status: 'skipped' as const, problems: [] },
  );
  const valid = ordered.every(
    (item) => item.status === 'pass' || (ADVISORY_CHECKS.has(item.name) && item.status !== 'fail'),
  );
  return { valid, checks: ordered };
}

/** A cache that passed every check: its manifest and documents. */
export interface LoadedCache {
  /** The manifest. */
  readonly manifest: CacheManifest;
  /** Every document, in manifest order. */
  readonly documents: readonly CacheDocument[];
}

/**
 * The loaded cache of a verification that passed.
 *
 * @throws ContextCacheError `cache_invalid`, with the report in `data.report`, otherwise
 */
export function toLoadedCache(verified: VerifiedCache): LoadedCache {
  if (!verified.report.valid || verified.manifest === undefined) {
    throw new ContextCacheError({ code: 'cache_invalid', data: { report: verified.report } });
  }
  return { manifest: verified.manifest, documents: verified.documents };
}
