/**
 * Checks of `mcp2026.tools.*` (2026-07-28 server/tools: Capabilities): the tool list is the same
 * on every request, and the same for callers that present the same authorization.
 *
 * @module
 */

import { stableStringify } from '@x/core/catalog-server';
import type { Check, CheckContext } from '../../../check.js';
import { CLIENT_INFO_META_KEY } from '../../../era/era.js';
import { fail, notApplicable, pass } from '../../../outcome.js';
import { describeRawError, errorOf, isRecord } from '../../../session/json-rpc.js';
import { modernEnvelope } from '../../../session/modern-envelope.js';
import type { RawSession } from '../../../session/raw-session.js';
import { declares } from '../discover-probe.js';

/** The first page of tools/list, as the caller named `caller` gets it on `session`. */
async function listTools(session: RawSession, caller: string): Promise<unknown[]> {
  const { message } = await session.exchange('tools/list', undefined, {
    envelope: modernEnvelope({ [CLIENT_INFO_META_KEY]: { name: caller, version: '1.0.0' } }),
  });
  const error = errorOf(message);
  if (error !== undefined) throw new Error(`tools/list got error ${describeRawError(error)}`);
  const result = message.result;
  if (!isRecord(result) || !Array.isArray(result.tools))
    throw new Error('the tools/list result has no tools array');
  return result.tools;
}

function names(tools: readonly unknown[]): string {
  return tools.map((tool) => (isRecord(tool) ? String(tool.name) : '?')).join(', ');
}

async function withoutTools(context: CheckContext) {
  return (await declares(context, 'tools'))
    ? undefined
    : notApplicable('the server declares no tools');
}

/** Fresh sessions start a server process over stdio: each check gets time for two. */
const TWO_STARTS_MS = 30_000;

/** Two tools/list requests, on the shared session and a fresh one, list the same order. */
export const stableOrderCheck: Check = {
  requirement: 'mcp2026.tools.stable-order',
  definedIn: import.meta.url,
  eras: ['modern'],
  timeoutMs: TWO_STARTS_MS,
  async run(context) {
    const skipped = await withoutTools(context);
    if (skipped !== undefined) return skipped;
    const first = names(await listTools(await context.session(), 'x-conformance'));
    const second = names(await listTools(await context.openSession(), 'x-conformance'));
    return first === second
      ? pass(`the same order twice: ${first}`)
      : fail(`the order changed between requests: [${first}] then [${second}]`);
  },
};

/** Two callers on separate connections, with the target's own headers, get the same list. */
export const sameForSameAuthorizationCheck: Check = {
  requirement: 'mcp2026.tools.same-for-same-authorization',
  definedIn: import.meta.url,
  eras: ['modern'],
  timeoutMs: TWO_STARTS_MS,
  async run(context) {
    const skipped = await withoutTools(context);
    if (skipped !== undefined) return skipped;
    const first = await listTools(await context.openSession(), 'x-conformance-first');
    const second = await listTools(await context.openSession(), 'x-conformance-second');
    return stableStringify(first) === stableStringify(second)
      ? pass(`both callers get the same ${first.length} tools`)
      : fail(`two callers got different lists: [${names(first)}] and [${names(second)}]`);
  },
};
