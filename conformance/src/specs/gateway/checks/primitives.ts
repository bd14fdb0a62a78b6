/**
 * Checks of the resource and prompt surface (§9.1, §9.3, §9.4): which primitive meta-tools a
 * gateway lists, the ids and cards of its resources and prompts, `~N` collision keys and bounded
 * browsing. A target that lists no primitive meta-tool and declares none skips them.
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../../check.js';
import { fail, listProblems, notApplicable, pass } from '../../../outcome.js';
import { cardsOf } from '../cards.js';
import { controlsProbeOf } from '../controls-settings.js';
import {
  browsePrimitives,
  canonicalOf,
  collisionNumberOf,
  listedPairs,
  PRIMITIVE_KINDS,
  primitiveIdProblem,
  primitiveNamespaceOf,
  walkPrimitives,
} from '../primitives.js';
import {
  callMetaTool,
  describeAnswer,
  errorCodeOf,
  PRIMITIVE_TOOLS,
  type PrimitiveKind,
  requireMode,
} from '../surface.js';

type Card = Readonly<Record<string, unknown>>;

const NO_PRIMITIVES = 'the target lists no primitive meta-tool: resources and prompts off';

/** The kinds whose browse tool the target lists, or the outcome that skips the check. */
async function browsableKinds(context: CheckContext): Promise<PrimitiveKind[] | CheckOutcome> {
  const outcome = await requireMode(context, 'gateway');
  if (outcome !== undefined) return outcome;
  const pairs = await listedPairs(context);
  const kinds = PRIMITIVE_KINDS.filter((kind) => pairs[kind].browse);
  return kinds.length === 0 ? notApplicable(NO_PRIMITIVES) : kinds;
}

function isKinds(value: PrimitiveKind[] | CheckOutcome): value is PrimitiveKind[] {
  return Array.isArray(value);
}

/** Each kind's pair is listed together, only with something to browse, and when declared. */
export const advertisedCheck: Check = {
  requirement: 'gw.9.4.advertised',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'gateway');
    if (outcome !== undefined) return outcome;
    const pairs = await listedPairs(context);
    const declared = controlsProbeOf(context)?.primitives;
    const declares = {
      resource: declared?.resources !== undefined,
      prompt: declared?.prompts !== undefined,
    };
    const problems: string[] = [];
    let listedKinds = 0;
    for (const kind of PRIMITIVE_KINDS) {
      const { browse, read } = PRIMITIVE_TOOLS[kind];
      const pair = pairs[kind];
      if (pair.browse !== pair.read) {
        problems.push(
          `lists ${pair.browse ? browse : read} without ${pair.browse ? read : browse}`,
        );
      }
      if (declares[kind] && !(pair.browse && pair.read)) {
        problems.push(`does not list ${browse} and ${read}, though its upstreams offer ${kind}s`);
      }
      if (!pair.browse) continue;
      listedKinds += 1;
      const { leaves } = await walkPrimitives(context, kind);
      if (leaves.length === 0) {
        problems.push(`lists ${browse}, yet browsing it from "/" finds no ${kind}`);
      }
    }
    if (problems.length > 0) return fail(listProblems(problems));
    return listedKinds === 0
      ? notApplicable(`${NO_PRIMITIVES}, and the target declares none`)
      : pass(`lists the meta-tools of the ${listedKinds} kind(s) its upstreams offer, in pairs`);
  },
};

function cardProblems(card: Card, kind: PrimitiveKind): string[] {
  const id = String(card.id);
  const problems: string[] = [];
  const idProblem = primitiveIdProblem(id, kind);
  if (idProblem !== undefined) problems.push(idProblem);
  if (card.kind !== kind) problems.push(`${id} has kind ${JSON.stringify(card.kind)}, not ${kind}`);
  const namespace = primitiveNamespaceOf(id, kind);
  if (namespace !== undefined && card.namespace !== namespace) {
    problems.push(`${id} has namespace ${JSON.stringify(card.namespace)}, not the id's`);
  }
  if (card.side_effects === true) problems.push(`${id} has side_effects true`);
  return problems;
}

