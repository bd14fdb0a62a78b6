/**
 * Check of `mcp.stdio.stdout-messages-only`.
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, notApplicable, pass } from '../../../outcome.js';
import { excerpt } from '../../../session/json-rpc.js';

/**
 * Looks at everything the shared session's process wrote to stdout so far: every line must be a
 * valid JSON-RPC message. Start-up output is in: it precedes the `initialize` response, which
 * arrived before any check ran.
 */
export const stdoutMessagesOnlyCheck: Check = {
  requirement: 'mcp.stdio.stdout-messages-only',
  definedIn: import.meta.url,
  async run(context) {
    if (context.target.kind !== 'stdio') return notApplicable('not a stdio target');
    const session = await context.session();
    const lines = session.invalidLines;
    const first = lines[0];
    return first === undefined
      ? pass(`${session.received.length} lines, all JSON-RPC messages`)
      : fail(
          `${lines.length} stdout line(s) are not JSON-RPC messages, first: ${JSON.stringify(excerpt(first))}`,
        );
  },
};
