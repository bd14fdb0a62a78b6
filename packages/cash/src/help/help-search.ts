/**
 * `help(namespace, kwargs={"query": ...})`: a listing's entries ranked by the core ranker, so
 * a model finds the function it needs in a namespace of thousands without reading them all.
 *
 * @module
 */

import {
  createSearchIndex,
  type SearchableTool,
  type SearchIndex,
  TOOL_SEARCH_FIELDS,
  type ToolSearchField,
  toolSearchText,
} from '@x/core/search';
import type { ListingEntry } from './views.js';

/** One entry of a listing as the ranker sees it. */
export interface RankableEntry {
  /** A sub-namespace or a function. */
  readonly kind: 'namespace' | 'function';
  /** What the listing shows. */
  readonly entry: ListingEntry;
  /** Longer text than the one-liner (a function's description), when there is one. */
  readonly description?: string | undefined;
  /** A function's input schema: its parameter names and descriptions are searched too. */
  readonly inputSchema?: unknown;
  /** Labels. */
  readonly tags?: readonly string[] | undefined;
  /** The object the entry stands for (a node or a function): an index is reused while these are the same. */
  readonly source: object;
}

interface Document extends SearchableTool {
  readonly id: string;
  readonly position: number;
}

interface KeptIndex {
  readonly sources: readonly object[];
  readonly index: SearchIndex<Document>;
}

/** Indexes kept per listing owner (a mount's content, a namespace node); dropped with it. */
const kept = new WeakMap<object, KeptIndex>();

function sameSources(entries: readonly RankableEntry[], sources: readonly object[]): boolean {
  return (
    entries.length === sources.length &&
    entries.every((entry, position) => entry.source === sources[position])
  );
}

function buildIndex(entries: readonly RankableEntry[]): SearchIndex<Document> {
  const index = createSearchIndex<Document, ToolSearchField>({
    fields: TOOL_SEARCH_FIELDS,
    id: (document) => document.id,
    text: toolSearchText,
    termsOnce: true,
  });
  index.add(
    entries.map((item, position) => ({
      id: `${item.kind === 'namespace' ? 'n' : 'f'}:${position}`,
      position,
      name: item.entry.name.replaceAll('_', ' '),
      description: [item.entry.description, item.description ?? ''].join(' '),
      tags: item.tags,
      inputSchema: item.inputSchema,
    })),
  );
  return index;
}

/**
 * Ranks a listing's entries against `query` with the core ranker (`@x/core/search`, tool
 * fields: name, one-liner and description, tags, parameter names and descriptions) and returns
 * those that match, best first; ties keep the listing's order. `owner` keys a kept index: it
 * is rebuilt only when the entries' sources change.
 */
export function rankEntries(
  entries: readonly RankableEntry[],
  query: string,
  owner: object | undefined,
): RankableEntry[] {
  let index: SearchIndex<Document>;
  const known = owner === undefined ? undefined : kept.get(owner);
  if (known !== undefined && sameSources(entries, known.sources)) {
    index = known.index;
  } else {
    index = buildIndex(entries);
    if (owner !== undefined) {
      kept.set(owner, { sources: entries.map((entry) => entry.source), index });
    }
  }
  return index
    .search(query, { limit: entries.length, sentences: true })
    .sort(
      (left, right) => right.score - left.score || left.document.position - right.document.position,
    )
    .map((hit) => entries[hit.document.position] as RankableEntry);
}
