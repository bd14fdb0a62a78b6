/**
 * Verification that remembers what it read: every check of the spec, run again after a change
 * without re-reading the files that did not change.
 *
 * A file is read again unless its `lstat` identity (inode, size, mtime, ctime) equals the one it
 * had when it was read and that reading was "trusted": its mtime and ctime were at least
 * {@link TIMESTAMP_MARGIN_NS} older than the moment reading started. File timestamps come from a
 * coarse clock (one kernel tick, or 1-2 s on some filesystems), so a file rewritten with the same
 * size within the tick of an earlier write keeps its identity; a file read long after its last
 * change cannot be changed again without moving its ctime past the recorded one (the kernel sets
 * ctime on every write, truncation, rename onto it or attribute change, and nobody can set it
 * back). Files read within the margin stay untrusted and are read again at the next refresh.
 *
 * @module
 */

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isV0BuildConfig } from '../build-config.js';
import type { CacheDocument } from '../document.js';
import { ContextCacheError, errnoCode } from '../errors.js';
import { indexDivergence } from '../index-file.js';
import type { CacheManifest } from '../manifest.js';
import { readJsonFile } from '../read-json.js';
import {
  type FileIdentity,
  isFolder,
  isRegularFile,
  lstatIdentity,
  readCacheFile,
  sameIdentity,
} from './cache-file.js';
import { checkEntry, type DocumentFileContent, documentFileContent } from './document-file.js';
import {
  check,
  type IntegrityCheck,
  report,
  type VerificationReport,
  type VerifiedCache,
} from './integrity-report.js';
import { type ManifestContent, manifestContent, unreadableManifest } from './manifest-file.js';

/**
 * How much older than the start of a read a file's timestamps must be for its identity to be
 * trusted afterwards (2 s): above the 1-2 s timestamp granularity of the coarsest filesystems
 * (FAT, HFS+, ext3 without large inodes) and far above the kernel tick of the others.
 */
export const TIMESTAMP_MARGIN_NS = 2_000_000_000n;

/** How many entries are checked between two yields to the event loop. */
const ENTRIES_PER_TURN = 256;

/** How verification reads a cache. */
export interface VerifyOptions {
  /** Files larger than this are refused without being read. */
  readonly maxFileBytes: number;
  /** Whether `index.json` is read (advisory, for `verify`; `context.resolve` never reads it). */
  readonly checkIndex: boolean;
}

/** The identities of the three paths every change to a cache goes through or shows in. */
export interface CacheSnapshot {
  /** The cache folder. */
  readonly cacheFolder: FileIdentity | undefined;
  /** `manifest.json`. */
  readonly manifest: FileIdentity | undefined;
  /** `documents/`. */
  readonly documentsFolder: FileIdentity | undefined;
}

/** Files a change signal named as changed: read again whatever their identity says. */
export interface TouchedFiles {
  /** Everything (a signal that did not say which file). */
  readonly all: boolean;
  /** `manifest.json`. */
  readonly manifest: boolean;
  /** Names inside `documents/`. */
  readonly documents: ReadonlySet<string>;
}

/** Nothing named as changed. */
export const NOTHING_TOUCHED: TouchedFiles = { all: false, manifest: false, documents: new Set() };

/** What was read of one file, and under which identity. */
interface FileRecord<Content> {
  readonly identity: FileIdentity;
  readonly trusted: boolean;
  readonly content: Content;
}

/** What was listed of `documents/`. */
interface FolderRecord {
  readonly identity: FileIdentity;
  readonly trusted: boolean;
  readonly names: ReadonlySet<string>;
}

/** What verification remembers of one cache between refreshes. */
export interface CacheState {
  /** The cache folder (a real path). */
  readonly cachePath: string;
  /** How it is read. */
  readonly options: VerifyOptions;
  manifest: FileRecord<ManifestContent> | undefined;
  folder: FolderRecord | undefined;
  documents: Map<string, FileRecord<DocumentFileContent>>;
  /** The outcome of the last refresh. */
  verified: VerifiedCache | undefined;
  /** The snapshot the last refresh started from. */
  snapshot: CacheSnapshot | undefined;
}

/** A state that has read nothing yet. */
export function createCacheState(cachePath: string, options: VerifyOptions): CacheState {
  return {
    cachePath,
    options,
    manifest: undefined,
    folder: undefined,
    documents: new Map(),
    verified: undefined,
    snapshot: undefined,
  };
}

/**
 * The cache's snapshot now: three `lstat` calls.
 *
 * @throws ContextCacheError `io_error` when one fails for another reason than absence
 */
