/**
 * The fixture of the `context-cache` checks: a cache of known documents, with v0 answers
 * worked out by hand, and the other entries of the cache root the checks look at.
 *
 * The runner builds it (see `fixture-root.ts`) for the targets it starts; checks recognize it
 * by {@link FIXTURE_CACHE} in `context.list_caches`.
 *
 * @module
 */

import { createHash } from 'node:crypto';

/**
 * The known documents, by source path. For the query `cache`: `delta.md` and `notes/zeta.md`
 * score 0.75 (delta is first by id, but needs 575 tokens), `alpha.md` and `gamma.md` 0.5,
 * `beta.md` 0.25, `epsilon.md` 0.0.
 */
export const FIXTURE_SOURCES: Readonly<Record<string, string>> = {
  'alpha.md': 'cache budget\n',
  'beta.md': 'cache one two three\n',
  'delta.md': 'cache cache cache word\n'.repeat(100),
  'epsilon.md': 'nothing relevant here\n',
  'gamma.md': 'budget cache\n',
  'notes/Zeta.md': 'Cache CACHE cache word\n',
};

/** The cache of {@link FIXTURE_SOURCES}. */
export const FIXTURE_CACHE = 'conformance-fixture';
/** The same cache with one document edited after the build (`cache_invalid`). */
export const TAMPERED_CACHE = 'conformance-tampered';
/**
 * A copy of {@link FIXTURE_CACHE} holding one more file, {@link UNREADABLE_FILE}, with no read
 * permission (a process running as root still reads it).
 */
export const UNREADABLE_CACHE = 'conformance-unreadable';
/** The file of {@link UNREADABLE_CACHE} that cannot be read, and its size in bytes. */
export const UNREADABLE_FILE = { name: 'unreadable.bin', bytes: 64 } as const;
/** A folder whose `manifest.json` is not JSON (listed with a manifest; inspected as invalid). */
export const BROKEN_MANIFEST_CACHE = 'conformance-broken-manifest';
/** An empty folder. */
export const NO_MANIFEST_CACHE = 'conformance-no-manifest';
/** A folder whose `manifest.json` is a folder, not a regular file. */
export const MANIFEST_FOLDER_CACHE = 'conformance-manifest-dir';
/** A folder holding a folder (`inner`): only the outer one is a candidate. */
export const NESTED_CACHE = 'conformance-nested';
/** A regular file in the root: never a cache. */
export const ROOT_FILE = 'conformance-notes.txt';
/** A symbolic link to {@link FIXTURE_CACHE}, inside the root: not listed (links are not followed). */
export const INNER_LINK = 'conformance-link';
/** A symbolic link to the cache next to the root: leaves the root. */
export const ESCAPING_LINK = 'conformance-escape';
/** The folder next to the root holding a valid cache, which no cache name may reach. */
export const OUTSIDE_CACHE = 'outside';

/**
 * Empty folders whose names sort differently by UTF-8 bytes than by UTF-16 units or by locale:
 * uppercase before lowercase, U+FF41 before U+1F600.
 */
export const ORDERING_CACHES: readonly string[] = [
  'Conformance-Upper',
  'conformance-\uff41',
  'conformance-\u{1f600}',
];

/** What `context.list_caches` answers for the fixture root, in order (`path`, `has_manifest`). */
export const FIXTURE_LISTING: readonly (readonly [string, boolean])[] = [
  ['Conformance-Upper', false],
  [BROKEN_MANIFEST_CACHE, true],
  [FIXTURE_CACHE, true],
  [MANIFEST_FOLDER_CACHE, false],
  [NESTED_CACHE, false],
  [NO_MANIFEST_CACHE, false],
  [TAMPERED_CACHE, true],
  [UNREADABLE_CACHE, true],
  ['conformance-\uff41', false],
  ['conformance-\u{1f600}', false],
];

/** The build configuration of v0 as the cache version hashes it (`context_cache.md §Build Configuration`). */
const BUILD_CONFIG_JSON = '{"version":"1","hash_algorithm":"sha256"}';

/** `sha256:` and the hex digest of `content` (`document_model.md §Versioning`). */
export function documentVersion(content: string): string {
  return `sha256:${createHash('sha256').update(content, 'utf8').digest('hex')}`;
}

/** The document id of a source path: lowercase, forward slashes (`document_model.md §Identity`). */
export function documentId(source: string): string {
  return source.toLowerCase();
}

/** UTF-8 byte order of two strings. */
export function compareUtf8(left: string, right: string): number {
  return Buffer.compare(Buffer.from(left, 'utf8'), Buffer.from(right, 'utf8'));
}

/**
 * The fixture cache's `cache_version` (`context_cache.md §Cache Version`): sha256 of the
 * compact build configuration followed by every `id:version`, ids in UTF-8 byte order.
 */
