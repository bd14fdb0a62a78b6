/**
 * The check of paths below a namespace (§3.2, §3.3): a cluster node's path lists its children,
 * and a tool's leaf path (its parent's path and its name) answers that one card, or
 * PATH_NOT_FOUND where the gateway addresses no leaves ("a single card (or 404)").
 *
 * @module
 */

import type { Check, CheckContext } from '../../../check.js';
import { fail, listProblems, notApplicable, pass } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { type BrowseAnswer, browse, probeBrowses } from '../cards.js';
import { callMetaTool, describeAnswer, errorCodeOf, META_TOOLS, requireMode } from '../surface.js';
import { CACHE_BREAKPOINT_ID } from './cache-stable.js';

/** A §3.2 segment below the root. */
const SEGMENT = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** The most leaf paths one check browses. */
const MAX_LEAVES = 12;

/** The deepest cluster path the check follows, in segments. */
const MAX_DEPTH = 4;

/** What the walk below the namespaces saw. */
interface Walk {
  readonly problems: string[];
  leaves: number;
  clusters: number;
}

/** Browses the leaf path of `card` under `parent`; records a problem unless it is that card or 404. */
async function checkLeaf(
  context: CheckContext,
  parent: string,
  card: Readonly<Record<string, unknown>>,
  walk: Walk,
): Promise<void> {
  const path = `${parent}/${String(card.name)}`;
  const answer = await callMetaTool(context, META_TOOLS.browse, { path });
  walk.leaves += 1;
  if (errorCodeOf(answer) === 'PATH_NOT_FOUND') return;
  const cards = answer.payload?.cards;
  // A cache-stable marker card is §5's to judge (gw.5.3.breakpoint), not a child of the leaf.
  const ids = Array.isArray(cards)
    ? cards
        .map((entry: unknown) => (isRecord(entry) ? entry.id : undefined))
        .filter((id) => id !== CACHE_BREAKPOINT_ID)
    : undefined;
  if (ids === undefined || ids.length !== 1 || ids[0] !== card.id) {
    walk.problems.push(
      `leaf ${path} answered ${ids === undefined ? describeAnswer(answer) : `${ids.length} cards`}, not the single card ${String(card.id)} nor PATH_NOT_FOUND`,
    );
  }
}

/** Walks the children of one browse: clusters are browsed in turn, tools get their leaf path. */
async function walkChildren(
  context: CheckContext,
  listing: BrowseAnswer,
  path: string,
  walk: Walk,
): Promise<void> {
  for (const card of listing.cards) {
    const id = card.id;
    if (typeof id === 'string' && id.startsWith(`${path}/`) && card.kind === 'internal') {
      if (id.split('/').length - 1 > MAX_DEPTH) continue;
      const below = await browse(context, { path: id });
      walk.clusters += 1;
      if (below.cards.length === 0) walk.problems.push(`cluster ${id} lists no child`);
      else await walkChildren(context, below, id, walk);
    } else if (
      card.kind === 'tool' &&
      typeof card.name === 'string' &&
      SEGMENT.test(card.name) &&
      walk.leaves < MAX_LEAVES
    ) {
      await checkLeaf(context, path, card, walk);
    }
  }
}

/** Cluster paths list children; a leaf path answers its one card or PATH_NOT_FOUND. */
export const deepPathsCheck: Check = {
  requirement: 'gw.3.3.deep-paths',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'gateway');
    if (outcome !== undefined) return outcome;
    const walk: Walk = { problems: [], leaves: 0, clusters: 0 };
    for (const listing of await probeBrowses(context)) {
      const path = listing.args.path;
      if (typeof path !== 'string' || path === '/' || path.split('/').length !== 2) continue;
      await walkChildren(context, listing, path, walk);
    }
    if (walk.problems.length > 0) return fail(listProblems(walk.problems));
    return walk.leaves + walk.clusters === 0
      ? notApplicable('no namespace lists a cluster, nor a tool whose name is a path segment')
      : pass(
          `${walk.clusters} cluster path(s) list children; ${walk.leaves} leaf path(s) answer their card or PATH_NOT_FOUND`,
        );
  },
};