export function takeSnapshot(cachePath: string): CacheSnapshot {
  return {
    cacheFolder: lstatIdentity(cachePath),
    manifest: lstatIdentity(join(cachePath, 'manifest.json')),
    documentsFolder: lstatIdentity(join(cachePath, 'documents')),
  };
}

/** True when two snapshots are of the same versions of the same three paths. */
export function sameSnapshot(left: CacheSnapshot, right: CacheSnapshot): boolean {
  return (
    sameIdentity(left.cacheFolder, right.cacheFolder) &&
    sameIdentity(left.manifest, right.manifest) &&
    sameIdentity(left.documentsFolder, right.documentsFolder)
  );
}

function clockNs(): bigint {
  return BigInt(Date.now()) * 1_000_000n;
}

function trustedAt(identity: FileIdentity, before: bigint): boolean {
  return identity.ctimeNs < before && identity.mtimeNs < before;
}

function reusable<Content>(
  record: FileRecord<Content> | FolderRecord | undefined,
  current: FileIdentity,
  touched: boolean,
): boolean {
  return (
    record !== undefined && !touched && record.trusted && sameIdentity(record.identity, current)
  );
}

/** What one refresh has read so far. */
interface Pass {
  readonly state: CacheState;
  readonly touched: TouchedFiles;
  readonly trustBefore: bigint;
}

function readManifest(pass: Pass, current: FileIdentity | undefined): ManifestContent {
  const { state, touched } = pass;
  if (current === undefined) return unreadableManifest('missing');
  if (!isRegularFile(current)) return unreadableManifest('not_regular');
  const kept = state.manifest;
  if (kept !== undefined && reusable(kept, current, touched.all || touched.manifest)) {
    return kept.content;
  }
  state.manifest = undefined;
  const path = join(state.cachePath, 'manifest.json');
  const read = readCacheFile(path, state.options.maxFileBytes);
  const content = manifestContent(read, state.options.maxFileBytes);
  if (read.kind !== 'missing' && read.kind !== 'not_regular') {
    state.manifest = {
      identity: read.identity,
      trusted: trustedAt(read.identity, pass.trustBefore),
      content,
    };
  }
  return content;
}

function listFolder(pass: Pass, current: FileIdentity): ReadonlySet<string> {
  const { state } = pass;
  const kept = state.folder;
  if (kept !== undefined && reusable(kept, current, pass.touched.all)) return kept.names;
  let names: ReadonlySet<string>;
  try {
    names = new Set(readdirSync(join(state.cachePath, 'documents')));
  } catch (error) {
    const code = errnoCode(error);
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      throw new ContextCacheError({ code: 'io_error', cause: error });
    }
    names = new Set();
  }
  state.folder = { identity: current, trusted: trustedAt(current, pass.trustBefore), names };
  return names;
}

/** The per-document checks: what each listed file holds, read again only when it changed. */
async function checkDocuments(
  pass: Pass,
  manifest: CacheManifest,
  yieldControl: () => Promise<void>,
): Promise<{ fileProblems: string[]; hashProblems: string[]; documents: CacheDocument[] }> {
  const { state, touched, trustBefore } = pass;
  const maxBytes = state.options.maxFileBytes;
  const kept = new Map<string, FileRecord<DocumentFileContent>>();
  const fileProblems: string[] = [];
  const hashProblems: string[] = [];
  const documents: CacheDocument[] = [];
  for (const [position, entry] of manifest.documents.entries()) {
    if (position > 0 && position % ENTRIES_PER_TURN === 0) await yieldControl();
    const path = join(state.cachePath, entry.file);
    const missing = `${entry.file} (${entry.id}) is missing`;
    const irregular = `${entry.file} (${entry.id}) is not a regular file`;
    let record = state.documents.get(entry.file);
    // A file read before is compared by `lstat` first (no open when it did not change); one
    // read for the first time is opened at once (the open and its `fstat` tell the same).
    if (record !== undefined) {
      const current = lstatIdentity(path);
      if (current === undefined) {
        fileProblems.push(missing);
        continue;
      }
      if (!isRegularFile(current)) {
        fileProblems.push(irregular);
        continue;
      }
      const name = entry.file.slice('documents/'.length);
      if (!reusable(record, current, touched.all || touched.documents.has(name))) {
        record = undefined;
      }
    }
    if (record === undefined) {
      const read = readCacheFile(path, maxBytes);
      if (read.kind === 'missing' || read.kind === 'not_regular') {
        fileProblems.push(read.kind === 'missing' ? missing : irregular);
        continue;
      }
      record = {
        identity: read.identity,
        trusted: trustedAt(read.identity, trustBefore),
        content: documentFileContent(read),
      };
    }
    kept.set(entry.file, record);
    const outcome = checkEntry(entry, record.content, maxBytes);
    if (outcome.fileProblem !== undefined) fileProblems.push(outcome.fileProblem);
    hashProblems.push(...outcome.hashProblems);
    if (outcome.document !== undefined) documents.push(outcome.document);
  }
  state.documents = kept;
  return { fileProblems, hashProblems, documents };
}

