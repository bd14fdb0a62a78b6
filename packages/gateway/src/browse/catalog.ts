/**
 * The catalog: upstream tools ingested into ids, cards, a router and a
 * ChoiceGraph, hydrated by `tool_id` only.
 *
 * @module
 */

import type { ToolServerInfo } from '@x/core/search';
import { countTokens } from '@x/core/tokens';
import { type CardSourceTool, cardSkeleton, fitDescription } from '../cards/card-builder.js';
import { CARD_HARD_CAP_TOKENS, renderCard } from '../cards/card-render.js';
import type { ChoiceCard } from '../cards/choice-card.js';
import { fitsWithoutEncoding } from '../cards/token-count.js';
import { GatewayError } from '../errors.js';
import { toClientSafeName } from '../tool-id/client-safe-name.js';
import { parseToolId, type ToolIdParts } from '../tool-id/tool-id.js';
import { createToolIdIndex, deriveToolId, type NameDerivation } from '../tool-id/tool-id-derive.js';
import { capLength, sortByCodePoint } from '../util/strings.js';
import { type ChoiceGraph, type ChoiceGraphLeaf, createLeafChoiceGraph } from './choice-graph.js';
import { createRouter, type RouteHit, type RouterDocument } from './router.js';

/**
 * An upstream tool as `tools/list` reports it (an SDK `Tool` fits).
 *
 * @see gateway-surface §1.2, §4.3
 */
export interface CatalogSourceTool extends CardSourceTool {
  /** The JSON Schema of the result's `structuredContent`, if declared. */
  outputSchema?: unknown;
}

/**
 * The tools of one upstream server, as the catalog ingests them.
 *
 * @see gateway-surface §1.2
 */
export interface CatalogSource {
  /** The server's key in the `mcpServers` configuration: where calls go. */
  upstream: string;
  /** The namespace of its tools; default the server key (normalized, §1.2). */
  namespace?: string | undefined;
  /** Its tools, in the order it listed them. */
  tools: readonly CatalogSourceTool[];
  /**
   * What the server says about itself (`serverInfo.title`, `serverInfo.description`,
   * `instructions`): evidence for its tools in `tool_browse(query)`.
   */
  about?: CatalogServerAbout | undefined;
}

/** What a server says about itself in its `initialize` answer. */
export interface CatalogServerAbout {
  /** `serverInfo.title`. */
  title?: string | undefined;
  /** `serverInfo.description`. */
  description?: string | undefined;
  /** `instructions`. */
  instructions?: string | undefined;
}

/**
 * One tool of the catalog: its id and what a call needs to reach it.
 *
 * @see gateway-surface §1.4, §4.6
 */
export interface CatalogEntry {
  /** The canonical `tool_id`. */
  toolId: string;
  /** Its parts. */
  parts: ToolIdParts;
  /** The server key the tool belongs to. */
  upstream: string;
  /** The name to call it by upstream. */
  upstreamName: string;
  /** The §1.4 rule that made the id (`configured` for every upstream of a configuration). */
  derivation: NameDerivation;
  /** The tool as the upstream listed it. */
  tool: CatalogSourceTool;
}

/**
 * What hydration returns: the tool's real schema, keyed by `tool_id`.
 *
 * @see gateway-surface §4.3
 */
export interface HydrationResult {
  /** The canonical id that was hydrated. */
  tool_id: string;
  /** The upstream tool name. */
  name: string;
  /** The upstream title, when it has one. */
  title?: string;
  /** The full upstream description (the card carries a truncated one). */
  description: string;
  /** The upstream input schema, as received. */
  input_schema: unknown;
  /** The upstream output schema, when declared. */
  output_schema?: unknown;
  /** The upstream's behaviour hints: unverified, informational only. */
  annotations?: Record<string, unknown>;
}

/**
 * What {@link createCatalog} takes besides the sources.
 *
 * @see gateway-surface §3
 */
export interface CatalogOptions {
  /** The ChoiceGraph's fan-out bound (4 to 100, default 20). */
  maxChildren?: number;
  /**
   * Which tools the catalog holds (default all): a tool left out is absent from every id list,
   * card, route, path, count, server list and suggestion, as if no upstream listed it.
   */
  keep?: (entry: CatalogEntry) => boolean;
}

/** What each catalog was built from, so {@link restrictCatalog} can build a narrower one. */
const catalogInputs = new WeakMap<
  Catalog,
  { sources: readonly CatalogSource[]; options: CatalogOptions }
>();

/**
 * An ingested catalog. Immutable: a refresh builds a new one and swaps it in
 * whole (§4.6), so every structure here is consistent with every other.
 *
 * @see gateway-surface §1, §2, §3, §4.3
 */
