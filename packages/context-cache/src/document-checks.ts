/**
 * The per-document integrity checks: each listed file exists, is a document, and hashes to
 * the version that names it.
 *
 * @module
 */

import { join } from 'node:path';
import { type CacheDocument, CacheDocumentSchema } from './document.js';
import { documentFileOf, documentVersion } from './hashing.js';
import type { ManifestEntry } from './manifest.js';
import { readJsonFile } from './read-json.js';

/** How many document files are read at once: enough to hide I/O latency, few enough to stay polite. */
const READ_CONCURRENCY = 16;

/** What checking one entry found. */
interface EntryOutcome {
  /** Set when the file is missing or not a regular file (§Verification 3). */
  readonly fileProblem?: string;
  /** What is wrong with the file's content (§Verification 4). */
  readonly hashProblems: readonly string[];
  /** The document, when it passed. */
  readonly document?: CacheDocument;
}

/** The outcome of the per-document checks of one manifest. */
export interface DocumentChecks {
  /** Problems of `document_files`. */
  readonly fileProblems: readonly string[];
  /** Problems of `document_hashes`. */
  readonly hashProblems: readonly string[];
  /** The documents that passed, in manifest order. */
  readonly documents: readonly CacheDocument[];
}

async function checkEntry(cachePath: string, entry: ManifestEntry): Promise<EntryOutcome> {
  const read = await readJsonFile(join(cachePath, entry.file));
  if (read.kind === 'missing')
    return { fileProblem: `${entry.file} (${entry.id}) is missing`, hashProblems: [] };
  if (read.kind === 'not_regular') {
    return { fileProblem: `${entry.file} (${entry.id}) is not a regular file`, hashProblems: [] };
  }
  if (read.kind === 'malformed') return { hashProblems: [`${entry.file} is not UTF-8 JSON`] };
  const parsed = CacheDocumentSchema.safeParse(read.value);
  if (!parsed.success) return { hashProblems: [`${entry.file} is not a document`] };
  const document = parsed.data;
  const problems: string[] = [];
  if (document.id !== entry.id) problems.push(`${entry.file} holds another id than ${entry.id}`);
  if (document.version !== entry.version) {
    problems.push(`${entry.file} states another version than the manifest`);
  }
  if (documentVersion(document.content) !== entry.version) {
    problems.push(`${entry.file} content does not hash to its version`);
  }
  if (documentFileOf(entry.version) !== entry.file) {
    problems.push(`${entry.file} is not named after its version`);
  }
  return problems.length === 0 ? { hashProblems: [], document } : { hashProblems: problems };
}

/**
 * Checks every entry's file (a few at a time; results keep manifest order). Symbolic links
 * are never followed: a link where a document should be is "not a regular file".
 *
 * @throws ContextCacheError `io_error` when a file exists but cannot be read
 * @see context_cache.md §Verification 3 and 4
 */
export async function checkDocuments(
  cachePath: string,
  entries: readonly ManifestEntry[],
): Promise<DocumentChecks> {
  const outcomes: EntryOutcome[] = new Array(entries.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < entries.length) {
      const index = next;
      next += 1;
      outcomes[index] = await checkEntry(cachePath, entries[index] as ManifestEntry);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, entries.length) }, worker));
  return {
    fileProblems: outcomes.flatMap((outcome) =>
      outcome.fileProblem === undefined ? [] : [outcome.fileProblem],
    ),
    hashProblems: outcomes.flatMap((outcome) => outcome.hashProblems),
    documents: outcomes.flatMap((outcome) =>
      outcome.document === undefined ? [] : [outcome.document],
    ),
  };
}
