/**
 * The `SelectionResult` of `context.resolve` and its byte-exact serializer.
 *
 * @module
 */

import { ContextCacheError } from './errors.js';
import { formatFloat32 } from './float32-format.js';
import { compactJson, jsonString } from './json-text.js';
import type { SelectionWhy } from './selection/strategy.js';

/** One selected document, fields in the spec's order. */
export interface SelectedDocument {
  /** The document id. */
  readonly id: string;
  /** The document version. */
  readonly version: string;
  /** The full content; documents are never truncated. */
  readonly content: string;
  /** The relevance score, a 32-bit float. */
  readonly score: number;
  /** The token count used for budgeting. */
  readonly tokens: number;
  /** The scoring components. */
  readonly why: SelectionWhy;
}

/** Aggregate facts about one selection, fields in the spec's order. */
export interface SelectionMetadata {
  /** The query exactly as given. */
  readonly query: string;
  /** The budget. */
  readonly budget: number;
  /** Tokens of the selected documents; never above `budget`. */
  readonly tokens_used: number;
  /** Every document of the cache. */
  readonly documents_considered: number;
  /** Documents in `documents`. */
  readonly documents_selected: number;
  /** Documents skipped because they did not fit. */
  readonly documents_excluded_by_budget: number;
  /**
   * The strategy, for every strategy but `v0`. Absent for `v0`, whose output is exactly the
   * spec's; `context_selection.md` lets future versions extend the result, and the MCP
   * interface allows versioned parameters for semantic changes.
   */
  readonly strategy?: string;
  /** The token counter, reported with `strategy` (absent for `v0`, whose counter is `ceil(bytes / 4)`). */
  readonly token_counter?: string;
}

/**
 * The result of `context.resolve`.
 *
 * @see context_selection.md §Output; context.resolve.md §Output Schema
 */
export interface SelectionResult {
  /** Selected documents in selection order. */
  readonly documents: readonly SelectedDocument[];
  /** Selection metadata. */
  readonly selection: SelectionMetadata;
}

function integer(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new ContextCacheError({
      code: 'internal_error',
      message: 'A count is not a non-negative integer',
    });
  }
  return String(value);
}

/**
 * Serializes a result byte-identically to the original's CLI and MCP server (serde_json
 * compact output): fields written one by one in the spec's order, scores printed by
 * {@link formatFloat32}. Hand-written rather than `JSON.stringify`, which prints scores as
 * 64-bit floats (`0.3333333432674408`, `1` instead of `0.33333334`, `1.0`). The original
 * sends this text followed by one `\n`; append it at the transport.
 *
 * @see context.resolve.md §Output Schema, §Determinism Contract
 */
export function serializeSelectionResult(result: SelectionResult): string {
  const documents = result.documents.map(
    (document) =>
      `{"id":${jsonString(document.id)},"version":${jsonString(document.version)},` +
      `"content":${jsonString(document.content)},"score":${formatFloat32(document.score)},` +
      `"tokens":${integer(document.tokens)},"why":${compactJson(document.why)}}`,
  );
  const selection = result.selection;
  const identity =
    selection.strategy === undefined
      ? ''
      : `,"strategy":${jsonString(selection.strategy)},"token_counter":${jsonString(selection.token_counter ?? '')}`;
  return (
    `{"documents":[${documents.join(',')}],"selection":{"query":${jsonString(selection.query)},` +
    `"budget":${integer(selection.budget)},"tokens_used":${integer(selection.tokens_used)},` +
    `"documents_considered":${integer(selection.documents_considered)},` +
    `"documents_selected":${integer(selection.documents_selected)},` +
    `"documents_excluded_by_budget":${integer(selection.documents_excluded_by_budget)}${identity}}}`
  );
}