export interface Catalog {
  /** The number of tools. */
  readonly size: number;
  /** Every `tool_id`, in code-point order. */
  readonly toolIds: readonly string[];
  /** The entry of a `tool_id`, or `undefined`. */
  entry(toolId: string): CatalogEntry | undefined;
  /**
   * The entry of a caller-supplied id: a value that is not a §1.1 id throws
   * {@link GatewayError} `TOOL_ID_INVALID` (on the wire `ARGS_INVALID`); a
   * well-formed id of no tool throws `HYDRATE_FAILED` with up to three
   * similar ids in `data.suggestions`, never a guess.
   */
  resolve(toolId: unknown): CatalogEntry;
  /** The card of a tool, built on first need and kept; throws as {@link Catalog.resolve}. */
  card(toolId: string): ChoiceCard;
  /** Every card, in id order (the proxy's `tools/list`). */
  cards(): ChoiceCard[];
  /** The tool's real schema by `tool_id` only; throws as {@link Catalog.resolve}. */
  hydrate(toolId: unknown): HydrationResult;
  /** The scored cards of the best tools for a query; see `Router.route` for the rules. */
  route(query: string, topK?: number): ChoiceCard[];
  /** The cards at a ChoiceGraph path; see `ChoiceGraph.browse`. */
  browse(path: string): ChoiceCard[];
  /** What each server with tools said about itself, by server key (for ranking and summaries). */
  readonly servers: readonly ToolServerInfo[];
}

/**
 * A card whose rendering without its description takes at most this many
 * tokens can always be fitted: the shortest description (`…`) and its
 * separator add fewer than 8.
 */
const SAFE_SKELETON_TOKENS = CARD_HARD_CAP_TOKENS - 8;

/**
 * Ingests the tools of upstream servers.
 *
 * Each tool gets its id with the source's namespace (`deriveToolId`, the
 * `configured` rule: the name kept verbatim, `hash8` over the upstream name
 * and schema shape unless `_meta.version` declares a version). Two tools with
 * one id throw {@link GatewayError} `TOOL_ID_COLLISION` (§1.5), naming both.
 * Every card's hard cap is checked here (`CARD_OVER_BUDGET`, §2.3) with
 * cheap bounds first (bytes, then core's `tokenUpperBound`, which needs no
 * encoder) and an exact count only when they cannot tell, so ingest builds
 * the cl100k_base encoder only when a card's id and tags are unusually long
 * (the bound runs at about twice the exact count). Descriptions are fitted
 * on first use, so ingest costs ids, the router index and the graph's
 * structure. Throws the errors of `deriveToolId` for
 * a tool without a name.
 *
 * @see gateway-surface §1.2-§1.5, §2.3, §4.6
 */
