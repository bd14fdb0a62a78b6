/**
 * The catalog of upstream resources and prompts: ids, cards, one router and
 * one ChoiceGraph per kind, rebuilt whole on refresh (gateway-surface §9).
 *
 * @module
 */

import type { Prompt, Resource } from '@modelcontextprotocol/server';
import {
  type ChoiceGraph,
  type ChoiceGraphLeaf,
  createLeafChoiceGraph,
} from '../browse/choice-graph.js';
import { createRouter, type Router } from '../browse/router.js';
import { fitDescription } from '../cards/card-builder.js';
import type { ChoiceCard } from '../cards/choice-card.js';
import { GatewayError } from '../errors.js';
import { normalizeNamespace } from '../tool-id/tool-id-derive.js';
import { capLength, compareCodePoints, toSingleLine } from '../util/strings.js';
import {
  formatPrimitiveId,
  type PrimitiveKind,
  primitiveKindOf,
  primitiveName,
  promptHash8,
  resolveCollisions,
  resourceHash8,
} from './primitive-id.js';

/**
 * The resources and prompts of one upstream server, as listed.
 *
 * @see gateway-surface §9.5
 */
export interface PrimitiveSource {
  /** The server's key in the configuration: where reads go. */
  upstream: string;
  /** The namespace of its ids; default the server key (normalized). */
  namespace?: string | undefined;
  /** Its resources, in listing order. */
  resources: readonly Resource[];
  /** Its prompts, in listing order. */
  prompts: readonly Prompt[];
}

/**
 * One resource or prompt of the catalog.
 *
 * @see gateway-surface §9.1, §9.3
 */
export interface PrimitiveEntry {
  /** The catalog key: the canonical id, or the id with a `~N` collision key. */
  id: string;
  /** `resource` or `prompt`. */
  kind: PrimitiveKind;
  /** The server key it belongs to. */
  upstream: string;
  /** The resource URI or the prompt name: what a read sends upstream. */
  upstreamName: string;
  /** The resource as listed (resources only). */
  resource?: Resource;
  /** The prompt as listed (prompts only). */
  prompt?: Prompt;
  /** The JSON Schema of the prompt's arguments: strings, the required ones required, no others. */
  argumentsSchema?: Record<string, unknown>;
}

/**
 * An ingested catalog of resources and prompts; immutable.
 *
 * @see gateway-surface §9.4
 */
export interface PrimitiveCatalog {
  /** How many entries of `kind` there are. */
  count(kind: PrimitiveKind): number;
  /** Every key of `kind`, in code-point order. */
  ids(kind: PrimitiveKind): readonly string[];
  /**
   * The entry of a caller-supplied id. Anything but a string of the right
   * kind throws {@link GatewayError} `ARGS_INVALID`; a key of no entry
   * throws `RESOURCE_NOT_FOUND` or `PROMPT_NOT_FOUND`.
   */
  resolve(kind: PrimitiveKind, id: unknown): PrimitiveEntry;
  /** The scored cards of the best entries of `kind` for a query (the router's rules). */
  route(kind: PrimitiveKind, query: string, topK?: number): ChoiceCard[];
  /** The cards of `kind` at a path (the ChoiceGraph's rules and errors). */
  browse(kind: PrimitiveKind, path: string): ChoiceCard[];
}

/** What each catalog was built from, so {@link restrictPrimitiveCatalog} can build a narrower one. */
const catalogInputs = new WeakMap<
  PrimitiveCatalog,
  { sources: readonly PrimitiveSource[]; options: { maxChildren?: number } }
>();

interface Derived {
  canonical: string;
  entry: Omit<PrimitiveEntry, 'id'>;
  name: string;
  namespace: string;
  displayName: string;
  description: string;
  searchText: string;
}

