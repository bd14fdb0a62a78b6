/**
 * Check of `mcp.pagination.follows-cursor`: every declared list ends, without repeats.
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { LIST_METHODS, requestPage } from '../list-methods.js';
import { walkPages } from '../pages.js';

/**
 * Walks each list of a declared capability through the SDK client. A list whose first page
 * fails is left to the capability checks; a failure on a later page means the server refused a
 * cursor it issued.
 */
export const paginationCheck: Check = {
  requirement: 'mcp.pagination.follows-cursor',
  definedIn: import.meta.url,
  async run(context) {
    const client = await context.client();
    const capabilities = client.getServerCapabilities() ?? {};
    const problems: string[] = [];
    const walked: string[] = [];
    let paginated = false;
    for (const list of LIST_METHODS) {
      if (capabilities[list.capability] === undefined) continue;
      const walk = await walkPages(
        (cursor) => requestPage(client, list, cursor, context),
        list.key,
      );
      const failure = walk.failure;
      if (failure !== undefined && failure.kind !== 'pagination' && failure.page === 1) continue;
      walked.push(`${list.method}: ${walk.pages} page(s)`);
      if (walk.pages > 1) paginated = true;
      if (failure !== undefined)
        problems.push(`${list.method} page ${failure.page}: ${failure.message}`);
      const identities = walk.items.flatMap((item) => {
        const identity = isRecord(item) ? item[list.identity] : undefined;
        return typeof identity === 'string' ? [identity] : [];
      });
      const duplicates = repeated(identities);
      if (duplicates.length > 0) {
        const quoted = duplicates.map((identity) => JSON.stringify(identity));
        problems.push(
          `${list.method} lists ${list.identity} ${listProblems(quoted)} more than once`,
        );
      }
    }
    if (problems.length > 0) return fail(listProblems(problems));
    return pass(
      walked.length === 0
        ? 'no list to follow'
        : `${paginated ? '' : 'no list paginates; '}${walked.join(', ')}`,
    );
  },
};

/** The values that occur more than once, in order of their second occurrence. */
function repeated(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) duplicates.add(value);
    else seen.add(value);
  }
  return [...duplicates];
}