export function createCatalog(
  sources: readonly CatalogSource[],
  options: CatalogOptions = {},
): Catalog {
  const derived: CatalogEntry[] = [];
  const kept = new Set<string>();
  for (const source of sources) {
    const namespace = source.namespace ?? source.upstream;
    for (const tool of source.tools) {
      const { toolId, parts, upstreamName, derivation } = deriveToolId(tool, { namespace });
      const entry = { toolId, parts, upstream: source.upstream, upstreamName, derivation, tool };
      if (options.keep === undefined || options.keep(entry)) {
        derived.push(entry);
        kept.add(source.upstream);
      }
    }
  }
  const entries = createToolIdIndex(derived);
  const toolIds = sortByCodePoint([...entries.keys()]);
  const cards = new Map<string, ChoiceCard>();

  function buildEntryCard(entry: CatalogEntry): ChoiceCard {
    let card = cards.get(entry.toolId);
    if (card === undefined) {
      const skeleton = cardSkeleton(entry.tool, { toolId: entry.toolId });
      card = fitDescription(skeleton.card, skeleton.description);
      cards.set(entry.toolId, card);
    }
    return card;
  }

  for (const entry of entries.values()) {
    const skeleton = renderCard(cardSkeleton(entry.tool, { toolId: entry.toolId }).card);
    if (
      !fitsWithoutEncoding(skeleton, SAFE_SKELETON_TOKENS) &&
      countTokens(skeleton) > SAFE_SKELETON_TOKENS
    ) {
      buildEntryCard(entry);
    }
  }

  const shown =
    options.keep === undefined ? sources : sources.filter((source) => kept.has(source.upstream));
  const servers: ToolServerInfo[] = shown.map((source) => ({
    name: source.upstream,
    ...(source.about?.title === undefined ? {} : { title: source.about.title }),
    ...(source.about?.description === undefined ? {} : { description: source.about.description }),
    ...(source.about?.instructions === undefined
      ? {}
      : { instructions: source.about.instructions }),
  }));
  const router = createRouter([...entries.values()].map(routerDocument), { servers });
  const leaves = [...entries.values()].map(
    (entry): ChoiceGraphLeaf => ({
      id: entry.toolId,
      namespace: entry.parts.namespace,
      toolName: entry.parts.name,
      displayName: capLength(entry.parts.name, 64),
      card: () => buildEntryCard(entry),
    }),
  );
  const graph: ChoiceGraph = createLeafChoiceGraph(
    leaves,
    options.maxChildren === undefined ? {} : { maxChildren: options.maxChildren },
  );

  function resolve(toolId: unknown): CatalogEntry {
    // A catalog id is a well-formed id, so a hit needs no parse (the execute hot path).
    const known = typeof toolId === 'string' ? entries.get(toolId) : undefined;
    if (known !== undefined) return known;
    const { name } = parseToolId(toolId as string);
    const id = toolId as string;
    const entry = entries.get(id);
    if (entry !== undefined) return entry;
    const suggestions = safeRoute(name.replace(/[_.-]+/g, ' ')).map((hit) => hit.toolId);
    throw new GatewayError({
      code: 'HYDRATE_FAILED',
      message: `no tool has the id ${id}; browse for current ids`,
      data: { tool_id: id, suggestions },
    });
  }

  function safeRoute(query: string): RouteHit[] {
    return query.trim() === '' ? [] : router.route(query.slice(0, 256), 3);
  }

  const catalog: Catalog = {
    size: toolIds.length,
    toolIds,
    entry: (toolId) => entries.get(toolId),
    resolve,
    card: (toolId) => buildEntryCard(resolve(toolId)),
    cards: () => toolIds.map((toolId) => buildEntryCard(entries.get(toolId) as CatalogEntry)),
    hydrate(toolId) {
      return hydration(resolve(toolId));
    },
    route(query, topK) {
      return router.route(query, topK).map((hit) => ({
        ...buildEntryCard(entries.get(hit.toolId) as CatalogEntry),
        score: hit.score,
      }));
    },
    browse: (path) => graph.browse(path),
    servers,
  };
  catalogInputs.set(catalog, { sources, options });
  return catalog;
}

/**
 * The catalog of the same sources holding only the tools `keep` accepts (and those the
 * catalog already kept): ids are unchanged, while every list, count, route, path and
 * suggestion covers the kept tools alone. A catalog that {@link createCatalog} did not build
 * cannot be narrowed and throws {@link GatewayError} `ARGS_INVALID`.
 */
export function restrictCatalog(catalog: Catalog, keep: (entry: CatalogEntry) => boolean): Catalog {
  const inputs = catalogInputs.get(catalog);
  if (inputs === undefined) {
    throw new GatewayError({
      code: 'ARGS_INVALID',
      message: 'only a catalog built by createCatalog can be restricted',
    });
  }
  const previous = inputs.options.keep;
  return createCatalog(inputs.sources, {
    ...inputs.options,
    keep: previous === undefined ? keep : (entry) => previous(entry) && keep(entry),
  });
}

/** What the router indexes of one catalog entry. */
export function routerDocument(entry: CatalogEntry): RouterDocument {
  return {
    toolId: entry.toolId,
    name: entry.upstreamName,
    namespace: entry.parts.namespace,
    description: textOf(entry.tool.description ?? entry.tool.title),
    tags: annotationTags(entry.tool),
    inputSchema: entry.tool.inputSchema,
    names: [toClientSafeName(entry.toolId), entry.toolId],
    server: entry.upstream,
  };
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function annotationTags(tool: CatalogSourceTool): string[] {
  const annotations = tool.annotations ?? {};
  return [
    ...(annotations.readOnlyHint === true ? ['read-only'] : []),
    ...(annotations.destructiveHint === true ? ['destructive'] : []),
  ];
}

function hydration(entry: CatalogEntry): HydrationResult {
  const { tool } = entry;
  return {
    tool_id: entry.toolId,
    name: entry.upstreamName,
    ...(typeof tool.title === 'string' ? { title: tool.title } : {}),
    description: textOf(tool.description),
    input_schema: tool.inputSchema ?? { type: 'object' },
    ...(tool.outputSchema === undefined ? {} : { output_schema: tool.outputSchema }),
    ...(typeof tool.annotations === 'object' && tool.annotations !== null
      ? { annotations: { ...tool.annotations } }
      : {}),
  };
}
