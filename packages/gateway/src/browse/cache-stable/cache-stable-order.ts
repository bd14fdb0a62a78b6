/**
 * The cache-stable order of a browse response: seen cards first, the
 * breakpoint marker, then new cards (gateway-surface §5.1, §5.3).
 *
 * @module
 */

import { buildNodeCard } from '../../cards/card-builder.js';
import { renderChoiceCards } from '../../cards/card-render.js';
import type { ChoiceCard } from '../../cards/choice-card.js';
import { compareCodePoints } from '../../util/strings.js';

/**
 * The id of the marker card between the seen prefix and the new suffix.
 *
 * @see gateway-surface §5.1
 */
export const CACHE_BREAKPOINT_ID = '__cache_breakpoint__';

let breakpointCard: ChoiceCard | undefined;

/**
 * The marker card: `kind` `internal`, id {@link CACHE_BREAKPOINT_ID}, the
 * same bytes every time.
 *
 * @see gateway-surface §5.1, §5.4
 */
export function cacheBreakpointCard(): ChoiceCard {
  breakpointCard ??= buildNodeCard({
    path: CACHE_BREAKPOINT_ID,
    namespace: '',
    name: CACHE_BREAKPOINT_ID,
    description: 'Cards above were shown before in this session; new cards follow.',
  });
  return breakpointCard;
}

/**
 * Orders a browse response for prompt caching: the cards of `frozen` (seen
 * before, with their first-sighting content) in id order, then the marker
 * when both parts are non-empty, then the other cards in id order.
 *
 * @see gateway-surface §5.1, §5.2, §5.3
 */
export function cacheStableOrder(
  cards: readonly ChoiceCard[],
  frozen: ReadonlyMap<string, ChoiceCard>,
): ChoiceCard[] {
  const byId = (left: ChoiceCard, right: ChoiceCard) => compareCodePoints(left.id, right.id);
  const prefix: ChoiceCard[] = [];
  const suffix: ChoiceCard[] = [];
  for (const card of cards) {
    const seen = frozen.get(card.id);
    if (seen === undefined) suffix.push(card);
    else prefix.push(seen);
  }
  prefix.sort(byId);
  suffix.sort(byId);
  return prefix.length > 0 && suffix.length > 0
    ? [...prefix, cacheBreakpointCard(), ...suffix]
    : [...prefix, ...suffix];
}

/**
 * The text of a cache-stable `tool_browse` response: a preamble that depends
 * only on the number of cards, then one rendered card per line in the given
 * order, so a repeated browse repeats its bytes.
 *
 * @see gateway-surface §2.3, §5.1
 */
export function renderCacheStableBrowseText(cards: readonly ChoiceCard[]): string {
  const preamble =
    cards.length === 0
      ? 'No tool matched. Try other words, or browse path "/".'
      : `${cards.length} cards, seen before first, then new; rank by score. Run a tool with tool_execute(tool_id, args):`;
  return renderChoiceCards(cards, { preamble });
}