/** Resource and prompt cards carry kind-prefixed ids of their own kind, never mixed. */
export const primitiveIdsCheck: Check = {
  requirement: 'gw.9.1.primitive-ids',
  definedIn: import.meta.url,
  async run(context) {
    const kinds = await browsableKinds(context);
    if (!isKinds(kinds)) return kinds;
    const problems: string[] = [];
    let count = 0;
    for (const kind of kinds) {
      const { browses, leaves } = await walkPrimitives(context, kind);
      count += leaves.length;
      for (const card of leaves) problems.push(...cardProblems(card, kind));
      for (const { args, cards } of browses) {
        const foreign = cards.filter(
          (card) => card.kind !== kind && card.kind !== 'internal' && card.kind !== undefined,
        );
        if (foreign.length > 0) {
          problems.push(
            `${PRIMITIVE_TOOLS[kind].browse} ${JSON.stringify(args)} mixes in ${foreign.map((card) => String(card.id)).join(', ')}`,
          );
        }
      }
    }
    return problems.length > 0
      ? fail(listProblems([...new Set(problems)]))
      : pass(`${count} resource and prompt cards have kind-prefixed ids of their own kind`);
  },
};

/** Ids are unique; a `~N` key has N ≥ 2 beside its bare id, and it reads. */
export const collisionKeysCheck: Check = {
  requirement: 'gw.9.3.collision-keys',
  definedIn: import.meta.url,
  async run(context) {
    const kinds = await browsableKinds(context);
    if (!isKinds(kinds)) return kinds;
    const problems: string[] = [];
    const keyed: { kind: PrimitiveKind; id: string }[] = [];
    for (const kind of kinds) {
      const ids = (await walkPrimitives(context, kind)).leaves.map((card) => String(card.id));
      const all = new Set(ids);
      const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
      if (repeated.length > 0)
        problems.push(`${kind} ids repeat: ${[...new Set(repeated)].join(', ')}`);
      for (const id of ids) {
        const number = collisionNumberOf(id);
        if (number === undefined) continue;
        keyed.push({ kind, id });
        if (number < 2) problems.push(`${id} has a collision key below ~2`);
        if (!all.has(canonicalOf(id))) problems.push(`${id} is listed without its bare id`);
      }
    }
    const declared = controlsProbeOf(context)?.primitives?.collisions === true;
    if (declared && keyed.length === 0) {
      problems.push('the target declares colliding ids, yet no card has a ~N key');
    }
    const readable = keyed.find((entry) => entry.kind === 'resource');
    if (readable !== undefined && problems.length === 0) {
      const answer = await callMetaTool(context, PRIMITIVE_TOOLS.resource.read, {
        resource_id: readable.id,
      });
      if (answer.isError)
        problems.push(`resource_read ${readable.id} answered ${describeAnswer(answer)}`);
    }
    if (problems.length > 0) return fail(listProblems(problems));
    return keyed.length === 0
      ? notApplicable('no two resources or prompts share an id here: no collision key to observe')
      : pass(
          `${keyed.length} ~N keys beside their bare ids${readable === undefined ? '' : `; ${readable.id} reads`}`,
        );
  },
};

/** The display names of the first two leaves: a query that matches at least two cards. */
function twoCardQuery(leaves: readonly Card[]): string {
  return leaves
    .slice(0, 2)
    .map((card) => String(card.name ?? card.id))
    .join(' ');
}

/** Browsing takes exactly one of query and path and bounds a query's cards by top_k. */
export const primitiveBrowseCheck: Check = {
  requirement: 'gw.9.4.browse',
  definedIn: import.meta.url,
  async run(context) {
    const kinds = await browsableKinds(context);
    if (!isKinds(kinds)) return kinds;
    const problems: string[] = [];
    for (const kind of kinds) {
      const tool = PRIMITIVE_TOOLS[kind].browse;
      for (const args of [{ query: 'anything', path: '/' }, {}]) {
        const answer = await browsePrimitives(context, kind, args);
        if (errorCodeOf(answer) !== 'ARGS_INVALID') {
          problems.push(
            `${tool} ${JSON.stringify(args)} answered ${describeAnswer(answer)}, not ARGS_INVALID`,
          );
        }
      }
      const { leaves } = await walkPrimitives(context, kind);
      const query = twoCardQuery(leaves);
      const answer = await browsePrimitives(context, kind, { query, top_k: 1 });
      const cards = answer.isError ? [] : cardsOf(answer);
      if (answer.isError) problems.push(`${tool} by query answered ${describeAnswer(answer)}`);
      if (cards.length > 1) problems.push(`${tool} with top_k 1 answered ${cards.length} cards`);
      const foreign = cards.filter((card) => card.kind !== kind);
      if (foreign.length > 0)
        problems.push(`${tool} by query answered cards of kind ${String(foreign[0]?.kind)}`);
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          `${kinds.map((kind) => PRIMITIVE_TOOLS[kind].browse).join(' and ')} take one of query and path and keep to top_k`,
        );
  },
};

/** The checks of the primitive listing and browsing, in catalog order. */
export const primitiveBrowseChecks: readonly Check[] = [
  advertisedCheck,
  primitiveIdsCheck,
  collisionKeysCheck,
  primitiveBrowseCheck,
];
