/**
 * The tools a server lists over the shared raw session, read once per target.
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { describeRawError, errorOf, isRecord } from '../../session/json-rpc.js';
import { openingResult, type RawSession } from '../../session/raw-session.js';
import { type PageWalk, walkPages } from './pages.js';

/** The tools of a server, as listed. */
export interface ToolListing {
  /** Whether `initialize` (or `server/discover`) declared the tools capability. */
  readonly declared: boolean;
  /** Every page's tools (none when not declared), and how the listing ended. */
  readonly walk: PageWalk;
}

/**
 * The server's capabilities object from the result that opened the session (`initialize`, or
 * `server/discover` in the modern era); `{}` if none.
 */
export function declaredCapabilities(session: RawSession): Readonly<Record<string, unknown>> {
  const result = openingResult(session);
  return isRecord(result) && isRecord(result.capabilities) ? result.capabilities : {};
}

/** Lists the tools through every page, once per target. */
export function listTools(context: CheckContext): Promise<ToolListing> {
  return context.memo('mcp-base:tools', async () => {
    const session = await context.session();
    if (declaredCapabilities(session).tools === undefined) {
      return { declared: false, walk: { items: [], pages: 0 } };
    }
    return { declared: true, walk: await walkToolPages(session) };
  });
}

/** Reads every page of `tools/list` on `session`. */
export function walkToolPages(session: RawSession): Promise<PageWalk> {
  return walkPages(async (cursor) => {
    const response = await session.request(
      'tools/list',
      cursor === undefined ? undefined : { cursor },
    );
    const error = errorOf(response);
    if (error !== undefined) throw new Error(`tools/list failed: ${describeRawError(error)}`);
    return response.result;
  }, 'tools');
}

/** A tool's name for messages: the name as JSON, or its position when it has none. */
export function toolLabel(tool: unknown, index: number): string {
  return isRecord(tool) && typeof tool.name === 'string'
    ? JSON.stringify(tool.name)
    : `tool #${index + 1}`;
}
