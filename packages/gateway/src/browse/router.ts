/**
 * The query router: flat BM25F ranking of every tool with the shared core ranker.
 *
 * @module
 */

import {
  createToolRanker,
  type RankableTool,
  type ToolRanker,
  type ToolServerInfo,
} from '@x/core/search';
import { GatewayError } from '../errors.js';
import { compareCodePoints } from '../util/strings.js';

/**
 * The number of cards `tool_browse(query)` returns when `top_k` is not given.
 *
 * @see gateway-surface §3.1
 */
export const DEFAULT_TOP_K = 10;

/**
 * The most cards one `tool_browse(query)` returns.
 *
 * @see gateway-surface §3.1
 */
export const MAX_TOP_K = 50;

/**
 * The longest query accepted, in UTF-16 code units.
 *
 * @see gateway-surface §3.1
 */
export const MAX_QUERY_LENGTH = 4_096;

/**
 * What the router indexes of one tool.
 *
 * @see gateway-surface §3.1
 */
export interface RouterDocument {
  /** The canonical id, the result key and the tie-break. */
  toolId: string;
  /** The upstream tool name (split at `_`, `.`, camelCase by the tokenizer). */
  name: string;
  /** The tool's namespace. */
  namespace: string;
  /** The full upstream description (not the card's truncated one). */
  description: string;
  /** The tool's tags. */
  tags: readonly string[];
  /** The input schema; its property names (nested too) and descriptions are indexed. */
  inputSchema: unknown;
  /**
   * Other names a request may call the tool by (its client-safe name, its id): a request equal
   * to one, or holding an identifier-shaped one, ranks the tool first.
   */
  names?: readonly string[];
  /** The server it comes from (its `upstream`), for server evidence; default the namespace. */
  server?: string;
}

/**
 * One ranked tool.
 *
 * @see gateway-surface §2.5
 */
export interface RouteHit {
  /** The tool's canonical id. */
  toolId: string;
  /** The ranking score (BM25F, or the sentence-aware score of a multi-sentence query) rounded to 4 decimals, as carried on the card. */
  score: number;
}

/**
 * Ranks a catalog's tools for a query.
 *
 * @see gateway-surface §3.1
 */
export interface Router {
  /**
   * The best `topK` tools for `query`: score descending, ties by `tool_id`
   * ascending (§2.5), scores rounded to 4 decimals before ordering so the
   * order is the one the cards show. A query that matches nothing (only stop
   * words, say) gives `[]`. A query that is not a non-blank string of at most
   * {@link MAX_QUERY_LENGTH} code units, or a `topK` that is not an integer
   * from 1 to {@link MAX_TOP_K}, throws {@link GatewayError} `ARGS_INVALID`.
   */
  route(query: string, topK?: number): RouteHit[];
}

function argsInvalid(message: string, field: string): GatewayError {
  return new GatewayError({ code: 'ARGS_INVALID', message, data: { field } });
}

/**
 * Builds the router of a catalog on core's tool ranker (`createToolRanker` of
 * `@x/core/search`): one BM25F index over each tool's name, namespace, description, tags and
 * parameter names (and, with a small weight, parameter descriptions), weighted by core's
 * `TOOL_SEARCH_FIELDS`, each distinct query term counted once, flat over every tool
 * (ARCHITECTURE: the ChoiceGraph is for path browsing only). A request that asks for several
 * things (sentences, clauses joined by `, and`, `also`, `then` ...) is ranked part by part as
 * well as whole, so each part's best tools reach the top `top_k`; servers that describe
 * themselves (`servers`) count toward their tools; a request that is or contains a tool's
 * name, client-safe name or id ranks it first.
 *
 * @see gateway-surface §2.5, §3.1
 */
export function createRouter(
  documents: Iterable<RouterDocument>,
  options: { readonly servers?: readonly ToolServerInfo[] } = {},
): Router {
  const ranker = createRouterRanker([...documents], options.servers);
  return {
    route(query, topK = DEFAULT_TOP_K) {
      checkRouteArguments(query, topK);
      return toRouteHits(ranker.rankLexical(query, topK).hits);
    },
  };
}

/** A router document as core's tool ranker reads it. */
export type RankedRouterDocument = RouterDocument & RankableTool;

/** The core tool ranker over router documents, optionally with embedding similarities. */
export function createRouterRanker(
  documents: readonly RouterDocument[],
  servers?: readonly ToolServerInfo[],
  semantic?: Parameters<typeof createToolRanker>[0]['semantic'],
  semanticWeight?: number,
): ToolRanker<RankedRouterDocument> {
  return createToolRanker<RankedRouterDocument>({
    tools: documents.map((document) => ({ ...document, id: document.toolId })),
    ...(servers === undefined ? {} : { servers }),
    ...(semantic === undefined ? {} : { semantic }),
    ...(semanticWeight === undefined ? {} : { semanticWeight }),
  });
}

/**
 * Checks a query and a `top_k` as §3.1 bounds them.
 *
 * @throws {@link GatewayError} `ARGS_INVALID` naming the field.
 */
export function checkRouteArguments(query: unknown, topK: unknown): void {
  if (typeof query !== 'string' || query.trim() === '') {
    throw argsInvalid('query must be a non-blank string', 'query');
  }
  if (query.length > MAX_QUERY_LENGTH) {
    throw argsInvalid(`query must be at most ${MAX_QUERY_LENGTH} characters`, 'query');
  }
  if (!Number.isInteger(topK) || (topK as number) < 1 || (topK as number) > MAX_TOP_K) {
    throw argsInvalid(`top_k must be an integer from 1 to ${MAX_TOP_K}`, 'top_k');
  }
}

/** Ranked hits as the cards carry them: scores rounded to 4 decimals, then ordered by §2.5. */
export function toRouteHits(hits: readonly { id: string; score: number }[]): RouteHit[] {
  return hits
    .map((hit) => ({ toolId: hit.id, score: Math.round(hit.score * 10_000) / 10_000 }))
    .sort(
      (left, right) => right.score - left.score || compareCodePoints(left.toolId, right.toolId),
    );
}
