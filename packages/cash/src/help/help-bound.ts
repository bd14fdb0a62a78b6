/**
 * Keeping every `help` answer within a token bound, however many entries a namespace holds:
 * a listing too large for one answer is gated and paged, a function's documentation cut.
 *
 * @module
 */

import { countTokens, truncateToTokens } from '@x/core/tokens';
import type { RankableEntry } from './help-search.js';
import type { ListingEntry, ListingPage, ListingView } from './views.js';

/** The default bound of one `help` answer, in `cl100k_base` tokens. */
export const DEFAULT_HELP_TOKEN_LIMIT = 2_000;

/** The smallest bound a server accepts: room for a gate notice, an echoed query and some entries. */
export const MIN_HELP_TOKEN_LIMIT = 1_000;

/** What {@link boundListing} works on: the listing, its entries in order, how it is asked. */
export interface ListingRequest {
  /** The view with every entry (namespaces and functions in listing order). */
  readonly view: ListingView;
  /** The entries to list in order: all of them, or the ones a query matched, best first. */
  readonly entries: readonly RankableEntry[];
  /** The namespace argument that lists it again (`''` for the root). */
  readonly namespace: string;
  /** The query that produced `entries`, if any. */
  readonly query: string | undefined;
  /** Entries to skip. */
  readonly offset: number;
}

function withEntries(
  request: ListingRequest,
  shown: readonly RankableEntry[],
  page: ListingPage | undefined,
): ListingView {
  const namespaces: ListingEntry[] = [];
  const functions: ListingEntry[] = [];
  for (const item of shown) (item.kind === 'namespace' ? namespaces : functions).push(item.entry);
  const view = { ...request.view, namespaces, functions };
  if (page === undefined) delete view.page;
  else view.page = page;
  return view;
}

/**
 * Chooses the entries of one answer: all of them when they fit in `limit` tokens as `render`
 * writes them (with the query's notice, if any); otherwise a gated page of as many entries from
 * `offset` on as fit with the gate notice (the count, and how to narrow or read on). The answer
 * is measured as rendered, so the bound holds for any format and any entry.
 *
 * @see cash-rfc §7.2 (the gated response: count, and a way to narrow), §6.1
 */
export function boundListing(
  request: ListingRequest,
  limit: number,
  render: (view: ListingView) => string,
): ListingView {
  const { entries, offset, query, namespace } = request;
  const unfiltered = request.view.namespaces.length + request.view.functions.length;
  const start = Math.min(offset, entries.length);
  const page = (shown: number, gatedAt: number | undefined): ListingPage => ({
    namespace,
    query,
    unfiltered,
    total: entries.length,
    offset: start,
    shown,
    gatedAt,
  });
  if (start === 0) {
    const whole = withEntries(
      request,
      entries,
      query === undefined ? undefined : page(entries.length, undefined),
    );
    if (countTokens(render(whole)) <= limit) return whole;
  }
  const fits = (count: number): ListingView | undefined => {
    const view = withEntries(request, entries.slice(start, start + count), page(count, limit));
    return countTokens(render(view)) <= limit ? view : undefined;
  };
  const remaining = entries.length - start;
  let low = 0;
  let best = fits(0);
  let high = 8;
  // Grow until an answer no longer fits, then halve the gap: few renders, each near the bound.
  while (high <= remaining) {
    const view = fits(high);
    if (view === undefined) break;
    low = high;
    best = view;
    high *= 2;
  }
  high = Math.min(high, remaining + 1);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    const view = fits(middle);
    if (view === undefined) {
      high = middle;
    } else {
      low = middle;
      best = view;
    }
  }
  return best ?? withEntries(request, [], page(0, limit));
}

/**
 * Keeps a text answer (a function's documentation, a forwarded answer) within `limit` tokens:
 * unchanged when it fits, else cut at a token boundary with a closing note saying so and how
 * large the whole is.
 */
export function boundText(text: string, limit: number): string {
  const tokens = countTokens(text);
  if (tokens <= limit) return text;
  const note = `\n\n_Cut: the whole answer is ${tokens.toLocaleString('en-US')} tokens, over the ${limit.toLocaleString('en-US')}-token help limit._`;
  return truncateToTokens(text, limit - countTokens(note) - 1) + note;
}
