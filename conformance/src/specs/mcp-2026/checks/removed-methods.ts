/**
 * Check of `mcp2026.removed.not-found` (2026-07-28 changelog items 2 and 5; streamable-http,
 * Protocol Version Header: an RPC method the server does not implement gets 404 and -32601).
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { errorProblems } from '../expect-error.js';

/** JSON-RPC's "Method not found". */
const METHOD_NOT_FOUND = -32601;

/** Methods of the 2025 revisions that 2026-07-28 removed, with valid 2025 params. */
const REMOVED_METHODS: readonly { method: string; params?: Record<string, unknown> }[] = [
  { method: 'ping' },
  { method: 'logging/setLevel', params: { level: 'info' } },
];

/** Sends each removed method as a 2026-07-28 request. */
export const removedMethodsCheck: Check = {
  requirement: 'mcp2026.removed.not-found',
  definedIn: import.meta.url,
  eras: ['modern'],
  async run(context) {
    const session = await context.session();
    const problems: string[] = [];
    for (const { method, params } of REMOVED_METHODS) {
      problems.push(
        ...errorProblems(await session.exchange(method, params), METHOD_NOT_FOUND, 404, method),
      );
    }
    return problems.length === 0
      ? pass(
          `${REMOVED_METHODS.map((entry) => entry.method).join(' and ')} answered ${METHOD_NOT_FOUND}`,
        )
      : fail(listProblems(problems));
  },
};
