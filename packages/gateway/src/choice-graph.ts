/**
 * The ChoiceGraph: the catalog as a tree of namespaces, clusters and tools,
 * browsed by path.
 *
 * @module
 */

import { buildNodeCard } from './card-builder.js';
import { compareChoiceCards } from './card-render.js';
import { type ChoiceCard, parseChoiceCard } from './choice-card.js';
import { GatewayError } from './errors.js';
import { type ClusterTree, clusterChildren, uniqueSlugs, wordsOf } from './graph-clustering.js';
import { formatPath, parsePath } from './path.js';
import { compareCodePoints } from './strings.js';
import { parseToolId } from './tool-id.js';

/**
 * The default bound on the children of a namespace or cluster node.
 *
 * @see gateway-surface §3
 */
export const DEFAULT_MAX_CHILDREN = 20;

/**
 * What {@link createChoiceGraph} takes besides the cards.
 *
 * @see gateway-surface §3
 */
export interface ChoiceGraphOptions {
  /** The most children a namespace or cluster node lists: an integer from 4 to 100, default 20. */
  maxChildren?: number;
}

/**
 * A built ChoiceGraph. Immutable: a catalog refresh builds a new one (§4.6).
 *
 * @see gateway-surface §3
 */
export interface ChoiceGraph {
  /**
   * The cards at a path: the namespace cards at `/`, the child cards (clusters
   * as `internal` cards whose id is their path, then tools) at a namespace or
   * cluster, the tool's own card at a leaf; a trailing `/*` changes nothing.
   * Cards come in the §2.5 order. A malformed path throws {@link GatewayError}
   * `PATH_INVALID`; a well-formed path with no node throws `PATH_NOT_FOUND`.
   * Both errors carry the path.
   */
  browse(path: string): ChoiceCard[];
  /** The leaf path of a tool in this graph, or `undefined` if the id is not in it. */
  pathOf(toolId: string): string | undefined;
}

interface GraphItem {
  slug: string;
  words: readonly string[];
  card: ChoiceCard;
}

function argsInvalid(message: string): GatewayError {
  return new GatewayError({ code: 'ARGS_INVALID', message });
}

function checkedCards(cards: readonly ChoiceCard[]): ChoiceCard[] {
  if (!Array.isArray(cards)) throw argsInvalid('cards must be an array');
  const seen = new Set<string>();
  return cards.map((value) => {
    const { score: _score, ...card } = parseChoiceCard(value);
    if (card.kind === 'internal') {
      throw new GatewayError({
        code: 'CARD_INVALID',
        message: `internal card ${card.id} cannot be a ChoiceGraph leaf`,
        data: { reason: 'internal card', field: 'kind' },
      });
    }
    if (seen.has(card.id)) {
      throw new GatewayError({
        code: 'TOOL_ID_COLLISION',
        message: `two cards share the id ${card.id}`,
        data: { toolId: card.id },
      });
    }
    seen.add(card.id);
    return card;
  });
}

function describeTools(cards: readonly ChoiceCard[]): string {
  const names = [...new Set(cards.map((card) => card.name))].sort(compareCodePoints);
  return `${cards.length} ${cards.length === 1 ? 'tool' : 'tools'}: ${names.join(', ')}`;
}

/**
 * Builds the ChoiceGraph of a catalog's cards.
 *
 * Root children are one `internal` card per namespace (id `/<namespace>`); a
 * root can hold any number of namespaces, since root segments are namespaces
 * (§3.2). Below a namespace, tools are clustered deterministically with
 * fan-out at most `maxChildren`: first by the next word their names do not
 * share (`/github/create`, `/github/list`), else by alphabetical ranges
 * (`/big/a-d`); a leaf's segment is its tool name made path-safe
 * (`getAllRecipes` → `get_all_recipes`; a shared one gets a hash suffix).
 * Node descriptions list the tool names below them, truncated per §2.4.
 * Scores are dropped: a path browse has no query to score against. Each card
 * is checked with `parseChoiceCard`; an `internal` card throws `CARD_INVALID`,
 * a repeated id `TOOL_ID_COLLISION`, a bad option `ARGS_INVALID`.
 *
 * @see gateway-surface §3.1, §3.2, §3.3, §3.4
 */
export function createChoiceGraph(
  cards: readonly ChoiceCard[],
  options: ChoiceGraphOptions = {},
): ChoiceGraph {
  const maxChildren = options.maxChildren ?? DEFAULT_MAX_CHILDREN;
  if (!Number.isInteger(maxChildren) || maxChildren < 4 || maxChildren > 100) {
    throw argsInvalid('maxChildren must be an integer from 4 to 100');
  }
  const byNamespace = new Map<string, ChoiceCard[]>();
  for (const card of checkedCards(cards)) {
    byNamespace.set(card.namespace, [...(byNamespace.get(card.namespace) ?? []), card]);
  }
  /** Children's cards in order, by the path of the root, a namespace or a cluster. */
  const nodeChildren = new Map<string, ChoiceCard[]>();
  /** A tool's card by its leaf path, and the reverse. */
  const leafCards = new Map<string, ChoiceCard>();
  const leafPaths = new Map<string, string>();

  function addTree(
    segments: readonly string[],
    tree: ClusterTree<GraphItem>,
    namespace: string,
  ): ChoiceCard {
    const path = formatPath({ segments: [...segments, tree.segment], all: false });
    if (tree.kind === 'leaf') {
      leafCards.set(path, tree.item.card);
      leafPaths.set(tree.item.card.id, path);
      return tree.item.card;
    }
    const childCards = tree.children.map((child) =>
      addTree([...segments, tree.segment], child, namespace),
    );
    const card = buildNodeCard({
      path,
      namespace,
      name: tree.segment,
      description: describeTools(toolsBelow(tree)),
    });
    nodeChildren.set(path, childCards.sort(compareChoiceCards));
    return card;
  }

  const namespaceCards: ChoiceCard[] = [];
  for (const [namespace, toolCards] of byNamespace) {
    const slugs = uniqueSlugs(
      toolCards.map((card) => ({ id: card.id, name: parseToolId(card.id).name })),
    );
    const items = toolCards.map((card): GraphItem => {
      const slug = slugs.get(card.id) ?? '';
      return { slug, words: wordsOf(slug), card };
    });
    const tree: ClusterTree<GraphItem> = {
      kind: 'cluster',
      segment: namespace,
      children: clusterChildren(items, maxChildren),
    };
    namespaceCards.push(addTree([], tree, namespace));
  }
  nodeChildren.set('/', namespaceCards.sort(compareChoiceCards));

  return {
    browse(path: string): ChoiceCard[] {
      const parsed = parsePath(path);
      const key = formatPath({ segments: parsed.segments, all: false });
      const children = nodeChildren.get(key);
      if (children !== undefined) return [...children];
      const card = leafCards.get(key);
      if (card !== undefined) return [card];
      throw new GatewayError({ code: 'PATH_NOT_FOUND', message: 'no node at this path', path });
    },
    pathOf(toolId: string): string | undefined {
      return leafPaths.get(toolId);
    },
  };
}

function toolsBelow(tree: ClusterTree<GraphItem>): ChoiceCard[] {
  if (tree.kind === 'leaf') return [tree.item.card];
  return tree.children.flatMap(toolsBelow);
}
