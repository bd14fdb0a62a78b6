/**
 * The one ranking path for tools: the gateway's `tool_browse(query)`, CaSH help search and the
 * progressive-disclosure proxy all rank through {@link createToolRanker}.
 *
 * @module
 */

import { CoreError } from '../errors.js';
import { fuseWithBestPart, valueRange } from './best-part-fusion.js';
import { createExactNameMatcher } from './exact-names.js';
import { requestParts } from './request-parts.js';
import { createSearchIndex } from './search-index.js';
import { checkLimit } from './search-options.js';
import {
  createServerEvidence,
  type ServerEvidence,
  type ToolServerInfo,
} from './server-evidence.js';
import { tokenize } from './tokenize.js';
import {
  type SearchableTool,
  TOOL_SEARCH_FIELDS,
  type ToolSearchField,
  toolSearchText,
} from './tool-fields.js';
import { selectTop } from './top-k.js';

/** A tool as {@link createToolRanker} ranks it. */
export interface RankableTool extends SearchableTool {
  /** The tool's id: the answer's key and the tie-break. */
  readonly id: string;
  /** The server it comes from (see `ToolRankerOptions.servers`); default its `namespace`. */
  readonly server?: string | undefined;
  /**
   * Names a request may call it by besides `name` (a client-safe name, the id): a request equal
   * to one, or holding an identifier-shaped one as a word, ranks the tool first.
   */
  readonly names?: readonly string[] | undefined;
}

/**
 * Similarities from an embedding model, for hybrid ranking (`@x/core/embeddings` makes one with
 * `createToolVectors`).
 */
export interface SemanticScores {
  /** Whether every tool has its vector, so {@link SemanticScores.similarities} answers at once. */
  readonly ready: boolean;
  /**
   * The cosine similarity of each text to every tool, in the order of the ranker's tools. Waits
   * for the tools' vectors; rejects with a `CoreError` when the model fails.
   */
  similarities(texts: readonly string[], signal?: AbortSignal): Promise<Float64Array[]>;
}

/** Which ranking made an answer: `lexical` (BM25F) or `hybrid` (BM25F fused with embeddings). */
export type Ranking = 'lexical' | 'hybrid';

/** What {@link createToolRanker} takes. */
export interface ToolRankerOptions<Tool extends RankableTool> {
  /** The tools; ids must be unique. */
  readonly tools: readonly Tool[];
  /** What the tools' servers say about themselves; a tool's server is found by name. */
  readonly servers?: readonly ToolServerInfo[];
  /**
   * How much a tool's server's match counts beside the tool's own (both as shares of the best
   * match): a finite number `>= 0`; default 0.25.
   */
  readonly serverWeight?: number;
  /** Embedding similarities; without them every answer is lexical. */
  readonly semantic?: SemanticScores;
  /**
   * The weight of a part's rescaled cosine similarity beside its lexical share: a finite number
   * `>= 0`; default 1.5.
   */
  readonly semanticWeight?: number;
}

/** One ranked tool. */
export interface ToolHit<Tool> {
  /** The tool's id. */
  readonly id: string;
  /** The fused score; higher is better, comparable within one answer only. */
  readonly score: number;
  /** The tool as given. */
  readonly tool: Tool;
}

/** What {@link ToolRanker.rank} answers. */
export interface ToolRankingResult<Tool> {
  /** The best tools, best first (ties by id, by UTF-16 code unit). */
  readonly hits: ToolHit<Tool>[];
  /** Which ranking made the answer. */
  readonly ranking: Ranking;
  /** Into how many parts the request was split (1: ranked whole). */
  readonly parts: number;
}

/** What {@link ToolRanker.rank} takes besides the request. */
export interface ToolRankOptions {
  /** The most hits: a whole number `>= 0` or `Infinity`; default 10. */
  readonly limit?: number;
  /**
   * `auto` (default): hybrid once the tools' vectors are ready, lexical until then and without
   * embeddings. `lexical` pins the lexical ranking; `hybrid` waits for the vectors (lexical
   * without embeddings).
   */
  readonly ranking?: 'auto' | Ranking;
  /** Aborts waiting for the model. */
  readonly signal?: AbortSignal;
  /** Told when the model fails and the answer falls back to the lexical ranking. */
  readonly onFallback?: (error: CoreError) => void;
}

