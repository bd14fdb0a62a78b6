/**
 * Checks of `mcp2026.headers.*` (2026-07-28 basic/transports/streamable-http: Standard Request
 * Headers, Case Sensitivity, Server Validation). They apply to Streamable HTTP targets only.
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../../check.js';
import { fail, listProblems, notApplicable, pass } from '../../../outcome.js';
import { describeRawError, errorOf } from '../../../session/json-rpc.js';
import { modernEnvelope } from '../../../session/modern-envelope.js';
import { postWithHeaderCase } from '../../../session/raw-http-post.js';
import type { RawRequestOptions } from '../../../session/raw-session.js';
import { declares, servedMethod } from '../discover-probe.js';
import { errorProblems } from '../expect-error.js';

/** The code of `HeaderMismatchError`. */
const HEADER_MISMATCH = -32020;

/** The skip of a target reached over stdio, which has no headers. */
function stdioSkip(context: CheckContext): CheckOutcome | undefined {
  return context.target.kind === 'http' && context.target.url !== undefined
    ? undefined
    : notApplicable('headers exist on Streamable HTTP only; this target is reached over stdio');
}

/** One request whose headers disagree with its body. */
interface Mismatch {
  readonly what: string;
  readonly method: string;
  readonly params?: Record<string, unknown>;
  readonly options: RawRequestOptions;
}

async function mismatches(context: CheckContext): Promise<Mismatch[]> {
  const method = await servedMethod(context);
  const other = method === 'tools/list' ? 'prompts/list' : 'tools/list';
  const list: Mismatch[] = [
    {
      what: `${method} with Mcp-Method ${other}`,
      method,
      options: { headers: { 'mcp-method': other } },
    },
    { what: `${method} without Mcp-Method`, method, options: { headers: { 'mcp-method': null } } },
    {
      what: `${method} with MCP-Protocol-Version 2025-11-25 and 2026-07-28 in _meta`,
      method,
      options: { headers: { 'mcp-protocol-version': '2025-11-25' } },
    },
  ];
  if (await declares(context, 'tools')) {
    list.push({
      what: 'tools/call of x-conformance-absent with Mcp-Name x-conformance-other',
      method: 'tools/call',
      params: { name: 'x-conformance-absent', arguments: {} },
      options: { headers: { 'mcp-name': 'x-conformance-other' } },
    });
  }
  return list;
}

/** Headers that disagree with the body, or a missing Mcp-Method, get 400 and -32020. */
export const headerMismatchCheck: Check = {
  requirement: 'mcp2026.headers.mismatch',
  definedIn: import.meta.url,
  eras: ['modern'],
  async run(context) {
    const skipped = stdioSkip(context);
    if (skipped !== undefined) return skipped;
    const session = await context.session();
    const problems: string[] = [];
    const cases = await mismatches(context);
    for (const { what, method, params, options } of cases) {
      problems.push(
        ...errorProblems(
          await session.exchange(method, params, options),
          HEADER_MISMATCH,
          400,
          what,
        ),
      );
    }
    return problems.length === 0
      ? pass(`${cases.length} mismatched or missing headers refused with ${HEADER_MISMATCH}`)
      : fail(listProblems(problems));
  },
};

/** The header names as an unusual client might spell them. */
function oddlyCased(method: string): [string, string][] {
  return [
    ['MCP-PROTOCOL-VERSION', '2026-07-28'],
    ['mCp-MeThOd', method],
  ];
}

/** The standard headers with oddly cased names are still recognized. */
export const headerCaseCheck: Check = {
  requirement: 'mcp2026.headers.case-insensitive',
  definedIn: import.meta.url,
  eras: ['modern'],
  async run(context) {
    const skipped = stdioSkip(context);
    if (skipped !== undefined) return skipped;
    const method = await servedMethod(context);
    const headers: [string, string][] = [
      ...Object.entries(context.target.headers ?? {}),
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json, text/event-stream'],
      ...oddlyCased(method),
    ];
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: { _meta: modernEnvelope() },
    });
    const answer = await postWithHeaderCase(
      context.target.url as string,
      headers,
      body,
      context.signal,
    );
    const error = answer.message === undefined ? undefined : errorOf(answer.message);
    if (answer.status !== 200 || answer.message === undefined || error !== undefined) {
      const said = error === undefined ? 'no JSON-RPC result' : describeRawError(error);
      return fail(
        `${method} with headers ${oddlyCased(method)
          .map(([name]) => name)
          .join(', ')}: HTTP ${answer.status}, ${said}`,
      );
    }
    return pass(
      `${method} served with headers spelled ${oddlyCased(method)
        .map(([name]) => name)
        .join(', ')}`,
    );
  },
};
