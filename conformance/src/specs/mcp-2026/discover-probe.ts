/**
 * What several `mcp-2026` checks need to know first: the `server/discover` answer of the shared
 * session, and the capabilities it declares.
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { isRecord, type RawMessage } from '../../session/json-rpc.js';

/** The shared session's `server/discover` response (the session opens with it in this era). */
export async function discoverResponse(context: CheckContext): Promise<RawMessage> {
  const response = (await context.session()).discoverResponse;
  if (response === undefined) throw new Error('the shared session sent no server/discover');
  return response;
}

/** Whether the discover result declares `capability` (`tools`, `resources`, `prompts`). */
export async function declares(context: CheckContext, capability: string): Promise<boolean> {
  const result = (await discoverResponse(context)).result;
  return isRecord(result) && isRecord(result.capabilities) && capability in result.capabilities;
}

/** A method every modern server serves with the full envelope: tools/list when declared. */
export async function servedMethod(context: CheckContext): Promise<string> {
  return (await declares(context, 'tools')) ? 'tools/list' : 'server/discover';
}