export function fixtureCacheVersion(): string {
  const pairs = Object.entries(FIXTURE_SOURCES)
    .map(([source, content]) => `${documentId(source)}:${documentVersion(content)}`)
    .sort(compareUtf8);
  const hash = createHash('sha256').update(BUILD_CONFIG_JSON, 'utf8');
  for (const pair of pairs) hash.update(pair, 'utf8');
  return `sha256:${hash.digest('hex')}`;
}

/** One selected document of an expected answer: its source and the v0 facts worked out by hand. */
interface ExpectedDocument {
  /** The key of {@link FIXTURE_SOURCES}. */
  readonly source: string;
  /** The score as the reference prints 32-bit floats. */
  readonly score: string;
  /** `ceil(bytes / 4)`. */
  readonly tokens: number;
  /** Words equal to a query term. */
  readonly termMatches: number;
  /** Words of the lowercased content. */
  readonly totalWords: number;
}

/** A `context.resolve` call on the fixture and its v0 answer, worked out by hand. */
export interface ExpectedAnswer {
  /** The query sent. */
  readonly query: string;
  /** The budget sent. */
  readonly budget: number;
  /** The lowercased, whitespace-split terms (`why.query_terms`). */
  readonly queryTerms: readonly string[];
  /** The selected documents, in order. */
  readonly documents: readonly ExpectedDocument[];
  /** `selection.tokens_used`. */
  readonly tokensUsed: number;
  /** `selection.documents_excluded_by_budget`. */
  readonly excluded: number;
}

const documentRow = (
  source: string,
  score: string,
  tokens: number,
  termMatches: number,
  totalWords: number,
): ExpectedDocument => ({ source, score, tokens, termMatches, totalWords });

/**
 * Calls whose exact v0 answers are known. Tokens are `ceil(bytes / 4)`; scores are term
 * matches over words after lowercasing and splitting on whitespace.
 */
export const EXPECTED_ANSWERS: readonly ExpectedAnswer[] = [
  {
    // delta.md (0.75, 575 tokens) is skipped; epsilon.md (6 tokens) no longer fits.
    query: 'cache',
    budget: 20,
    queryTerms: ['cache'],
    documents: [
      documentRow('notes/Zeta.md', '0.75', 6, 3, 4),
      documentRow('alpha.md', '0.5', 4, 1, 2),
      documentRow('gamma.md', '0.5', 4, 1, 2),
      documentRow('beta.md', '0.25', 5, 1, 4),
    ],
    tokensUsed: 19,
    excluded: 2,
  },
  {
    // Two terms, mixed case and a double space; everything fits.
    query: 'CACHE  budget',
    budget: 1000,
    queryTerms: ['cache', 'budget'],
    documents: [
      documentRow('alpha.md', '1.0', 4, 2, 2),
      documentRow('gamma.md', '1.0', 4, 2, 2),
      documentRow('delta.md', '0.75', 575, 300, 400),
      documentRow('notes/Zeta.md', '0.75', 6, 3, 4),
      documentRow('beta.md', '0.25', 5, 1, 4),
      documentRow('epsilon.md', '0.0', 6, 0, 3),
    ],
    tokensUsed: 600,
    excluded: 0,
  },
  {
    // No terms: every score is 0.0 and ids alone decide the order.
    query: '',
    budget: 10,
    queryTerms: [],
    documents: [documentRow('alpha.md', '0.0', 4, 0, 2), documentRow('beta.md', '0.0', 5, 0, 4)],
    tokensUsed: 9,
    excluded: 4,
  },
  {
    query: 'cache',
    budget: 0,
    queryTerms: ['cache'],
    documents: [],
    tokensUsed: 0,
    excluded: 6,
  },
];

/** The compact JSON text of an expected answer, as the reference CLI prints it (without its final newline). */
export function expectedAnswerText(answer: ExpectedAnswer): string {
  const terms = JSON.stringify(answer.queryTerms);
  const documents = answer.documents.map((row) => {
    const content = FIXTURE_SOURCES[row.source] ?? '';
    return (
      `{"id":${JSON.stringify(documentId(row.source))},"version":"${documentVersion(content)}",` +
      `"content":${JSON.stringify(content)},"score":${row.score},"tokens":${row.tokens},` +
      `"why":{"query_terms":${terms},"term_matches":${row.termMatches},"total_words":${row.totalWords}}}`
    );
  });
  const considered = Object.keys(FIXTURE_SOURCES).length;
  return (
    `{"documents":[${documents.join(',')}],"selection":{"query":${JSON.stringify(answer.query)},` +
    `"budget":${answer.budget},"tokens_used":${answer.tokensUsed},"documents_considered":${considered},` +
    `"documents_selected":${answer.documents.length},"documents_excluded_by_budget":${answer.excluded}}}`
  );
}
