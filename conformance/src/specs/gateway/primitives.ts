/**
 * Resources and prompts as the §9 checks read them: which primitive meta-tools a gateway lists,
 * every card of a kind found by walking its paths, and primitive ids.
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { type BrowseAnswer, cardsOf } from './cards.js';
import {
  callMetaTool,
  listTools,
  type MetaToolAnswer,
  PRIMITIVE_TOOLS,
  type PrimitiveKind,
} from './surface.js';
import { parseToolId, toolIdProblem } from './tool-id.js';

/** Both kinds, in report order. */
export const PRIMITIVE_KINDS: readonly PrimitiveKind[] = ['resource', 'prompt'];

/** The most path browses one walk makes. */
const MAX_WALKED_PATHS = 100;

/** A `~N` collision key at the end of a catalog key (§9.3). */
const COLLISION_KEY = /~([0-9]+)$/;

/** Which of a kind's two meta-tools the target lists. */
export interface ListedPair {
  /** `resource_browse` or `prompt_browse` is listed. */
  readonly browse: boolean;
  /** `resource_read` or `prompt_get` is listed. */
  readonly read: boolean;
}

/** Which primitive meta-tools the target lists, per kind. */
export async function listedPairs(
  context: CheckContext,
): Promise<Readonly<Record<PrimitiveKind, ListedPair>>> {
  const names = new Set((await listTools(context)).map((tool) => tool.name));
  const pairOf = (kind: PrimitiveKind): ListedPair => ({
    browse: names.has(PRIMITIVE_TOOLS[kind].browse),
    read: names.has(PRIMITIVE_TOOLS[kind].read),
  });
  return { resource: pairOf('resource'), prompt: pairOf('prompt') };
}

/** Calls `resource_browse` or `prompt_browse` with the shared client. */
export function browsePrimitives(
  context: CheckContext,
  kind: PrimitiveKind,
  args: Readonly<Record<string, unknown>>,
): Promise<MetaToolAnswer> {
  return callMetaTool(context, PRIMITIVE_TOOLS[kind].browse, args);
}

/** Every browse of a walk from `/` and the leaf cards (not path nodes) it found. */
export interface PrimitiveWalk {
  /** The browses, `/` first, then each node path in the order found. */
  readonly browses: readonly BrowseAnswer[];
  /** The cards whose id is not a path, in the order found. */
  readonly leaves: readonly Readonly<Record<string, unknown>>[];
}

/** True when a card is a path node to browse further: an `internal` card whose id is a path. */
function isNode(card: Readonly<Record<string, unknown>>): boolean {
  return card.kind === 'internal' && typeof card.id === 'string' && card.id.startsWith('/');
}

/** Walks a kind's paths from `/` (up to 100 browses), memoized per target. */
export function walkPrimitives(context: CheckContext, kind: PrimitiveKind): Promise<PrimitiveWalk> {
  return context.memo(`gateway.primitives.walk:${kind}`, async () => {
    const browses: BrowseAnswer[] = [];
    const leaves: Readonly<Record<string, unknown>>[] = [];
    const pending = ['/'];
    const visited = new Set<string>();
    while (pending.length > 0 && browses.length < MAX_WALKED_PATHS) {
      const path = pending.shift() as string;
      if (visited.has(path)) continue;
      visited.add(path);
      const args = { path };
      const answer = await browsePrimitives(context, kind, args);
      const cards = cardsOf(answer);
      browses.push({ args, answer, cards });
      for (const card of cards) {
        if (isNode(card)) pending.push(card.id as string);
        else leaves.push(card);
      }
    }
    return { browses, leaves };
  });
}

/** The canonical id of a catalog key: the key without its `~N` collision key. */
export function canonicalOf(id: string): string {
  return id.replace(COLLISION_KEY, '');
}

/** The `N` of a `~N` collision key, or `undefined` when the key has none. */
export function collisionNumberOf(id: string): number | undefined {
  const match = COLLISION_KEY.exec(id);
  return match === null ? undefined : Number(match[1]);
}

/**
 * What is wrong with `id` as the key of a `kind` card (`kind::` then a §1.1 tool id with its
 * §1.3 hash8 rule, then an optional `~N` key), or `undefined`.
 */
export function primitiveIdProblem(id: string, kind: PrimitiveKind): string | undefined {
  const prefix = `${kind}::`;
  if (!id.startsWith(prefix)) return `${JSON.stringify(id)} does not start with ${prefix}`;
  const body = canonicalOf(id).slice(prefix.length);
  return toolIdProblem(body) === undefined
    ? undefined
    : `${JSON.stringify(id)} has a body that is not a §1.1 tool id with a version or hash8`;
}

/** The namespace of a primitive id's body, when it parses. */
export function primitiveNamespaceOf(id: string, kind: PrimitiveKind): string | undefined {
  return parseToolId(canonicalOf(id).slice(`${kind}::`.length))?.namespace;
}

/** True when the card id `id` is the primitive `reference` names (`namespace:name` or the id). */
export function primitiveMatches(id: string, kind: PrimitiveKind, reference: string): boolean {
  if (id === reference) return true;
  const parts = parseToolId(canonicalOf(id).slice(`${kind}::`.length));
  return parts !== undefined && `${parts.namespace}:${parts.name}` === reference;
}

/** The id of the first card the walk found for `reference`; throws when there is none. */
export async function resolvePrimitive(
  context: CheckContext,
  kind: PrimitiveKind,
  reference: string,
): Promise<string> {
  const { leaves } = await walkPrimitives(context, kind);
  const found = leaves.find(
    (card) => typeof card.id === 'string' && primitiveMatches(card.id, kind, reference),
  );
  if (typeof found?.id !== 'string') {
    throw new Error(`walking ${PRIMITIVE_TOOLS[kind].browse} from "/" found no ${reference}`);
  }
  return found.id;
}

/** The §3.4 fields an error answer lacks (message, path, retryable), as problems. */
export function errorFieldProblems(answer: MetaToolAnswer): string[] {
  const payload = answer.payload ?? {};
  const problems: string[] = [];
  if (typeof payload.message !== 'string') problems.push('has no message string');
  if (typeof payload.path !== 'string') problems.push('has no path string');
  if (typeof payload.retryable !== 'boolean') problems.push('has no retryable boolean');
  return problems;
}
