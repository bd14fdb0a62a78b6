/**
 * Cursor pagination of `tools/list`.
 *
 * @module
 */

import type { ListToolsResult, Tool } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

/** A cursor is the decimal index of the next page's first tool, without leading zeros. */
const CURSOR_PATTERN = /^[1-9][0-9]{0,9}$/;

/**
 * Returns the page that starts at `cursor` (the first page when absent).
 *
 * `pageSize` 0 puts every tool on one page. Cursors are opaque to clients; here they are the
 * index of the page's first tool, so they stay valid across sessions of the same catalog.
 *
 * @throws McpError -32602 (invalid params) for a cursor this server did not hand out.
 */
export function listToolsPage(
  tools: readonly Tool[],
  pageSize: number,
  cursor: string | undefined,
): ListToolsResult {
  let start = 0;
  if (cursor !== undefined) {
    start = CURSOR_PATTERN.test(cursor) ? Number(cursor) : Number.NaN;
    if (!(start < tools.length)) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Invalid cursor ${JSON.stringify(cursor.slice(0, 40))}: pass a nextCursor from a previous tools/list`,
      );
    }
  }
  const end = pageSize === 0 ? tools.length : Math.min(tools.length, start + pageSize);
  const page: ListToolsResult = { tools: tools.slice(start, end) };
  if (end < tools.length) page.nextCursor = String(end);
  return page;
}