interface KindIndex {
  entries: Map<string, PrimitiveEntry>;
  ids: string[];
  router: Router;
  graph: ChoiceGraph;
  card(id: string): ChoiceCard;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function promptArgumentsSchema(prompt: Prompt): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const argument of prompt.arguments ?? []) {
    properties[argument.name] = {
      type: 'string',
      ...(argument.description === undefined ? {} : { description: argument.description }),
    };
    if (argument.required === true) required.push(argument.name);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

function deriveResource(source: PrimitiveSource, namespace: string, resource: Resource): Derived {
  const displayName = text(resource.title) || text(resource.name) || resource.uri;
  const name = primitiveName(text(resource.name) || resource.uri);
  const body = { namespace, name, hash8: resourceHash8(resource.uri) };
  const description = text(resource.description) || displayName;
  return {
    canonical: formatPrimitiveId({ kind: 'resource', body }),
    entry: { kind: 'resource', upstream: source.upstream, upstreamName: resource.uri, resource },
    name,
    namespace,
    displayName,
    description,
    searchText: `${description} ${resource.uri} ${text(resource.mimeType)}`,
  };
}

function derivePrompt(source: PrimitiveSource, namespace: string, prompt: Prompt): Derived {
  const argumentNames = (prompt.arguments ?? []).map((argument) => argument.name);
  const name = primitiveName(prompt.name);
  const body = { namespace, name, hash8: promptHash8(prompt.name, argumentNames) };
  const displayName = text(prompt.title) || prompt.name;
  const description = text(prompt.description) || displayName;
  return {
    canonical: formatPrimitiveId({ kind: 'prompt', body }),
    entry: {
      kind: 'prompt',
      upstream: source.upstream,
      upstreamName: prompt.name,
      prompt,
      argumentsSchema: promptArgumentsSchema(prompt),
    },
    name,
    namespace,
    displayName,
    description,
    searchText: description,
  };
}

function buildIndex(
  kind: PrimitiveKind,
  derived: readonly Derived[],
  maxChildren?: number,
): KindIndex {
  const keys = resolveCollisions(derived.map((item) => item.canonical));
  const entries = new Map<string, PrimitiveEntry>();
  const byKey = new Map<string, Derived>();
  derived.forEach((item, index) => {
    const id = keys[index] as string;
    entries.set(id, { id, ...item.entry });
    byKey.set(id, item);
  });
  const cards = new Map<string, ChoiceCard>();
  function card(id: string): ChoiceCard {
    let built = cards.get(id);
    if (built === undefined) {
      const item = byKey.get(id) as Derived;
      const entry = entries.get(id) as PrimitiveEntry;
      const hasArguments = (entry.prompt?.arguments ?? []).length > 0;
      built = fitDescription(
        {
          id,
          name: capLength(toSingleLine(item.displayName), 64) || item.name,
          description: '',
          tags: ['read-only'],
          kind,
          namespace: item.namespace,
          has_schema: hasArguments,
          cost_hint: 0,
          side_effects: false,
          safety: 'read_only',
        },
        toSingleLine(item.description),
      );
      cards.set(id, built);
    }
    return built;
  }
  const router = createRouter(
    [...byKey].map(([id, item]) => ({
      toolId: id,
      name: item.entry.upstreamName,
      namespace: item.namespace,
      description: item.searchText,
      tags: [],
      inputSchema: item.entry.argumentsSchema ?? {},
    })),
  );
  const leaves = [...byKey].map(
    ([id, item]): ChoiceGraphLeaf => ({
      id,
      namespace: item.namespace,
      toolName: item.name,
      displayName: capLength(toSingleLine(item.displayName), 64) || item.name,
      card: () => card(id),
    }),
  );
  const graph = createLeafChoiceGraph(leaves, {
    leafNoun: [kind, `${kind}s`],
    ...(maxChildren === undefined ? {} : { maxChildren }),
  });
  return { entries, ids: [...entries.keys()].sort(compareCodePoints), router, graph, card };
}

/**
 * Ingests the resources and prompts of upstream servers.
 *
 * Ids follow §9.1-§9.2: `resource::<namespace>:<name>#<hash8>` with the hash
 * over the URI, `prompt::<namespace>:<name>#<hash8>` with the hash over the
 * name and sorted argument names; names are the upstream names made §1.1-safe
 * ({@link primitiveName}). A URI or prompt name an upstream lists twice is
 * kept once (its first listing); ids that still coincide get `~N` keys in
 * source-then-listing order (§9.3). Cards are `kind` `resource` or `prompt`,
 * read-only, without side effects, fitted to the §2.3 budget on first use;
 * path-browse node cards count `resources` or `prompts`. Resource templates
 * (`resources/templates/list`) are not ingested: §9 keys a resource by its
 * concrete `uri` (§9.2) and serves listed resources only (§9.5), and a
 * template has no URI to hash or read until a client fills it in.
 *
 * @see gateway-surface §9
 */
export function createPrimitiveCatalog(
  sources: readonly PrimitiveSource[],
  options: { maxChildren?: number } = {},
): PrimitiveCatalog {
  const resources: Derived[] = [];
  const prompts: Derived[] = [];
  for (const source of sources) {
    const namespace = normalizeNamespace(source.namespace ?? source.upstream);
    const uris = new Set<string>();
    for (const resource of source.resources) {
      if (typeof resource?.uri !== 'string' || uris.has(resource.uri)) continue;
      uris.add(resource.uri);
      resources.push(deriveResource(source, namespace, resource));
    }
    const names = new Set<string>();
    for (const prompt of source.prompts) {
      if (typeof prompt?.name !== 'string' || names.has(prompt.name)) continue;
      names.add(prompt.name);
      prompts.push(derivePrompt(source, namespace, prompt));
    }
  }
  const indexes: Record<PrimitiveKind, KindIndex> = {
    resource: buildIndex('resource', resources, options.maxChildren),
    prompt: buildIndex('prompt', prompts, options.maxChildren),
  };

  function resolve(kind: PrimitiveKind, id: unknown): PrimitiveEntry {
    const field = kind === 'resource' ? 'resource_id' : 'prompt_id';
    if (primitiveKindOf(id) !== kind) {
      throw new GatewayError({
        code: 'ARGS_INVALID',
        message: `${field} must be an id from a ${kind} card ("${kind}::namespace:name#hash8")`,
        data: { field },
      });
    }
    const entry = indexes[kind].entries.get(id as string);
    if (entry !== undefined) return entry;
    throw new GatewayError({
      code: kind === 'resource' ? 'RESOURCE_NOT_FOUND' : 'PROMPT_NOT_FOUND',
      message: `no ${kind} has the id ${id as string}; browse for current ids`,
      data: { [field]: id as string },
    });
  }

  const catalog: PrimitiveCatalog = {
    count: (kind) => indexes[kind].entries.size,
    ids: (kind) => indexes[kind].ids,
    resolve,
    route(kind, query, topK) {
      const index = indexes[kind];
      return index.router
        .route(query, topK)
        .map((hit) => ({ ...index.card(hit.toolId), score: hit.score }));
    },
    browse: (kind, path) => indexes[kind].graph.browse(path),
  };
  catalogInputs.set(catalog, { sources, options });
  return catalog;
}

/**
 * The catalog of the same sources without the servers `keepServer` refuses: their resources
 * and prompts are absent from every count, id list, route, path and lookup. A catalog that
 * {@link createPrimitiveCatalog} did not build cannot be narrowed and throws
 * {@link GatewayError} `ARGS_INVALID`.
 */
export function restrictPrimitiveCatalog(
  catalog: PrimitiveCatalog,
  keepServer: (upstream: string) => boolean,
): PrimitiveCatalog {
  const inputs = catalogInputs.get(catalog);
  if (inputs === undefined) {
    throw new GatewayError({
      code: 'ARGS_INVALID',
      message: 'only a catalog built by createPrimitiveCatalog can be restricted',
    });
  }
  return createPrimitiveCatalog(
    inputs.sources.filter((source) => keepServer(source.upstream)),
    inputs.options,
  );
}
