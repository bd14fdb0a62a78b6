/**
 * Check of `mcp2026.cache.hints` (2026-07-28 server/utilities/caching: Cacheable Results, TTL
 * and Cache Scope fields).
 *
 * @module
 */

import type { Check, CheckContext } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { isRecord, type RawMessage } from '../../../session/json-rpc.js';
import { declares, discoverResponse } from '../discover-probe.js';

/** The scopes a result may give. */
const SCOPES = new Set(['public', 'private']);

/** What is wrong with one result's hints; nothing for an error or an interim result. */
function hintProblems(method: string, response: RawMessage): string[] {
  const result = response.result;
  if (!isRecord(result) || result.resultType === 'input_required') return [];
  const problems: string[] = [];
  const ttl = result.ttlMs;
  if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 0)
    problems.push(`${method}: ttlMs is ${ttl === undefined ? 'missing' : JSON.stringify(ttl)}`);
  if (typeof result.cacheScope !== 'string' || !SCOPES.has(result.cacheScope))
    problems.push(
      `${method}: cacheScope is ${result.cacheScope === undefined ? 'missing' : JSON.stringify(result.cacheScope)}`,
    );
  return problems;
}

/** The cacheable requests this server serves, by the capabilities it declares. */
async function cacheableResponses(context: CheckContext): Promise<[string, RawMessage][]> {
  const session = await context.session();
  const responses: [string, RawMessage][] = [['server/discover', await discoverResponse(context)]];
  const methods = [
    ...((await declares(context, 'tools')) ? ['tools/list'] : []),
    ...((await declares(context, 'prompts')) ? ['prompts/list'] : []),
    ...((await declares(context, 'resources'))
      ? ['resources/list', 'resources/templates/list']
      : []),
  ];
  for (const method of methods) responses.push([method, await session.request(method)]);
  const listed = responses.find(([method]) => method === 'resources/list')?.[1].result;
  const first =
    isRecord(listed) && Array.isArray(listed.resources) ? listed.resources[0] : undefined;
  if (isRecord(first) && typeof first.uri === 'string') {
    responses.push([
      `resources/read ${first.uri}`,
      await session.request('resources/read', { uri: first.uri }),
    ]);
  }
  return responses;
}

/** Every cacheable result carries ttlMs and cacheScope. */
export const cacheHintsCheck: Check = {
  requirement: 'mcp2026.cache.hints',
  definedIn: import.meta.url,
  eras: ['modern'],
  async run(context) {
    const responses = await cacheableResponses(context);
    const problems = responses.flatMap(([method, response]) => hintProblems(method, response));
    return problems.length === 0
      ? pass(`hints on ${responses.map(([method]) => method.split(' ')[0]).join(', ')}`)
      : fail(listProblems(problems));
  },
};
