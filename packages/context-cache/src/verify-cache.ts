/**
 * Verifying a cache: the five integrity checks of the spec, plus the two invariants it states
 * elsewhere (index consistency, build configuration), each reported on its own.
 *
 * @module
 */

import { lstat, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isV0BuildConfig } from './build-config.js';
import { computeCacheVersion } from './cache-version.js';
import type { CacheDocument } from './document.js';
import { checkDocuments } from './document-checks.js';
import { ContextCacheError, isNotFoundError, toContextCacheError } from './errors.js';
import { VERSION_PATTERN } from './hashing.js';
import { indexDivergence } from './index-file.js';
import { type CacheManifest, CacheManifestSchema } from './manifest.js';
import { type JsonFileRead, readJsonFile } from './read-json.js';

/**
 * The checks, in the order they run.
 *
 * - `manifest`: `manifest.json` exists, is a regular file, is UTF-8 JSON with every required field, its `document_count` equals its entries, ids and files are unique, each file is `documents/<12 hex>.json` (§Verification 1).
 * - `cache_version`: the cache version equals the hash recomputed from the build configuration and the entries (§Verification 2).
 * - `document_files`: `documents/` is a folder (or absent, which only an empty cache survives) and every entry's file exists as a regular file (§Verification 3; §Invalidation 2, "Document removed").
 * - `document_hashes`: every file's content hashes to the entry's version, whose first 12 hex digits name the file, and holds the entry's id (§Verification 4; §Invalidation 3, "Document changed").
 * - `orphan_files`: `documents/` holds nothing the manifest does not list (§Verification 5; §Invalidation 1, "Document added").
 * - `index`: `index.json` maps exactly the manifest's ids to the same files (§Index, §Invariants 7).
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

/** The outcome of one check; `skipped` when the manifest could not be read, so the check had nothing to compare. */
export interface IntegrityCheck {
  /** Which check. */
  readonly name: IntegrityCheckName;
  /** `pass`, `fail` or `skipped`. */
  readonly status: 'pass' | 'fail' | 'skipped';
  /** What is wrong, one line each, sorted; may name ids and files (local diagnostics, never sent on the wire). */
  readonly problems: readonly string[];
}

/** Every check of one cache. */
export interface VerificationReport {
  /** True when every check passed. */
  readonly valid: boolean;
  /** One entry per check, in {@link INTEGRITY_CHECK_NAMES} order. */
  readonly checks: readonly IntegrityCheck[];
}

/** A verified cache: its manifest and its documents in manifest order. */
export interface VerifiedCache {
  /** The report. */
  readonly report: VerificationReport;
  /** The manifest, when it could be read. */
  readonly manifest: CacheManifest | undefined;
  /** The documents that passed `document_hashes`, in manifest order. */
  readonly documents: readonly CacheDocument[];
}

const FILE_PATTERN = /^documents\/[0-9a-f]{12}\.json$/;

function describeRead(file: string, read: Exclude<JsonFileRead, { kind: 'parsed' }>): string {
  if (read.kind === 'missing') return `${file} is missing`;
  if (read.kind === 'not_regular') return `${file} is not a regular file`;
  return `${file} is not UTF-8 JSON`;
}

function manifestProblems(manifest: CacheManifest): string[] {
  const problems: string[] = [];
  if (manifest.document_count !== manifest.documents.length) {
    problems.push('document_count differs from the number of entries');
  }
  const ids = new Set<string>();
  const files = new Set<string>();
  for (const entry of manifest.documents) {
    if (ids.has(entry.id)) problems.push(`duplicate id ${entry.id}`);
    if (files.has(entry.file)) problems.push(`duplicate file ${entry.file}`);
    if (!VERSION_PATTERN.test(entry.version)) problems.push(`malformed version for ${entry.id}`);
    if (!FILE_PATTERN.test(entry.file)) problems.push(`malformed file for ${entry.id}`);
    ids.add(entry.id);
    files.add(entry.file);
  }
  return problems;
}

function check(name: IntegrityCheckName, problems: readonly string[]): IntegrityCheck {
  return { name, status: problems.length === 0 ? 'pass' : 'fail', problems: [...problems].sort() };
}

function report(checks: IntegrityCheck[]): VerificationReport {
  const byName = new Map(checks.map((item) => [item.name, item]));
  const ordered = INTEGRITY_CHECK_NAMES.map(
    (name) => byName.get(name) ?? { name, status: 'skipped' as const, problems: [] },
  );
  return { valid: ordered.every((item) => item.status === 'pass'), checks: ordered };
}

