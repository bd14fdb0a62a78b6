/**
 * Browse cards as the gateway checks read them: `structuredContent.cards` of `tool_browse`.
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { isRecord } from '../../session/json-rpc.js';
import { callMetaTool, META_TOOLS, type MetaToolAnswer } from './surface.js';

/** Queries that most catalogs answer with several cards. */
export const PROBE_QUERIES = ['read a file', 'list items', 'search'] as const;

/** The most cards a check asks one browse for. */
export const PROBE_TOP_K = 20;

/** One browse and the cards it returned. */
export interface BrowseAnswer {
  /** What the browse was called with. */
  readonly args: Readonly<Record<string, unknown>>;
  /** The answer. */
  readonly answer: MetaToolAnswer;
  /** Its cards (records only). */
  readonly cards: readonly Readonly<Record<string, unknown>>[];
}

/** The cards of a browse answer; throws when the answer holds no card list. */
export function cardsOf(answer: MetaToolAnswer): readonly Readonly<Record<string, unknown>>[] {
  const cards = answer.payload?.cards;
  if (answer.isError || !Array.isArray(cards)) {
    throw new Error(`tool_browse answered without a cards list: ${answer.text.slice(0, 120)}`);
  }
  return cards.filter(isRecord);
}

/** Browses once with `args`. */
export async function browse(
  context: CheckContext,
  args: Readonly<Record<string, unknown>>,
): Promise<BrowseAnswer> {
  const answer = await callMetaTool(context, META_TOOLS.browse, args);
  return { args, answer, cards: cardsOf(answer) };
}

/** The probe browses (each probe query, `/` and each namespace), memoized per target. */
export function probeBrowses(context: CheckContext): Promise<readonly BrowseAnswer[]> {
  return context.memo('gateway.browses', async () => {
    const answers: BrowseAnswer[] = [];
    for (const query of PROBE_QUERIES) {
      answers.push(await browse(context, { query, top_k: PROBE_TOP_K }));
    }
    const root = await browse(context, { path: '/' });
    answers.push(root);
    for (const card of root.cards) {
      if (typeof card.id === 'string' && card.id.startsWith('/')) {
        answers.push(await browse(context, { path: card.id }));
      }
    }
    return answers;
  });
}

/** The tool cards (kind `tool`) of the probe browses, once per id. */
export async function probeToolCards(
  context: CheckContext,
): Promise<readonly Readonly<Record<string, unknown>>[]> {
  const seen = new Map<string, Readonly<Record<string, unknown>>>();
  for (const { cards } of await probeBrowses(context)) {
    for (const card of cards) {
      if (card.kind === 'tool' && typeof card.id === 'string' && !seen.has(card.id)) {
        seen.set(card.id, card);
      }
    }
  }
  return [...seen.values()];
}
