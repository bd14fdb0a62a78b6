/**
 * The ChoiceGraph: the catalog as a tree of namespaces, clusters and tools,
 * browsed by path.
 *
 * @module
 */

import { buildNodeCard } from '../cards/card-builder.js';
import { CARD_TARGET_TOKENS } from '../cards/card-render.js';
import { type ChoiceCard, parseChoiceCard } from '../cards/choice-card.js';
import { GatewayError } from '../errors.js';
import { parseToolId } from '../tool-id/tool-id.js';
import { compareCodePoints, sortByCodePoint } from '../util/strings.js';
import { type ClusterTree, clusterChildren, uniqueSlugs, wordsOf } from './graph-clustering.js';
import { formatPath, parsePath } from './path.js';

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
  /** What node descriptions call the leaves, singular and plural; default `tool`, `tools`. */
  leafNoun?: readonly [singular: string, plural: string];
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
  leaf: ChoiceGraphLeaf;
}

/**
 * A tool placed in a ChoiceGraph whose card is built on first need
 * (`createCatalog` uses it so ingest never renders a card it does not show).
 * Not exported from the index.
 */
export interface ChoiceGraphLeaf {
  /** The tool's canonical id. */
  id: string;
  /** The id's namespace. */
  namespace: string;
  /** The id's name part, from which the leaf segment is made. */
  toolName: string;
  /** The card's display name, listed in node descriptions. */
  displayName: string;
  /** Builds (or returns) the tool's card; called on browse only. */
  card: () => ChoiceCard;
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

/**
 * The most names a node description lists: each name and its separator take
 * at least two tokens, so more could never survive truncation to one card.
 */
const DESCRIBED_NAMES_MAX = CARD_TARGET_TOKENS;

function describeTools(
  leaves: readonly ChoiceGraphLeaf[],
  [singular, plural]: readonly [string, string] = ['tool', 'tools'],
): string {
  const names = sortByCodePoint([...new Set(leaves.map((leaf) => leaf.displayName))]);
  const listed =
    names.length > DESCRIBED_NAMES_MAX
      ? `${names.slice(0, DESCRIBED_NAMES_MAX).join(', ')}, …`
      : names.join(', ');
  return `${leaves.length} ${leaves.length === 1 ? singular : plural}: ${listed}`;
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
  const leaves = checkedCards(cards).map(
    (card): ChoiceGraphLeaf => ({
      id: card.id,
      namespace: card.namespace,
      toolName: parseToolId(card.id).name,
      displayName: card.name,
      card: () => card,
    }),
  );
  return createLeafChoiceGraph(leaves, options);
}

/** The children of a node (clusters and leaves), in id order, with their cards built on demand. */
type GraphNodeChildren = ReadonlyArray<{ id: string; card: () => ChoiceCard }>;

/**
 * Builds a ChoiceGraph over leaves with unique ids (checked by the caller),
 * with the rules of {@link createChoiceGraph}. Leaf segments are fixed here
 * (so a segment collision throws now); a namespace is clustered on the first
 * browse below it, and node and leaf cards are built on first browse and
 * kept, so a graph over 100,000 tools costs little until someone browses it.
 */
export function createLeafChoiceGraph(
  leaves: readonly ChoiceGraphLeaf[],
  options: ChoiceGraphOptions = {},
): ChoiceGraph {
  const maxChildren = options.maxChildren ?? DEFAULT_MAX_CHILDREN;
  const describe = (below: readonly ChoiceGraphLeaf[]) => describeTools(below, options.leafNoun);
  if (!Number.isInteger(maxChildren) || maxChildren < 4 || maxChildren > 100) {
    throw argsInvalid('maxChildren must be an integer from 4 to 100');
  }
  const byNamespace = new Map<string, ChoiceGraphLeaf[]>();
  for (const leaf of leaves) {
    const group = byNamespace.get(leaf.namespace);
    if (group === undefined) byNamespace.set(leaf.namespace, [leaf]);
    else group.push(leaf);
  }
  /** The clusterable items of each namespace, until it is clustered. */
  const pending = new Map<string, GraphItem[]>();
  const namespaceOf = new Map<string, string>();
  for (const [namespace, group] of byNamespace) {
    const slugs = uniqueSlugs(group.map((leaf) => ({ id: leaf.id, name: leaf.toolName })));
    pending.set(
      namespace,
      group.map((leaf): GraphItem => {
        const slug = slugs.get(leaf.id) ?? '';
        namespaceOf.set(leaf.id, namespace);
        return { slug, words: wordsOf(slug), leaf };
      }),
    );
  }
  /** Nodes by the path of the root, a namespace or a cluster. */
  const nodes = new Map<string, GraphNodeChildren>();
  /** A tool's leaf by its leaf path, and the reverse. */
  const leafByPath = new Map<string, ChoiceGraphLeaf>();
  const leafPaths = new Map<string, string>();

  function addTree(
    segments: readonly string[],
    tree: ClusterTree<GraphItem>,
    namespace: string,
  ): { id: string; card: () => ChoiceCard; leaves: ChoiceGraphLeaf[] } {
    const path = formatPath({ segments: [...segments, tree.segment], all: false });
    if (tree.kind === 'leaf') {
      leafByPath.set(path, tree.item.leaf);
      leafPaths.set(tree.item.leaf.id, path);
      return { id: tree.item.leaf.id, card: tree.item.leaf.card, leaves: [tree.item.leaf] };
    }
    const children = tree.children.map((child) =>
      addTree([...segments, tree.segment], child, namespace),
    );
    const below = children.flatMap((child) => child.leaves);
    const card = once(() =>
      buildNodeCard({ path, namespace, name: tree.segment, description: describe(below) }),
    );
    nodes.set(path, sortById(children));
    return { id: path, card, leaves: below };
  }

  /** Clusters a namespace the first time anything below it is asked for. */
  function cluster(namespace: string | undefined): void {
    const items = namespace === undefined ? undefined : pending.get(namespace);
    if (namespace === undefined || items === undefined) return;
    pending.delete(namespace);
    const children = clusterChildren(items, maxChildren).map((child) =>
      addTree([namespace], child, namespace),
    );
    nodes.set(formatPath({ segments: [namespace], all: false }), sortById(children));
  }

  nodes.set(
    '/',
    sortById(
      [...byNamespace].map(([namespace, group]) => {
        const path = formatPath({ segments: [namespace], all: false });
        const description = () => describe(group);
        return {
          id: path,
          card: once(() =>
            buildNodeCard({ path, namespace, name: namespace, description: description() }),
          ),
        };
      }),
    ),
  );

  return {
    browse(path: string): ChoiceCard[] {
      const parsed = parsePath(path);
      cluster(parsed.segments[0]);
      const key = formatPath({ segments: parsed.segments, all: false });
      const children = nodes.get(key);
      if (children !== undefined) return children.map((child) => child.card());
      const leaf = leafByPath.get(key);
      if (leaf !== undefined) return [leaf.card()];
      throw new GatewayError({ code: 'PATH_NOT_FOUND', message: 'no node at this path', path });
    },
    pathOf(toolId: string): string | undefined {
      cluster(namespaceOf.get(toolId));
      return leafPaths.get(toolId);
    },
  };
}

/** Children in the §2.5 order of scoreless cards: by id. */
function sortById<Child extends { id: string }>(children: Child[]): Child[] {
  return children.sort((left, right) => compareCodePoints(left.id, right.id));
}

/** A function that computes its value on the first call and returns it ever after. */
function once<Value>(compute: () => Value): () => Value {
  let value: Value | undefined;
  let done = false;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value as Value;
  };
}
