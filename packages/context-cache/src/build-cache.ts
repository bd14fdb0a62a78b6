/**
 * Building a cache: read the sources, check the build invariants, write atomically.
 *
 * @module
 */

import { randomUUID } from 'node:crypto';
import { lstat, mkdir, mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { V0_BUILD_CONFIG } from './build-config.js';
import { computeCacheVersion } from './cache-version.js';
import { type CacheDocument, CacheDocumentSchema, serializeDocument } from './document.js';
import { ContextCacheError, isNotFoundError, toContextCacheError } from './errors.js';
import { documentFileOf, documentVersion, fileStemOf } from './hashing.js';
import { serializeIndex } from './index-file.js';
import { formatCreatedAt, type ManifestEntry, serializeManifest } from './manifest.js';
import { readSourceDocuments } from './source-files.js';
import { compareUtf8 } from './utf8-order.js';

/** Options of {@link writeCache}. */
export const WriteCacheOptionsSchema = z.object({
  /** Replace an existing cache folder (`context build --force`). */
  force: z.boolean().optional(),
  /**
   * The `created_at` of the manifest; defaults to now. The spec demands the timestamp and keeps
   * it out of the cache version; fix it to get byte-identical manifests from identical sources.
   */
  createdAt: z
    .date()
    .refine(
      (date) =>
        !Number.isNaN(date.getTime()) &&
        date.getUTCFullYear() >= 0 &&
        date.getUTCFullYear() <= 9999,
      { message: 'createdAt must be a valid date in the years 0 to 9999' },
    )
    .optional(),
});

/** Options of {@link writeCache}. */
export type WriteCacheOptions = z.input<typeof WriteCacheOptionsSchema>;

/** Options of {@link buildCache}. */
export const BuildCacheOptionsSchema = WriteCacheOptionsSchema.extend({
  /** The ingestion root: the folder whose files become documents. */
  sources: z.string().min(1),
  /** The cache folder to create. */
  cache: z.string().min(1),
  /**
   * Glob patterns (relative to `sources`, none leaving it) choosing the files to ingest, for
   * text other than markdown. Without it the original's rule applies: every `*.md` file.
   */
  include: z.array(z.string().min(1)).min(1).optional(),
});

/** Options of {@link buildCache}. */
export type BuildCacheOptions = z.input<typeof BuildCacheOptionsSchema>;

/** What a build produced. */
export interface BuildCacheResult {
  /** The absolute path of the cache folder. */
  readonly path: string;
  /** The cache version (`sha256:…`). */
  readonly cacheVersion: string;
  /** How many documents the cache holds. */
  readonly documentCount: number;
  /** The manifest entries, sorted by id. */
  readonly documents: readonly ManifestEntry[];
}

function parseOptions<T>(schema: z.ZodType<T>, options: unknown): T {
  const parsed = schema.safeParse(options);
  if (!parsed.success) {
    throw new ContextCacheError({
      code: 'invalid_options',
      message: `Invalid build options: ${z.prettifyError(parsed.error)}`,
    });
  }
  return parsed.data;
}

/** Sorts by id and enforces unique ids and unique file names (`context_cache.md §Invariants` 6, §Document Files). */
function planEntries(documents: readonly CacheDocument[]): ManifestEntry[] {
  const sorted = [...documents].sort((left, right) => compareUtf8(left.id, right.id));
  const files = new Set<string>();
  return sorted.map((document, index) => {
    if (index > 0 && sorted[index - 1]?.id === document.id) {
      throw new ContextCacheError({
        code: 'duplicate_document_id',
        message: `Duplicate document id "${document.id}"`,
        data: { id: document.id },
      });
    }
    const file = documentFileOf(document.version);
    if (files.has(file)) {
      throw new ContextCacheError({
        code: 'filename_collision',
        message: `Document file name collision on "${fileStemOf(document.version)}" (at "${document.id}")`,
        data: { id: document.id, stem: fileStemOf(document.version) },
      });
    }
    files.add(file);
    return { id: document.id, version: document.version, file };
  });
}

async function writeDurably(path: string, text: string): Promise<void> {
  const handle = await open(path, 'wx');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function existingKind(path: string): Promise<'none' | 'directory' | 'other'> {
  try {
    return (await lstat(path)).isDirectory() ? 'directory' : 'other';
  } catch (error) {
    if (isNotFoundError(error)) return 'none';
    throw error;
  }
}

function cacheExists(path: string): ContextCacheError {
  return new ContextCacheError({
    code: 'cache_exists',
    message: `Cache folder "${path}" already exists (use force to replace a cache folder)`,
  });
}

/** Moves the finished temp folder into place; with `force`, the old folder is set aside first and removed last. */
async function install(temporary: string, target: string, force: boolean): Promise<void> {
  const kind = await existingKind(target);
  if (kind === 'other' || (kind === 'directory' && !force)) throw cacheExists(target);
  if (kind === 'none') {
    try {
      await rename(temporary, target);
    } catch (error) {
      throw ['EEXIST', 'ENOTEMPTY'].includes(String((error as { code?: unknown }).code))
        ? cacheExists(target)
        : error;
    }
    return;
  }
  const previous = join(dirname(target), `.${basename(target)}.old-${randomUUID()}`);
  await rename(target, previous);
  try {
    await rename(temporary, target);
  } catch (error) {
    await rename(previous, target);
    throw error;
  }
  await rm(previous, { recursive: true, force: true });
}

/**
 * Writes `documents` as a cache at `cachePath`: entries sorted by id, duplicate ids and file
 * name collisions fatal, everything written into a temporary folder next to the destination
 * and renamed into place, so a cache is either complete or absent. Document files are compact
 * JSON; `index.json` and `manifest.json` are pretty-printed with no trailing newline, as the
 * original's builder writes them.
 *
 * @throws ContextCacheError `invalid_options`, `cache_exists`, `duplicate_document_id`, `filename_collision`, `io_error`
 * @see context_cache.md §Build, §Storage Format, §Invariants
 */
export async function writeCache(
  documents: readonly CacheDocument[],
  cachePath: string,
  options: WriteCacheOptions = {},
): Promise<BuildCacheResult> {
  const { force = false, createdAt = new Date() } = parseOptions(WriteCacheOptionsSchema, options);
  for (const document of documents) {
    const parsed = CacheDocumentSchema.safeParse(document);
    if (!parsed.success || documentVersion(document.content) !== document.version) {
      throw new ContextCacheError({
        code: 'invalid_options',
        message: `Document "${String(document.id)}" is malformed or its version is not the hash of its content`,
      });
    }
  }
  const entries = planEntries(documents);
  const byId = new Map(documents.map((document) => [document.id, document]));
  const target = resolve(cachePath);
  const cacheVersion = computeCacheVersion(V0_BUILD_CONFIG, entries);
  try {
    if ((await existingKind(target)) !== 'none' && !force) throw cacheExists(target);
    await mkdir(dirname(target), { recursive: true });
    const temporary = await mkdtemp(join(dirname(target), `.${basename(target)}.tmp-`));
    try {
      await mkdir(join(temporary, 'documents'));
      for (const entry of entries) {
        const document = byId.get(entry.id) as CacheDocument;
        await writeDurably(join(temporary, entry.file), serializeDocument(document));
      }
      await writeDurably(join(temporary, 'index.json'), serializeIndex(entries));
      const manifest = serializeManifest({
        cacheVersion,
        buildConfig: V0_BUILD_CONFIG,
        createdAt: formatCreatedAt(createdAt),
        documents: entries,
      });
      await writeDurably(join(temporary, 'manifest.json'), manifest);
      await install(temporary, target, force);
    } catch (error) {
      await rm(temporary, { recursive: true, force: true });
      throw error;
    }
  } catch (error) {
    throw toContextCacheError(error);
  }
  return { path: target, cacheVersion, documentCount: entries.length, documents: entries };
}

/**
 * Builds a cache from a folder (`context build --sources … --cache …`): reads every `*.md`
 * file below `sources` (or the files matching `include`), then {@link writeCache}. An empty
 * folder gives a valid cache with 0 documents. Two builds of the same sources give the same
 * cache version, and the same bytes when `createdAt` is fixed.
 *
 * @throws ContextCacheError `invalid_options`, `source_missing`, `invalid_utf8`, and those of {@link writeCache}
 * @see context_cache.md §Build, §Rebuild; document_model.md §Identity, §Versioning
 */
export async function buildCache(options: BuildCacheOptions): Promise<BuildCacheResult> {
  const { sources, cache, include, force, createdAt } = parseOptions(
    BuildCacheOptionsSchema,
    options,
  );
  let isDirectory = false;
  try {
    isDirectory = (await stat(sources)).isDirectory();
  } catch (error) {
    if (!isNotFoundError(error)) throw toContextCacheError(error);
  }
  if (!isDirectory) {
    throw new ContextCacheError({
      code: 'source_missing',
      message: `Sources folder "${sources}" does not exist or is not a folder`,
    });
  }
  let documents: CacheDocument[];
  try {
    documents = await readSourceDocuments(sources, include);
  } catch (error) {
    throw toContextCacheError(error);
  }
  const writeOptions: WriteCacheOptions = {};
  if (force !== undefined) writeOptions.force = force;
  if (createdAt !== undefined) writeOptions.createdAt = createdAt;
  return writeCache(documents, cache, writeOptions);
}
