/**
 * Check of `mcp.lifecycle.initialize`: the handshake answers with a usable result.
 *
 * @module
 */

import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import type { Check } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { describeRawError, errorOf, isRecord } from '../../../session/json-rpc.js';

/** Reads the `initialize` response of the shared raw session. */
export const initializeCheck: Check = {
  requirement: 'mcp.lifecycle.initialize',
  definedIn: import.meta.url,
  // The 2026-07-28 era has neither (changelog items 2 and 5): its checks are in mcp-2026.
  eras: ['legacy'],
  async run(context) {
    const response = (await context.session()).initializeResponse;
    const error = response === undefined ? undefined : errorOf(response);
    if (error !== undefined)
      return fail(`initialize was answered with error ${describeRawError(error)}`);
    const result = response?.result;
    if (!isRecord(result)) return fail('the initialize result is not an object');
    const problems: string[] = [];
    const version = result.protocolVersion;
    if (typeof version !== 'string') {
      problems.push('protocolVersion is missing or not a string');
    } else if (!SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      problems.push(
        `protocolVersion "${version}" is not one the client supports (${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
      );
    }
    const info = result.serverInfo;
    if (!isRecord(info)) {
      problems.push('serverInfo is missing');
    } else {
      if (typeof info.name !== 'string')
        problems.push('serverInfo.name is missing or not a string');
      if (typeof info.version !== 'string')
        problems.push('serverInfo.version is missing or not a string');
    }
    if (!isRecord(result.capabilities)) problems.push('capabilities is missing or not an object');
    if (problems.length > 0) return fail(listProblems(problems));
    const server = isRecord(info) ? `${String(info.name)} ${String(info.version)}` : '';
    return pass(`protocol ${String(version)}, server ${server}`);
  },
};
