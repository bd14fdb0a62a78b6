/**
 * Check of `mcp.ping.empty-result`.
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, pass } from '../../../outcome.js';
import { describeRawError, errorOf, excerpt, isRecord } from '../../../session/json-rpc.js';

/** Sends `ping` on the shared session; the result must be an object with nothing but `_meta`. */
export const pingCheck: Check = {
  requirement: 'mcp.ping.empty-result',
  definedIn: import.meta.url,
  // The 2026-07-28 era has neither (changelog items 2 and 5): its checks are in mcp-2026.
  eras: ['legacy'],
  async run(context) {
    const response = await (await context.session()).request('ping');
    const error = errorOf(response);
    if (error !== undefined) return fail(`ping was answered with error ${describeRawError(error)}`);
    const result = response.result;
    if (!isRecord(result))
      return fail(
        `the ping result is not an object: ${excerpt(JSON.stringify(result) ?? 'undefined')}`,
      );
    const extra = Object.keys(result).filter((key) => key !== '_meta');
    return extra.length === 0
      ? pass('ping answers with an empty result')
      : fail(
          `the ping result is not empty: it has ${extra.map((key) => JSON.stringify(key)).join(', ')}`,
        );
  },
};