async function runChecks(cachePath: string): Promise<VerifiedCache> {
  const read = await readJsonFile(join(cachePath, 'manifest.json'));
  if (read.kind !== 'parsed') {
    return {
      report: report([check('manifest', [describeRead('manifest.json', read)])]),
      manifest: undefined,
      documents: [],
    };
  }
  const parsed = CacheManifestSchema.safeParse(read.value);
  const problems = parsed.success
    ? manifestProblems(parsed.data)
    : ['manifest.json lacks required fields or has wrong types'];
  if (!parsed.success || problems.length > 0) {
    return { report: report([check('manifest', problems)]), manifest: undefined, documents: [] };
  }
  const manifest = parsed.data;
  const checks: IntegrityCheck[] = [check('manifest', [])];
  const recomputed = computeCacheVersion(manifest.build_config, manifest.documents);
  checks.push(
    check(
      'cache_version',
      recomputed === manifest.cache_version
        ? []
        : ['cache_version differs from the recomputed hash'],
    ),
  );

  const documentsFolder = join(cachePath, 'documents');
  const folderKind = await lstat(documentsFolder).then(
    (stats) => (stats.isDirectory() ? 'directory' : 'other'),
    (error: unknown) => {
      if (isNotFoundError(error)) return 'missing';
      throw error;
    },
  );
  const documents: CacheDocument[] = [];
  // A cache with no documents may lack documents/ (version control drops empty folders);
  // then every listed file is simply missing.
  if (folderKind === 'other') {
    checks.push(check('document_files', ['documents/ is not a folder']));
  } else {
    const {
      fileProblems,
      hashProblems,
      documents: passed,
    } = await checkDocuments(cachePath, manifest.documents);
    documents.push(...passed);
    checks.push(check('document_files', fileProblems), check('document_hashes', hashProblems));
    const listed = new Set(
      manifest.documents.map((entry) => entry.file.slice('documents/'.length)),
    );
    const present = folderKind === 'missing' ? [] : await readdir(documentsFolder);
    checks.push(
      check(
        'orphan_files',
        present
          .filter((name) => !listed.has(name))
          .map((name) => `documents/${name} is not in the manifest`),
      ),
    );
  }

  const index = await readJsonFile(join(cachePath, 'index.json'));
  checks.push(
    check(
      'index',
      index.kind === 'parsed'
        ? indexDivergence(index.value, manifest.documents)
        : [describeRead('index.json', index)],
    ),
  );
  checks.push(
    check(
      'build_config',
      isV0BuildConfig(manifest.build_config) ? [] : ['build_config is not the v0 configuration'],
    ),
  );
  return { report: report(checks), manifest, documents };
}

async function requireFolder(cachePath: string): Promise<void> {
  try {
    if ((await stat(cachePath)).isDirectory()) return;
  } catch (error) {
    if (!isNotFoundError(error)) throw toContextCacheError(error);
  }
  throw new ContextCacheError({ code: 'cache_missing' });
}

/**
 * Runs every check and keeps the documents that passed, for {@link loadCache} and
 * {@link verifyCache}. Reads each file once; never follows a symbolic link inside the cache.
 *
 * @internal
 */
export async function inspectIntegrity(cachePath: string): Promise<VerifiedCache> {
  await requireFolder(cachePath);
  try {
    return await runChecks(cachePath);
  } catch (error) {
    throw toContextCacheError(error);
  }
}

/**
 * Verifies a cache folder (`context verify --cache …`) and reports every check distinctly.
 * A cache that fails a check is a report with `valid: false`, not an error.
 *
 * @throws ContextCacheError `cache_missing` when the path is not a folder, `io_error` on a filesystem failure
 * @see context_cache.md §Verification, §Invalidation, §Index
 */
export async function verifyCache(cachePath: string): Promise<VerificationReport> {
  return (await inspectIntegrity(cachePath)).report;
}

/** A cache that passed every check: its manifest and documents. */
export interface LoadedCache {
  /** The manifest. */
  readonly manifest: CacheManifest;
  /** Every document, in manifest order. */
  readonly documents: readonly CacheDocument[];
}

/**
 * Loads a cache for resolution, refusing any cache that fails a check: a tampered cache
 * answers `cache_invalid`, never wrong content.
 *
 * @throws ContextCacheError `cache_missing`, `cache_invalid` (with the report in `data.report`), `io_error`
 * @see context_cache.md §Verification; error_schema.md §Boundary: `cache_invalid` vs `io_error`
 */
export async function loadCache(cachePath: string): Promise<LoadedCache> {
  const verified = await inspectIntegrity(cachePath);
  if (!verified.report.valid || verified.manifest === undefined) {
    throw new ContextCacheError({ code: 'cache_invalid', data: { report: verified.report } });
  }
  return { manifest: verified.manifest, documents: verified.documents };
}
