/**
 * `help(namespace, kwargs={"query": ...})`: a listing's entries ranked by the core ranker, so
 * a model finds the function it needs in a namespace of thousands without reading them all.
 *
 * @module
 */

import { createToolRanker, type RankableTool, type ToolRanker } from '@x/core/search';
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

interface Document extends RankableTool {
  readonly position: number;
}

interface KeptIndex {
  readonly sources: readonly object[];
  readonly index: ToolRanker<Document>;
}

/** Indexes kept per listing owner (a mount's content, a namespace node); dropped with it. */
const kept = new WeakMap<object, KeptIndex>();

function sameSources(entries: readonly RankableEntry[], sources: readonly object[]): boolean {
  return (
    entries.length === sources.length &&
    entries.every((entry, position) => entry.source === sources[position])
  );
}

/** The ranker of a listing: core's one tool-ranking path (`createToolRanker`), lexical. */
function buildIndex(entries: readonly RankableEntry[]): ToolRanker<Document> {
  return createToolRanker<Document>({
    tools: entries.map((item, position) => ({
      id: `${item.kind === 'namespace' ? 'n' : 'f'}:${position}`,
      position,
      name: item.entry.name.replaceAll('_', ' '),
      names: [item.entry.name],
      description: [item.entry.description, item.description ?? ''].join(' '),
      tags: item.tags,
      inputSchema: item.inputSchema,
    })),
  });
}

/**
 * Ranks a listing's entries against `query` with core's tool ranker (`createToolRanker` of
 * `@x/core/search`, the ranking path the gateway's `tool_browse` uses: tool fields name,
 * one-liner and description, tags, parameter names and descriptions; a request of several parts
 * ranked part by part; a request naming an entry exactly ranks it first) and returns those that
 * match, best first; ties keep the listing's order. `owner` keys a kept index: it
 * is rebuilt only when the entries' sources change.
 */
export function rankEntries(
  entries: readonly RankableEntry[],
  query: string,
  owner: object | undefined,
): RankableEntry[] {
  let index: ToolRanker<Document>;
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
    .rankLexical(query, entries.length)
    .hits.sort(
      (left, right) => right.score - left.score || left.tool.position - right.tool.position,
    )
    .map((hit) => entries[hit.tool.position] as RankableEntry);
}