function indexCheck(state: CacheState, manifest: CacheManifest): IntegrityCheck {
  const read = readJsonFile(join(state.cachePath, 'index.json'), state.options.maxFileBytes);
  const problems =
    read.kind === 'parsed'
      ? indexDivergence(read.value, manifest.documents)
      : [
          read.kind === 'missing'
            ? 'index.json is missing'
            : read.kind === 'not_regular'
              ? 'index.json is not a regular file'
              : read.kind === 'too_large'
                ? `index.json is larger than ${state.options.maxFileBytes} bytes`
                : 'index.json is not UTF-8 JSON',
        ];
  return check('index', problems);
}

function invalidManifest(problems: readonly string[]): VerifiedCache {
  return {
    report: report([check('manifest', problems)]),
    manifest: undefined,
    documents: [],
    characters: 0,
  };
}

/**
 * Runs every check of the cache again, reading only the files whose identity changed since they
 * were last read, were not trusted then, or are named as touched; updates `state` and returns
 * the outcome. `beforeRead` sees the snapshot before anything is read and returns the files a
 * change signal named since the last refresh (the signal is armed there, so that nothing read
 * can change unnoticed); `yieldControl` is awaited between batches of documents, so other
 * calls are answered meanwhile.
 *
 * @throws ContextCacheError `io_error` when a file exists but cannot be read
 * @see context_cache.md §Verification, §Invalidation
 */
export async function refreshCacheState(
  state: CacheState,
  hooks: {
    readonly beforeRead?: (snapshot: CacheSnapshot) => TouchedFiles;
    readonly yieldControl: () => Promise<void>;
  },
): Promise<VerifiedCache> {
  const started = clockNs();
  const snapshot = takeSnapshot(state.cachePath);
  const touched = hooks.beforeRead?.(snapshot) ?? NOTHING_TOUCHED;
  const pass: Pass = { state, touched, trustBefore: started - TIMESTAMP_MARGIN_NS };
  const verified = await verifyPass(pass, snapshot, hooks.yieldControl);
  state.verified = verified;
  state.snapshot = snapshot;
  return verified;
}

async function verifyPass(
  pass: Pass,
  snapshot: CacheSnapshot,
  yieldControl: () => Promise<void>,
): Promise<VerifiedCache> {
  const { state } = pass;
  const content = readManifest(pass, snapshot.manifest);
  if (content.kind === 'problems') return invalidManifest(content.problems);
  const { manifest } = content;
  const checks: IntegrityCheck[] = [
    check('manifest', []),
    check(
      'cache_version',
      content.versionMatches ? [] : ['cache_version differs from the recomputed hash'],
    ),
  ];
  const folder = snapshot.documentsFolder;
  let documents: CacheDocument[] = [];
  if (folder !== undefined && !isFolder(folder)) {
    checks.push(check('document_files', ['documents/ is not a folder']));
    state.documents = new Map();
  } else {
    // A cache with no documents may lack documents/ (version control drops empty folders);
    // then every listed file is simply missing.
    const outcome = await checkDocuments(pass, manifest, yieldControl);
    documents = outcome.documents;
    checks.push(
      check('document_files', outcome.fileProblems),
      check('document_hashes', outcome.hashProblems),
    );
    const present = folder === undefined ? new Set<string>() : listFolder(pass, folder);
    const listed = new Set(
      manifest.documents.map((entry) => entry.file.slice('documents/'.length)),
    );
    checks.push(
      check(
        'orphan_files',
        [...present]
          .filter((name) => !listed.has(name))
          .map((name) => `documents/${name} is not in the manifest`),
      ),
    );
  }
  if (state.options.checkIndex) checks.push(indexCheck(state, manifest));
  checks.push(
    check(
      'build_config',
      isV0BuildConfig(manifest.build_config) ? [] : ['build_config is not the v0 configuration'],
    ),
  );
  let characters = 0;
  for (const document of documents) characters += document.content.length;
  const verification: VerificationReport = report(checks);
  return { report: verification, manifest, documents, characters };
}
