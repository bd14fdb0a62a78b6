/**
 * Follows the pagination cursors of an MCP list method, with a bound, and says how it ended.
 *
 * @module
 */

import { describeError } from '../../errors.js';
import { excerpt, isRecord } from '../../session/json-rpc.js';

/** How many pages a walk follows before deciding the server paginates forever. */
export const MAX_PAGES = 100;

/** Why a walk stopped early. */
export interface WalkFailure {
  /** `request`: a page request failed; `shape`: a page is not a result with an array; `pagination`: the cursors never end or repeat. */
  readonly kind: 'request' | 'shape' | 'pagination';
  /** The page it happened on (1 is the first). */
  readonly page: number;
  /** One line. */
  readonly message: string;
}

/** The items of every page read, and how the walk ended. */
export interface PageWalk {
  /** The items of every page read, in order. */
  readonly items: readonly unknown[];
  /** How many pages were read. */
  readonly pages: number;
  /** Set when the walk stopped before a page without `nextCursor`. */
  readonly failure?: WalkFailure;
}

/**
 * Reads pages with `fetchPage` (given the cursor, `undefined` for the first) and collects
 * `result[key]` until a page has no `nextCursor`. A thrown error ends the walk as a `request`
 * failure; a repeated cursor, or more than `maxPages` pages, as a `pagination` failure.
 */
export async function walkPages(
  fetchPage: (cursor: string | undefined) => Promise<unknown>,
  key: string,
  maxPages = MAX_PAGES,
): Promise<PageWalk> {
  const items: unknown[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    let result: unknown;
    try {
      result = await fetchPage(cursor);
    } catch (error) {
      return {
        items,
        pages: page - 1,
        failure: { kind: 'request', page, message: describeError(error) },
      };
    }
    const list = isRecord(result) ? result[key] : undefined;
    if (!isRecord(result) || !Array.isArray(list)) {
      const message = isRecord(result)
        ? `result.${key} is not an array`
        : 'the result is not an object';
      return { items, pages: page - 1, failure: { kind: 'shape', page, message } };
    }
    items.push(...list);
    const next = result.nextCursor;
    if (next === undefined) return { items, pages: page };
    const stop = (message: string): PageWalk => ({
      items,
      pages: page,
      failure: { kind: 'pagination', page, message },
    });
    if (typeof next !== 'string') return stop('nextCursor is not a string');
    if (seenCursors.has(next)) {
      return stop(`repeats the cursor "${excerpt(next, 40)}"`);
    }
    if (page >= maxPages) return stop(`still paginating after ${maxPages} pages`);
    seenCursors.add(next);
    cursor = next;
  }
}
