/**
 * The paginated list methods of MCP, and how to request one page through the SDK client.
 *
 * @module
 */

import type { Client, ClientRequest } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { CheckContext } from '../../check.js';

/** A list method and where its items and their identities are. */
export interface ListMethod {
  /** The server capability that offers it. */
  readonly capability: 'tools' | 'resources' | 'prompts';
  /** The JSON-RPC method. */
  readonly method: 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list';
  /** The result member holding the items. */
  readonly key: 'tools' | 'resources' | 'resourceTemplates' | 'prompts';
  /** The item member that identifies an item. */
  readonly identity: 'name' | 'uri' | 'uriTemplate';
}

/** Every paginated list method of MCP, in report order. */
export const LIST_METHODS: readonly ListMethod[] = [
  { capability: 'tools', method: 'tools/list', key: 'tools', identity: 'name' },
  { capability: 'resources', method: 'resources/list', key: 'resources', identity: 'uri' },
  {
    capability: 'resources',
    method: 'resources/templates/list',
    key: 'resourceTemplates',
    identity: 'uriTemplate',
  },
  { capability: 'prompts', method: 'prompts/list', key: 'prompts', identity: 'name' },
];

/** Any result object: the checks read results themselves, so the SDK must not reject them. */
const AnyResultSchema = z.looseObject({});

/** Requests one page of `list` through the SDK client, within the check's time limit. */
export function requestPage(
  client: Client,
  list: ListMethod,
  cursor: string | undefined,
  context: CheckContext,
): Promise<Record<string, unknown>> {
  const request = {
    method: list.method,
    params: cursor === undefined ? {} : { cursor },
  } as ClientRequest;
  return client.request(request, AnyResultSchema, {
    timeout: context.timeoutMs,
    signal: context.signal,
  });
}
