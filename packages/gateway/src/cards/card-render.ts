/**
 * The prompt-facing rendering of cards, their token budgets and their order.
 *
 * @module
 */

import { GatewayError } from '../errors.js';
import { compareCodePoints, toSingleLine } from '../util/strings.js';
import type { ChoiceCard } from './choice-card.js';
import { SAFETY_TAGS } from './choice-card.js';
import {
  appendMark,
  type CountedText,
  countJoinedTokens,
  countLinesTokens,
  countLineTokens,
  countSpacedLineTokens,
  countTextEnds,
  countTokensCached as countTokens,
} from './token-count.js';

/**
 * The token target of one rendered card.
 *
 * @see gateway-surface §2.3
 */
export const CARD_TARGET_TOKENS = 60;

/**
 * The token hard cap of one rendered card.
 *
 * @see gateway-surface §2.3
 */
export const CARD_HARD_CAP_TOKENS = 80;

/**
 * The token allowance of the preamble of a rendered browse response.
 *
 * @see gateway-surface §2.3
 */
export const BROWSE_PREAMBLE_MAX_TOKENS = 32;

const SAFETY_LABEL: Readonly<Record<ChoiceCard['safety'], string>> = {
  '': '',
  read_only: ' [read-only]',
  destructive: ' [destructive]',
};

/**
 * Renders a card as the one line a model reads.
 *
 * `<id>[ (<kind>)]: <description>[ [tags: a, b]][ [destructive|read-only]][ [side effects]][ [cost: x]][ [no arguments]]`.
 * The kind is shown for agents and skills only; `name` and `namespace` are
 * not repeated (the id holds them); `score` is never rendered; the safety
 * tags show as the safety marker rather than among the tags; `cost_hint`
 * shows only when above 0, `side_effects` only when true, and `[no
 * arguments]` marks a non-internal card without a schema. The set of rendered
 * parts depends only on the card, never on a budget.
 *
 * @see gateway-surface §2.1, §2.3
 */
export function renderCard(card: ChoiceCard): string {
  const { head, tail } = renderCardParts(card);
  return card.description === '' ? `${head}${tail}` : `${head}: ${card.description}${tail}`;
}

/** The parts of a card's line around its description: the id and kind, and what follows. */
function renderCardParts(card: ChoiceCard): { head: string; tail: string } {
  const kind = card.kind === 'agent' || card.kind === 'skill' ? ` (${card.kind})` : '';
  const tags =
    card.tags.length === 0
      ? card.tags
      : card.tags.filter((tag) => !(SAFETY_TAGS as readonly string[]).includes(tag));
  const tagPart = tags.length === 0 ? '' : ` [tags: ${tags.join(', ')}]`;
  const sideEffects = card.side_effects ? ' [side effects]' : '';
  const cost = card.cost_hint > 0 ? ` [cost: ${card.cost_hint}]` : '';
  const noArguments = !card.has_schema && card.kind !== 'internal' ? ' [no arguments]' : '';
  return {
    head: `${card.id}${kind}`,
    tail: `${tagPart}${SAFETY_LABEL[card.safety]}${sideEffects}${cost}${noArguments}`,
  };
}

/**
 * The exact cl100k_base token count of a rendered card.
 *
 * @see gateway-surface §2.3
 */
export function cardTokens(card: ChoiceCard): number {
  return countTokens(renderCard(card));
}

/**
 * {@link cardTokens} of a card that is about to be shown: its line's counts are kept, so the
 * browse answer that holds the line is checked without counting it again. Not exported from
 * the index.
 */
export function shownCardTokens(card: ChoiceCard): number {
  return countLineTokens(renderCard(card));
}

/** A card's line parts around its description, counted once for fitting the description. */
export interface CountedCardParts {
  /** The id and kind. */
  readonly head: CountedText;
  /** What follows the description: tags, markers, cost. */
  readonly tail: CountedText;
}

/** Counts the parts of a card's line around its description. Not exported from the index. */
export function countCardParts(card: ChoiceCard): CountedCardParts {
  const { head, tail } = renderCardParts(card);
  return { head: countTextEnds(head), tail: countTextEnds(tail) };
}

/**
 * {@link cardTokens} of the card without its description, from its counted parts. Not
 * exported from the index.
 */
export function restCardTokens(parts: CountedCardParts): number {
  return countJoinedTokens(parts.head, parts.tail);
}

/**
 * {@link shownCardTokens} of a card whose description was just counted (`description` is the
 * count of `card.description`, `parts` those of its other parts), without walking the line.
 * Not exported from the index.
 */
export function shownFittedCardTokens(
  card: ChoiceCard,
  description: CountedText,
  parts: CountedCardParts,
): number {
  if (card.description === '' || description.text !== card.description) {
    return shownCardTokens(card);
  }
  return countSpacedLineTokens(appendMark(parts.head, ':'), description, parts.tail);
}

/**
 * The §2.5 order: descending score (a card without a score after every
 * scored card), ties broken by id ascending in code-point order.
 *
 * @see gateway-surface §2.5
 */
export function compareChoiceCards(left: ChoiceCard, right: ChoiceCard): number {
  const leftScore = left.score ?? Number.NEGATIVE_INFINITY;
  const rightScore = right.score ?? Number.NEGATIVE_INFINITY;
  if (leftScore !== rightScore) return leftScore > rightScore ? -1 : 1;
  return compareCodePoints(left.id, right.id);
}

/**
 * A new array of the cards in the §2.5 order.
 *
 * @see gateway-surface §2.5
 */
export function sortChoiceCards(cards: readonly ChoiceCard[]): ChoiceCard[] {
  return [...cards].sort(compareChoiceCards);
}

/**
 * What {@link renderChoiceCards} takes besides the cards.
 *
 * @see gateway-surface §2.3
 */
export interface RenderChoiceCardsOptions {
  /** The first line; default `<n> cards:`. Made one line; at most 32 tokens. */
  preamble?: string;
}

/**
 * Renders a browse response: the preamble line, then one line per card in the given order.
 *
 * The order is the caller's (sort with {@link sortChoiceCards}, or keep a
 * cache-stable order). A preamble above 32 tokens, or a whole text above
 * `80 × n + 32` tokens, throws {@link GatewayError} `CARD_OVER_BUDGET`.
 *
 * @see gateway-surface §2.3
 */
export function renderChoiceCards(
  cards: readonly ChoiceCard[],
  options: RenderChoiceCardsOptions = {},
): string {
  const preamble = toSingleLine(options.preamble ?? `${cards.length} cards:`);
  // Kept by line, as the cards' lines are: a server answers with a handful of preambles.
  const preambleTokens = countLineTokens(preamble);
  if (preambleTokens > BROWSE_PREAMBLE_MAX_TOKENS) {
    throw overBudget(
      `the preamble takes ${preambleTokens} tokens`,
      preambleTokens,
      BROWSE_PREAMBLE_MAX_TOKENS,
    );
  }
  const lines = [preamble, ...cards.map(renderCard)];
  const limit = CARD_HARD_CAP_TOKENS * cards.length + BROWSE_PREAMBLE_MAX_TOKENS;
  const tokens = countLinesTokens(lines);
  if (tokens > limit) throw overBudget(`the response takes ${tokens} tokens`, tokens, limit);
  return lines.join('\n');
}

/** A `CARD_OVER_BUDGET` error. */
export function overBudget(
  message: string,
  tokens: number,
  limit: number,
  id?: string,
): GatewayError {
  return new GatewayError({
    code: 'CARD_OVER_BUDGET',
    message,
    data: id === undefined ? { tokens, limit } : { id, tokens, limit },
  });
}
