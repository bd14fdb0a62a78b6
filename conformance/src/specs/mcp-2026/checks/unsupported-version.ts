/**
 * Check of `mcp2026.version.unsupported` (2026-07-28 basic/versioning, Protocol Version
 * Negotiation; streamable-http, Protocol Version Header).
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { PROTOCOL_VERSION_META_KEY } from '../../../era/era.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { modernEnvelope } from '../../../session/modern-envelope.js';
import { servedMethod } from '../discover-probe.js';
import { errorProblems } from '../expect-error.js';

/** The code of `UnsupportedProtocolVersionError`. */
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** A version no revision has: a date before MCP existed. */
const UNKNOWN_VERSION = '1999-01-01';

/**
 * Opens a fresh session whose first request claims a version no server implements, in the
 * envelope and (over HTTP) the header alike: the negotiation a client starts with.
 */
export const unsupportedVersionCheck: Check = {
  requirement: 'mcp2026.version.unsupported',
  definedIn: import.meta.url,
  eras: ['modern'],
  // A fresh session starts a server process over stdio.
  timeoutMs: 20_000,
  async run(context) {
    const method = await servedMethod(context);
    const session = await context.openSession({ initialize: false });
    const answer = await session.exchange(method, undefined, {
      envelope: modernEnvelope({ [PROTOCOL_VERSION_META_KEY]: UNKNOWN_VERSION }),
      headers: { 'mcp-protocol-version': UNKNOWN_VERSION },
    });
    const what = `${method} claiming version ${UNKNOWN_VERSION}`;
    const problems = errorProblems(answer, UNSUPPORTED_PROTOCOL_VERSION, 400, what);
    const error = answer.message.error;
    const data = isRecord(error) && isRecord(error.data) ? error.data : undefined;
    const supported = data?.supported;
    const listed =
      Array.isArray(supported) &&
      supported.length > 0 &&
      supported.every((version) => typeof version === 'string');
    if (problems.length === 0 && !listed)
      problems.push(`${what}: the error's data.supported is not a list of versions`);
    return problems.length === 0
      ? pass(
          `refused with ${UNSUPPORTED_PROTOCOL_VERSION}, supported: ${(supported as string[]).join(', ')}`,
        )
      : fail(listProblems(problems));
  },
};
