/**
 * One document file of a cache: what its bytes hold, and whether that is what its manifest
 * entry promises.
 *
 * @module
 */

import { type CacheDocument, CacheDocumentSchema } from '../document.js';
import { documentFileOf, documentVersion } from '../hashing.js';
import type { ManifestEntry } from '../manifest.js';
import { parseJsonBytes } from '../read-json.js';
import type { CacheFileRead } from './cache-file.js';

/** What a document file held when it was read; independent of the manifest entry. */
export type DocumentFileContent =
  | {
      readonly kind: 'document';
      readonly document: CacheDocument;
      /** The version its content hashes to, computed once when read. */
      readonly contentVersion: string;
    }
  | { readonly kind: 'too_large' | 'unstable' | 'malformed' | 'not_document' };

/** Parses what {@link readCacheFile} read of a document file (a regular file: `too_large`, `unstable` or `read`). */
export function documentFileContent(
  read: Extract<CacheFileRead, { kind: 'too_large' | 'unstable' | 'read' }>,
): DocumentFileContent {
  if (read.kind !== 'read') return { kind: read.kind };
  const parsed = parseJsonBytes(read.bytes);
  if (parsed.kind !== 'parsed') return { kind: 'malformed' };
  const document = CacheDocumentSchema.safeParse(parsed.value);
  if (!document.success) return { kind: 'not_document' };
  return {
    kind: 'document',
    document: document.data,
    contentVersion: documentVersion(document.data.content),
  };
}

/** What checking one manifest entry against its file found. */
export interface EntryOutcome {
  /** Set when the file is not there, not a regular file, or over the size bound (§Verification 3). */
  readonly fileProblem?: string;
  /** What is wrong with the file's content (§Verification 4). */
  readonly hashProblems: readonly string[];
  /** The document, when it passed. */
  readonly document?: CacheDocument;
}

/**
 * Checks an entry against what its file held: the content parses as a document holding the
 * entry's id and version, the content hashes to that version, and the version names the file.
 *
 * @see context_cache.md §Verification 3 and 4
 */
export function checkEntry(
  entry: ManifestEntry,
  content: DocumentFileContent,
  maxBytes: number,
): EntryOutcome {
  switch (content.kind) {
    case 'too_large':
      return {
        fileProblem: `${entry.file} (${entry.id}) is larger than ${maxBytes} bytes`,
        hashProblems: [],
      };
    case 'unstable':
      return { hashProblems: [`${entry.file} changed while it was read`] };
    case 'malformed':
      return { hashProblems: [`${entry.file} is not UTF-8 JSON`] };
    case 'not_document':
      return { hashProblems: [`${entry.file} is not a document`] };
  }
  const { document } = content;
  const problems: string[] = [];
  if (document.id !== entry.id) problems.push(`${entry.file} holds another id than ${entry.id}`);
  if (document.version !== entry.version) {
    problems.push(`${entry.file} states another version than the manifest`);
  }
  if (content.contentVersion !== entry.version) {
    problems.push(`${entry.file} content does not hash to its version`);
  }
  if (documentFileOf(entry.version) !== entry.file) {
    problems.push(`${entry.file} is not named after its version`);
  }
  return problems.length === 0 ? { hashProblems: [], document } : { hashProblems: problems };
}
