/**
 * Checks of `mcp2026.envelope.*` (2026-07-28 basic, `_meta`: the per-request protocol fields).
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { CLIENT_CAPABILITIES_META_KEY } from '../../../era/era.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { describeRawError, errorOf } from '../../../session/json-rpc.js';
import { modernEnvelope } from '../../../session/modern-envelope.js';
import { servedMethod } from '../discover-probe.js';
import { errorProblems } from '../expect-error.js';

/** JSON-RPC's "Invalid params". */
const INVALID_PARAMS = -32602;

/** A request with the whole envelope is served. */
export const envelopeAcceptedCheck: Check = {
  requirement: 'mcp2026.envelope.accepted',
  definedIn: import.meta.url,
  eras: ['modern'],
  async run(context) {
    const method = await servedMethod(context);
    const { message } = await (await context.session()).exchange(method);
    const error = errorOf(message);
    return error === undefined
      ? pass(`${method} with the full envelope is served`)
      : fail(`${method} with the full envelope got error ${describeRawError(error)}`);
  },
};

/** A request without the client capabilities is refused with -32602 (HTTP 400). */
export const envelopeRequiredCheck: Check = {
  requirement: 'mcp2026.envelope.required',
  definedIn: import.meta.url,
  eras: ['modern'],
  async run(context) {
    const method = await servedMethod(context);
    const envelope = modernEnvelope();
    delete envelope[CLIENT_CAPABILITIES_META_KEY];
    const answer = await (await context.session()).exchange(method, undefined, { envelope });
    const problems = errorProblems(
      answer,
      INVALID_PARAMS,
      400,
      `${method} without clientCapabilities`,
    );
    return problems.length === 0
      ? pass(`${method} without clientCapabilities is refused with ${INVALID_PARAMS}`)
      : fail(listProblems(problems));
  },
};
