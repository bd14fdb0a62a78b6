/**
 * Finds the `tool_descriptions` resource of a server: in `resources/list`, else in
 * `resources/templates/list`, read once per target over the shared raw session.
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { describeRawError, errorOf, isRecord } from '../../session/json-rpc.js';
import type { RawSession } from '../../session/raw-session.js';
import { walkPages } from '../mcp-base/pages.js';
import { declaredCapabilities } from '../mcp-base/tool-listing.js';

/** The name the spec gives the resource (§3.2). */
const RESOURCE_NAME = 'tool_descriptions';

/** A URI or URI template whose path ends in `tool_descriptions` (before a query or template). */
const NAMED_URI = /(?:^|[/:])tool_descriptions(?=$|[?#{])/;

/** A listed item: a resource or a resource template, as the server sent it. */
export type ListedItem = Readonly<Record<string, unknown>>;

/** Where the `tool_descriptions` resource was found. */
export interface DescriptionsResource {
  /** Its entry in `resources/list`, when listed there. */
  readonly listed: ListedItem | undefined;
  /** Its entry in `resources/templates/list`, when listed there. */
  readonly template: ListedItem | undefined;
  /** The URI reads are built on, without query: the listed URI, else the template's prefix. */
  readonly baseUri: string;
}

function identifies(item: unknown, member: 'uri' | 'uriTemplate'): item is ListedItem {
  if (!isRecord(item)) return false;
  const address = item[member];
  return typeof address === 'string' && NAMED_URI.test(address);
}

function namedSo(item: unknown, member: 'uri' | 'uriTemplate'): item is ListedItem {
  return isRecord(item) && item.name === RESOURCE_NAME && typeof item[member] === 'string';
}

/** The listed entry that is the resource: by its URI first, else by its name. */
function pick(items: readonly unknown[], member: 'uri' | 'uriTemplate'): ListedItem | undefined {
  return (items.find((item) => identifies(item, member)) ??
    items.find((item) => namedSo(item, member))) as ListedItem | undefined;
}

async function listAll(session: RawSession, method: string, key: string): Promise<unknown[]> {
  const walk = await walkPages(async (cursor) => {
    const response = await session.request(method, cursor === undefined ? undefined : { cursor });
    const error = errorOf(response);
    if (error !== undefined) throw new Error(`${method} failed: ${describeRawError(error)}`);
    return response.result;
  }, key);
  return [...walk.items];
}

/** The part of `address` before any query, fragment or template expression. */
function withoutQuery(address: string): string {
  const end = address.search(/[?#{]/);
  return end === -1 ? address : address.slice(0, end);
}

/**
 * The `tool_descriptions` resource of the target, or `undefined` when the server declares no
 * resources or lists no such resource or template. Read once per target.
 */
export function findDescriptionsResource(
  context: CheckContext,
): Promise<DescriptionsResource | undefined> {
  return context.memo('pd:resource', async () => {
    const session = await context.session();
    if (declaredCapabilities(session).resources === undefined) return undefined;
    const resources = await listAll(session, 'resources/list', 'resources').catch(() => []);
    const templates = await listAll(session, 'resources/templates/list', 'resourceTemplates').catch(
      () => [],
    );
    const listed = pick(resources, 'uri');
    const template = pick(templates, 'uriTemplate');
    const address = listed?.uri ?? template?.uriTemplate;
    if (typeof address !== 'string') return undefined;
    return { listed, template, baseUri: withoutQuery(address) };
  });
}