/** Ranks a set of tools for requests, built by {@link createToolRanker}. */
export interface ToolRanker<Tool> {
  /** The lexical answer, at once. */
  rankLexical(query: string, limit?: number): ToolRankingResult<Tool>;
  /** The answer of the ranking `options.ranking` chooses. */
  rank(query: string, options?: ToolRankOptions): Promise<ToolRankingResult<Tool>>;
  /** Whether hybrid answers are available without waiting. */
  readonly hybridReady: boolean;
}

/** One part of a request, scored over every tool. */
interface PartScores {
  readonly lexical: Float64Array;
  readonly cosine?: Float64Array;
}

/**
 * Creates the tool ranker: BM25F over each tool's name, namespace, description, tags and
 * parameters (`TOOL_SEARCH_FIELDS`, each query term once), with these on top:
 *
 * - **Task-shaped requests**: a request is split into parts (`requestParts`: sentences, then
 *   clauses at `, and`, `also`, `then` ...). A tool scores its share of the whole request's best
 *   score plus its best share over the parts, so each part's best tools reach the answer.
 * - **Servers as evidence**: a tool's share adds `serverWeight` times its server's share of the
 *   best server match (name, title, description, instructions, the words its tools share).
 * - **Embeddings** (with `semantic`): each part's share adds `semanticWeight` times its cosine
 *   similarity rescaled over the tools to [0, 1] (the whole request's weight divided by the
 *   number of parts), so a clear lexical match keeps its place and meaning decides where words
 *   differ. Measured in `pnpm bench retrieval`.
 * - **Exact names win**: tools the request names (`createExactNameMatcher`) come first.
 *
 * @throws `CoreError` `INVALID_ARGUMENT` on a duplicate id or a weight out of range.
 */
export function createToolRanker<Tool extends RankableTool>(
  options: ToolRankerOptions<Tool>,
): ToolRanker<Tool> {
  const { tools, semantic } = options;
  const serverWeight = weightOption('serverWeight', options.serverWeight, 0.25);
  const semanticWeight = weightOption('semanticWeight', options.semanticWeight, 1.5);
  const index = createSearchIndex<Tool, ToolSearchField>({
    fields: TOOL_SEARCH_FIELDS,
    id: (tool) => tool.id,
    text: toolSearchText,
    termsOnce: true,
  });
  index.add(tools);
  const ids = tools.map((tool) => tool.id);
  const names = createExactNameMatcher(tools.map((tool) => [tool.name, ...(tool.names ?? [])]));
  const serverOf = tools.map((tool) => tool.server ?? tool.namespace ?? '');
  const evidence = serverEvidence(options.servers, tools, serverOf);
  const everyone = Int32Array.from(tools.keys());

  function lexicalShares(text: string): Float64Array {
    const scores = index.scores(text);
    const top = maximum(scores);
    const shares = new Float64Array(scores.length);
    if (top > 0) for (let i = 0; i < scores.length; i += 1) shares[i] = (scores[i] as number) / top;
    if (evidence === undefined || serverWeight === 0) return shares;
    const servers = evidence.shares(text);
    if (servers.size === 0) return shares;
    for (let i = 0; i < shares.length; i += 1) {
      const server = servers.get(serverOf[i] as string);
      if (server !== undefined) shares[i] = (shares[i] as number) + serverWeight * server;
    }
    const fusedTop = maximum(shares);
    for (let i = 0; i < shares.length; i += 1) shares[i] = (shares[i] as number) / fusedTop;
    return shares;
  }

  /** Every tool's fused score for the request (whole first, then its parts). */
  function fuse(whole: PartScores, parts: readonly PartScores[]): Float64Array {
    return fuseWithBestPart(whole, parts, semanticWeight, partScore);
  }

  function answer(
    query: string,
    fused: Float64Array,
    limit: number,
    ranking: Ranking,
    parts: number,
  ): ToolRankingResult<Tool> {
    const named = names.match(query);
    let top = maximum(fused);
    for (const [order, position] of named.entries()) {
      fused[position] = top + named.length - order;
    }
    if (named.length > 0) top = maximum(fused);
    const chosen = selectTop(
      everyone,
      everyone.length,
      Math.min(limit, everyone.length),
      (x, y) => {
        const scoreX = fused[x] as number;
        const scoreY = fused[y] as number;
        return scoreX > scoreY || (scoreX === scoreY && (ids[x] as string) < (ids[y] as string));
      },
      fused,
    );
    const hits = chosen
      .filter((position) => (fused[position] as number) > 0)
      .map((position) => ({
        id: ids[position] as string,
        score: fused[position] as number,
        tool: tools[position] as Tool,
      }));
    return { hits, ranking, parts };
  }

  function rankLexical(query: string, limit = 10): ToolRankingResult<Tool> {
    checkQuery(query);
    checkLimit(limit);
    const parts = splitParts(query);
    if (parts.length === 0 && evidence === undefined && names.match(query).length === 0) {
      // One part, no server evidence, no name: the index's own top-k walk is the same ranking.
      const found = index.search(query, { limit });
      const top = found[0]?.score ?? 0;
      return {
        hits: found.map((hit) => ({ id: hit.id, score: hit.score / top, tool: hit.document })),
        ranking: 'lexical',
        parts: 1,
      };
    }
    const fused = fuse(
      { lexical: lexicalShares(query) },
      parts.map((part) => ({ lexical: lexicalShares(part) })),
    );
    return answer(query, fused, limit, 'lexical', Math.max(1, parts.length));
  }

  return {
    rankLexical,
    get hybridReady() {
      return semantic?.ready === true;
    },
    async rank(query, rankOptions = {}) {
      const limit = checkLimit(rankOptions.limit ?? 10);
      checkQuery(query);
      const choice = rankOptions.ranking ?? 'auto';
      const hybrid =
        semantic !== undefined && (choice === 'hybrid' || (choice === 'auto' && semantic.ready));
      if (!hybrid) return rankLexical(query, limit);
      const parts = splitParts(query);
      let cosines: Float64Array[];
      try {
        cosines = await semantic.similarities([query, ...parts], rankOptions.signal);
      } catch (error) {
        const cause = CoreError.isInstance(error)
          ? error
          : new CoreError({
              code: 'UPSTREAM_ERROR',
              message: 'the embedding model failed',
              cause: error,
            });
        if (cause.code === 'CANCELLED') throw cause;
        rankOptions.onFallback?.(cause);
        return rankLexical(query, limit);
      }
      const whole = { lexical: lexicalShares(query), cosine: cosines[0] as Float64Array };
      const fused = fuse(
        whole,
        parts.map((part, position) => ({
          lexical: lexicalShares(part),
          cosine: cosines[position + 1] as Float64Array,
        })),
      );
      return answer(query, fused, limit, 'hybrid', Math.max(1, parts.length));
    },
  };
}

