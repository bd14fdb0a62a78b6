/**
 * The tools and resources a target lists, read through the shared SDK client once per target.
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { isRecord } from '../../session/json-rpc.js';

/** Pages followed at most (the mcp-base pagination check judges endless cursors). */
const MAX_PAGES = 20;

/** A listed tool, as far as the checks read it. */
export interface ListedTool {
  /** The tool name. */
  readonly name: string;
  /** The properties of its input schema (empty when it has none). */
  readonly properties: Readonly<Record<string, unknown>>;
}

async function listAll<T>(
  read: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string | undefined }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await read(cursor);
    items.push(...result.items);
    if (result.nextCursor === undefined) break;
    cursor = result.nextCursor;
  }
  return items;
}

/** Every listed tool, once per target. */
export function listedTools(context: CheckContext): Promise<readonly ListedTool[]> {
  return context.memo('cash:tools', async () => {
    const client = await context.client();
    return listAll(async (cursor) => {
      // One page per request: the SDK's listTools() without a cursor would gather every page.
      const result = await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        { timeout: context.timeoutMs },
      );
      return {
        items: result.tools.map((tool) => ({
          name: tool.name,
          properties: isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {},
        })),
        nextCursor: result.nextCursor,
      };
    });
  });
}

/** The URIs of every listed resource, once per target (none when resources are not served). */
export function listedResourceUris(context: CheckContext): Promise<readonly string[]> {
  return context.memo('cash:resources', async () => {
    const client = await context.client();
    if (client.getServerCapabilities()?.resources === undefined) return [];
    return listAll(async (cursor) => {
      const result = await client.listResources(cursor === undefined ? {} : { cursor }, {
        timeout: context.timeoutMs,
      });
      return {
        items: result.resources.map((resource) => resource.uri),
        nextCursor: result.nextCursor,
      };
    });
  });
}
