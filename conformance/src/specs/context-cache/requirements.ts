/**
 * The requirements of the `context-cache` spec: the MCP interface of context caches
 * (`context-cache-mcp.md`) and the documents it refers to (`specs/context-engine/`: the three
 * tool documents, the error schema, and the selection rules that `context.resolve` projects).
 *
 * Where `context-cache-mcp.md` and a tool document disagree, the interface wins
 * (`context.list_caches` takes no `root`; an unparseable manifest may be reported either way the
 * interface allows). Statements without an RFC 2119 keyword get the level the text supports,
 * and the comment says why. Not checked here, because one target cannot show them: the identity
 * of the CLI and MCP outputs (the reference app's tests assert it), transport independence, and
 * the absence of network access.
 *
 * @module
 */

import { type Requirement, X_PROFILE } from '../../requirement.js';

/**
 * The source every requirement cites: the interface document, which makes the documents of
 * `specs/context-engine/` normative by reference; `section` names the file, then its heading.
 */
const SOURCE = 'context-cache-mcp';
const INTERFACE = 'context-cache-mcp.md';
const RESOLVE = 'core/mcp/context.resolve.md';
const LIST = 'core/mcp/context.list_caches.md';
const INSPECT = 'core/mcp/context.inspect_cache.md';
const ERRORS = 'core/mcp/error_schema.md';
const SELECTION = 'core/context_selection.md';