/** The parts of a request of two parts or more, else none (the request is ranked whole). */
function splitParts(query: string): string[] {
  const parts = requestParts(query, tokenize);
  return parts.length >= 2 ? parts : [];
}

/** A part's lexical share plus `weight` times its cosine rescaled over the tools to [0, 1]. */
function partScore(part: PartScores, weight: number): Float64Array {
  const scores = Float64Array.from(part.lexical);
  const { cosine } = part;
  if (cosine === undefined || weight === 0) return scores;
  const { lowest, highest } = valueRange(cosine);
  const span = highest - lowest;
  if (!(span > 0)) return scores;
  for (let i = 0; i < scores.length; i += 1) {
    scores[i] = (scores[i] as number) + (weight * ((cosine[i] as number) - lowest)) / span;
  }
  return scores;
}

function serverEvidence<Tool extends RankableTool>(
  servers: readonly ToolServerInfo[] | undefined,
  tools: readonly Tool[],
  serverOf: readonly string[],
): ServerEvidence | undefined {
  const byServer = new Map<string, Tool[]>();
  tools.forEach((tool, position) => {
    const server = serverOf[position] as string;
    const list = byServer.get(server);
    if (list === undefined) byServer.set(server, [tool]);
    else list.push(tool);
  });
  // A server counts as evidence when it says something about itself: its name and the words
  // its tools share are in the tools' own fields already (namespace, name, description).
  const described = (servers ?? []).filter(
    (server) =>
      byServer.has(server.name) &&
      [server.title, server.description, server.instructions].some(
        (text) => text !== undefined && text.trim() !== '',
      ),
  );
  return described.length === 0 ? undefined : createServerEvidence(described, byServer);
}

function maximum(values: Float64Array): number {
  let top = 0;
  for (const value of values) if (value > top) top = value;
  return top;
}

function checkQuery(query: unknown): void {
  if (typeof query !== 'string') {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `a query must be a string, got ${typeof query}`,
    });
  }
}

function weightOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(Number.isFinite(value) && value >= 0)) {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `${name} must be a finite number >= 0, got ${String(value)}`,
    });
  }
  return value;
}
