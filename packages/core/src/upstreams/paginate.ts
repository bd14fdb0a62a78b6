/**
 * Following `nextCursor` across the pages of a list result, with a guard against loops.
 *
 * @module
 */
import { CoreError } from '../errors.js';
import { quoteName } from './config-issues.js';

/** One page as the caller's fetcher returns it. */
export interface Page<T> {
  items: readonly T[];
  nextCursor?: string | undefined;
}

/** Where the pages come from, for error messages, and how many pages are allowed. */
export interface PaginateOptions {
  upstream: string;
  operation: string;
  maxPages: number;
}

function runaway(options: PaginateOptions, what: string, pages: number): CoreError {
  return new CoreError({
    code: 'UPSTREAM_ERROR',
    message: `upstream ${quoteName(options.upstream)}: ${options.operation}: ${what}`,
    data: { upstream: options.upstream, operation: options.operation, pages },
  });
}

/**
 * Fetches every page in order and concatenates the items.
 *
 * Fails with `UPSTREAM_ERROR` (not retryable) when the server repeats a cursor or when more
 * than `maxPages` pages come, instead of looping for ever.
 */
export async function collectPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  options: PaginateOptions,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 1; ; pages += 1) {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    if (page.nextCursor === undefined) {
      return items;
    }
    if (seen.has(page.nextCursor)) {
      throw runaway(options, `the server repeated a pagination cursor after ${pages} pages`, pages);
    }
    if (pages >= options.maxPages) {
      throw runaway(options, `more than ${options.maxPages} pages; giving up`, pages);
    }
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}
