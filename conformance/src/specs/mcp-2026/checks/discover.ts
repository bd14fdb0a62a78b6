/**
 * Check of `mcp2026.discover.shape` (2026-07-28 server/discover).
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { MODERN_PROTOCOL_VERSION } from '../../../era/era.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { describeRawError, errorOf, isRecord } from '../../../session/json-rpc.js';
import { discoverResponse } from '../discover-probe.js';

/** Reads the shared session's `server/discover` result. */
export const discoverShapeCheck: Check = {
  requirement: 'mcp2026.discover.shape',
  definedIn: import.meta.url,
  eras: ['modern'],
  async run(context) {
    const response = await discoverResponse(context);
    const error = errorOf(response);
    if (error !== undefined) return fail(`server/discover got error ${describeRawError(error)}`);
    const result = response.result;
    if (!isRecord(result)) return fail('the server/discover result is not an object');
    const problems: string[] = [];
    const versions = result.supportedVersions;
    if (!Array.isArray(versions) || !versions.every((version) => typeof version === 'string')) {
      problems.push('supportedVersions is missing or not an array of strings');
    } else if (!versions.includes(MODERN_PROTOCOL_VERSION)) {
      problems.push(`supportedVersions (${versions.join(', ')}) lacks ${MODERN_PROTOCOL_VERSION}`);
    }
    if (!isRecord(result.capabilities)) problems.push('capabilities is missing or not an object');
    if (problems.length > 0) return fail(listProblems(problems));
    return pass(
      `supports ${(versions as string[]).join(', ')}; capabilities ${Object.keys(result.capabilities as object).join(', ') || 'none'}`,
    );
  },
};