/** Every requirement of `context-cache`, in report order. */
export const contextCacheRequirements: readonly Requirement[] = [
  {
    // "v0 uses stdio only"; HTTP, SSE and WebSocket are out of scope.
    id: 'context-cache.transport.stdio',
    spec: SOURCE,
    section: `${INTERFACE}: Transport`,
    level: 'MUST',
    summary: 'A v0 context-cache server is reached over stdio, never over HTTP.',
    phrase: 'v0 speaks over stdio only',
  },
  {
    // The Core Tools table defines the interface; a server without its tools does not implement it.
    id: 'context-cache.tools.present',
    spec: SOURCE,
    section: `${INTERFACE}: Core Tools`,
    level: 'MUST',
    summary:
      'The server lists the tools context.resolve, context.list_caches and context.inspect_cache.',
  },
  {
    // "All inputs are required"; the schema gives budget type integer and minimum 0.
    id: 'context-cache.resolve.input-schema',
    spec: SOURCE,
    section: `${RESOLVE}: Input Schema; Input Rules`,
    level: 'MUST',
    summary:
      'context.resolve declares cache and query as strings and budget as an integer with minimum 0, all three required.',
  },
  {
    id: 'context-cache.list-caches.input-schema',
    spec: SOURCE,
    section: `${INTERFACE}: context.list_caches: Inputs`,
    level: 'MUST',
    summary:
      'context.list_caches requires no argument (the interface wins over the root argument of its tool document).',
  },
  {
    id: 'context-cache.inspect-cache.input-schema',
    spec: SOURCE,
    section: `${INSPECT}: Input Schema`,
    level: 'MUST',
    summary: 'context.inspect_cache declares cache as a string and requires it.',
  },
  {
    id: 'context-cache.resolve.result-shape',
    spec: SOURCE,
    section: `${RESOLVE}: Output Schema`,
    level: 'MUST',
    summary:
      'A resolve result is one text item holding a SelectionResult whose fields come in the specified order with the specified types.',
  },
  {
    // The Determinism Contract makes MCP output byte-identical to the reference CLI; on the
    // fixture the CLI's answer is known, worked out from the v0 rules of context_selection.md.
    id: 'context-cache.resolve.v0-answers',
    spec: SOURCE,
    section: `${RESOLVE}: Determinism Contract; ${SELECTION} v0: Term Frequency, Token Counting`,
    level: 'MUST',
    summary:
      'On the fixture cache, context.resolve answers byte for byte what the reference CLI prints (a final newline aside).',
  },
  {
    id: 'context-cache.resolve.deterministic',
    spec: SOURCE,
    section: `${RESOLVE}: Determinism Contract; ${INTERFACE} Protocol Requirements`,
    level: 'MUST',
    summary:
      'The same context.resolve call answers the same bytes twice in one session and again in a new session.',
  },
  {
    // Ordering is "fully specified" (Invariants 2) and "Non-deterministic tie-breaking" is forbidden.
    id: 'context-cache.resolve.ordering',
    spec: SOURCE,
    section: `${SELECTION}: Ordering; Invariants 2`,
    level: 'MUST',
    summary:
      'Selected documents come by score descending, ties by id ascending in UTF-8 byte order.',
  },
  {
    // Invariant 3 "Token usage never exceeds budget"; budget approximation that can exceed it is forbidden.
    id: 'context-cache.resolve.budget-bound',
    spec: SOURCE,
    section: `${SELECTION}: Budget Rules; Invariants 3`,
    level: 'MUST',
    summary:
      "tokens_used never exceeds the budget and equals the sum of the selected documents' tokens.",
  },
  {
    // "Documents are never truncated"; "Documents that don't fit are skipped" (and truncation is forbidden).
    id: 'context-cache.resolve.skip-not-truncate',
    spec: SOURCE,
    section: `${SELECTION}: Filling the Budget; Budget Rules 1-2`,
    level: 'MUST',
    summary:
      'A document that does not fit is skipped whole while later ones that fit are still taken; content is never cut.',
  },
  {
    id: 'context-cache.resolve.budget-zero',
    spec: SOURCE,
    section: `${SELECTION}: Budget Rules 4`,
    level: 'MUST',
    summary: 'A budget of 0 uses no tokens: no document of positive size is selected.',
  },
  {
    // The output schema requires these fields, and "the selection is fully reconstructible from the output".
    id: 'context-cache.resolve.accounting',
    spec: SOURCE,
    section: `${SELECTION}: Explainability; ${RESOLVE} Output Schema`,
    level: 'MUST',
    summary:
      "selection echoes query and budget; documents_selected counts the documents; considered = selected + excluded = the cache's document count.",
  },
  {
    id: 'context-cache.resolve.no-side-effects',
    spec: SOURCE,
    section: `${RESOLVE}: Recovery Policy; Invariants 3; What This Spec Forbids`,
    level: 'MUST',
    summary:
      'Resolving never builds, repairs or changes caches: list and inspect answers are unchanged by resolve calls, failing ones included.',
  },
  {
    id: 'context-cache.errors.shape',
    spec: SOURCE,
    section: `${ERRORS}: JSON Schema; Forbidden Patterns`,
    level: 'MUST',
    summary:
      'A failure is an isError tool result whose only text is {"error":{"code","message"}} with one of the six codes and a non-empty message.',
  },
  {
    // "Implementations MAY use different messages, but message instability is discouraged";
    // the MCP tool document says the message SHOULD be stable.
    id: 'context-cache.errors.canonical-messages',
    spec: SOURCE,
    section: `${ERRORS}: Recommended canonical messages`,
    level: 'SHOULD',
    summary: 'Each error message is the canonical message of its code.',
    // The schema lets implementations choose their own words: the recommended text is our choice.
    profile: X_PROFILE,
  },
  {
    id: 'context-cache.errors.no-diagnostics',
    spec: SOURCE,
    section: `${ERRORS}: Message Field Rules`,
    level: 'MUST',
    summary: 'Error messages hold no file path, hash, stack trace or OS error code.',
  },
  {
    id: 'context-cache.errors.deterministic',
    spec: SOURCE,
    section: `${ERRORS}: Determinism Contract`,
    level: 'MUST',
    summary: 'The same failing call answers the same bytes twice.',
  },
  {
    id: 'context-cache.resolve.cache-missing',
    spec: SOURCE,
    section: `${RESOLVE}: Error Types`,
    level: 'MUST',
    summary: 'A cache name that is no directory inside the root answers cache_missing.',
  },
  {
    id: 'context-cache.resolve.invalid-budget',
    spec: SOURCE,
    section: `${RESOLVE}: Input Rules; Error Types`,
    level: 'MUST',
    summary: 'A budget that is negative, fractional or not a number answers invalid_budget.',
  },
  {
    id: 'context-cache.resolve.invalid-query',
    spec: SOURCE,
    section: `${RESOLVE}: Input Rules; Error Types`,
    level: 'MUST',
    summary: 'A query that is missing or not a string answers invalid_query.',
  },
  {
    // context_cache.md: a changed document invalidates the cache; resolve "must never auto-recover".
    id: 'context-cache.resolve.cache-invalid',
    spec: SOURCE,
    section: `${RESOLVE}: Error Types; Recovery Policy (context_cache.md Invalidation, Verification)`,
    level: 'MUST',
    summary: 'A cache with a tampered document answers cache_invalid, never content.',
  },
  {
    // The interface resolves names "against the configured cache root (with traversal
    // protection)", and "The tool only reads from the specified cache".
    id: 'context-cache.security.traversal',
    spec: SOURCE,
    section: `${INTERFACE}: context.inspect_cache: Behavior; ${RESOLVE} Security and Isolation`,
    level: 'MUST',
    summary:
      'Names that leave the root (.., absolute, percent-encoded, fullwidth dots, links out) answer cache_missing in resolve and inspect.',
  },
  {
    id: 'context-cache.list-caches.shape',
    spec: SOURCE,
    section: `${LIST}: Output Schema; ${INTERFACE} context.list_caches Output Schema`,
    level: 'MUST',
    summary:
      'The answer is {"caches":[{"path","has_manifest"}]} with a string path, a boolean has_manifest and no other keys.',
  },
  {
    id: 'context-cache.list-caches.sorted',
    spec: SOURCE,
    section: `${LIST}: Ordering Rules (frozen)`,
    level: 'MUST',
    summary: 'Caches are sorted by path in UTF-8 byte order.',
  },
  {
    // Inclusion Rules: files ignored, symlink targets not followed, nested folders not scanned.
    id: 'context-cache.list-caches.immediate-directories',
    spec: SOURCE,
    section: `${LIST}: Inclusion Rules`,
    level: 'MUST',
    summary:
      'Only immediate subdirectories are listed: no files, no symbolic links, no nested folders.',
  },
  {
    id: 'context-cache.list-caches.has-manifest',
    spec: SOURCE,
    section: `${LIST}: has_manifest; ${INTERFACE} context.list_caches Behavior`,
    level: 'MUST',
    summary:
      'has_manifest is true exactly when manifest.json is a regular file, parseable or not: false for a folder named manifest.json.',
  },
  {
    id: 'context-cache.list-caches.deterministic',
    spec: SOURCE,
    section: `${LIST}: Determinism Contract`,
    level: 'MUST',
    summary: 'Two calls answer the same bytes.',
  },
  {
    id: 'context-cache.inspect-cache.key-order',
    spec: SOURCE,
    section: `${INSPECT}: Output Schema (normative)`,
    level: 'MUST',
    summary:
      'The answer has exactly cache_version, document_count, total_bytes and valid, in that order, with their types.',
  },
  {
    id: 'context-cache.inspect-cache.values',
    spec: SOURCE,
    section: `${INSPECT}: Output Field Semantics`,
    level: 'MUST',
    summary:
      "For the fixture cache: its manifest's cache_version and document_count, valid true, total_bytes above 0.",
  },
  {
    // The interface's Errors table also names cache_invalid for unparseable JSON, so that answer is accepted too.
    id: 'context-cache.inspect-cache.invalid-manifest',
    spec: SOURCE,
    section: `${INSPECT}: cache_version; document_count; valid; ${INTERFACE} context.inspect_cache Behavior`,
    level: 'MUST',
    summary:
      'A missing or unparseable manifest gives valid false, cache_version "" and document_count 0 (cache_invalid accepted when unparseable).',
  },
  {
    id: 'context-cache.inspect-cache.unreadable-file',
    spec: SOURCE,
    section: `${INSPECT}: total_bytes; valid`,
    level: 'MUST',
    summary:
      'A cache holding a file the server cannot read answers valid false with total_bytes 0, or, when the read succeeds, valid true with the sizes counted.',
    phrase: 'a failed file read makes valid false and total_bytes 0',
  },
  {
    id: 'context-cache.inspect-cache.cache-missing',
    spec: SOURCE,
    section: `${INSPECT}: Error Behavior`,
    level: 'MUST',
    summary: 'A name that does not exist or is not a directory answers cache_missing.',
  },
  {
    id: 'context-cache.inspect-cache.deterministic',
    spec: SOURCE,
    section: `${INSPECT}: Determinism Contract`,
    level: 'MUST',
    summary: 'Two calls on the same cache answer the same bytes.',
  },
];
