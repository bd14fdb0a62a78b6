/**
 * Servers as evidence: what a server says about itself, ranked beside its tools.
 *
 * @module
 */

import { createSearchIndex, type SearchIndex } from './search-index.js';
import type { SearchFieldOptions } from './search-options.js';
import { tokenize as defaultTokenize } from './tokenize.js';

/** What a server says about itself (its `serverInfo` and `instructions`, from `initialize`). */
export interface ToolServerInfo {
  /** The server's name: its key in the configuration, the tools' namespace. */
  readonly name: string;
  /** `serverInfo.title`. */
  readonly title?: string | undefined;
  /** `serverInfo.description`. */
  readonly description?: string | undefined;
  /** The `instructions` of its `initialize` answer. */
  readonly instructions?: string | undefined;
}

/** The fields of a server document and their weights: its name and title count most. */
const SERVER_FIELDS: Readonly<Record<ServerField, SearchFieldOptions>> = {
  name: { weight: 3 },
  title: { weight: 3 },
  description: { weight: 2 },
  instructions: { weight: 1 },
  sharedWords: { weight: 1 },
};

type ServerField = 'name' | 'title' | 'description' | 'instructions' | 'sharedWords';

interface ServerDocument extends ToolServerInfo {
  readonly sharedWords: string;
}

/** The most shared words kept per server. */
const SHARED_WORDS = 24;

/**
 * The words a server's tools share: terms found in the name or description of at least two of
 * its tools (and of at least a fifth of them), most shared first, at most 24.
 * A server of one tool shares nothing: its tool's words already count for the tool.
 */
export function sharedWords(
  tools: readonly { readonly name: string; readonly description?: string | undefined }[],
  tokenize: (text: string) => readonly string[] = defaultTokenize,
): string[] {
  const counts = new Map<string, number>();
  for (const tool of tools) {
    for (const term of new Set(tokenize(`${tool.name} ${tool.description ?? ''}`))) {
      counts.set(term, (counts.get(term) ?? 0) + 1);
    }
  }
  const least = Math.max(2, Math.ceil(tools.length / 5));
  return [...counts]
    .filter(([, count]) => count >= least)
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))
    .slice(0, SHARED_WORDS)
    .map(([term]) => term);
}

/** Ranks servers for a query, built by {@link createServerEvidence}. */
export interface ServerEvidence {
  /**
   * Each server's BM25F score for `text` over the best server's, by server name (0: no match).
   * Empty when no server matches.
   */
  shares(text: string): ReadonlyMap<string, number>;
}

/**
 * Indexes servers by their name, title, description, instructions and the words their tools
 * share (`toolsByServer`, see {@link sharedWords}) with the lexical ranker of this module.
 */
export function createServerEvidence(
  servers: readonly ToolServerInfo[],
  toolsByServer: ReadonlyMap<
    string,
    readonly { readonly name: string; readonly description?: string | undefined }[]
  >,
): ServerEvidence {
  const index: SearchIndex<ServerDocument> = createSearchIndex<ServerDocument, ServerField>({
    fields: SERVER_FIELDS,
    id: (server) => server.name,
    text: (server, field) => server[field],
    termsOnce: true,
  });
  const unique = new Map<string, ToolServerInfo>();
  for (const server of servers) if (!unique.has(server.name)) unique.set(server.name, server);
  index.add(
    [...unique.values()].map((server) => ({
      ...server,
      sharedWords: sharedWords(toolsByServer.get(server.name) ?? []).join(' '),
    })),
  );
  return {
    shares(text) {
      const hits = index.search(text, { limit: Number.POSITIVE_INFINITY });
      const best = hits[0]?.score ?? 0;
      const shares = new Map<string, number>();
      if (best <= 0) return shares;
      for (const hit of hits) shares.set(hit.id, hit.score / best);
      return shares;
    },
  };
}
