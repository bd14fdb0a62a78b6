/**
 * The answer to one read of the `tool_descriptions` resource, and the grants it gives.
 *
 * @see progressive-disclosure §4.4, §5.1, §6.1, §6.3, §10.3
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';
import { nearestNames } from '@x/core/text';
import { type FullToolDescription, toFullDescription } from './full-description.js';
import type { DisclosureRuntime } from './options.js';
import { MAX_TOOL_NAME_LENGTH } from './options.js';
import type { ToolSelection } from './resource-uri.js';
import {
  missingToolSelection,
  rateLimited,
  type ToolNotFoundEntry,
  toolNameTooLong,
  toolNotFound,
  tooManyTools,
  type WireError,
} from './wire-errors.js';

/** A read's JSON body: an error envelope, or one entry per requested tool. */
export type DescriptionReadBody =
  | WireError
  | Record<string, FullToolDescription | ToolNotFoundEntry>;

/**
 * The names offered instead of an unknown one: all of `names` in list order when they fit in
 * `limit`, otherwise the `limit` nearest by `@x/core/text`'s ranking (edit distance, a name
 * that contains the other counting as close, ties in list order).
 */
export function availableToolNames(
  name: string,
  names: readonly string[],
  limit: number,
): string[] {
  if (names.length <= limit) return [...names];
  return nearestNames(name, names, { limit, closeOnly: false });
}

/**
 * Answers a read of the resource for one session: the rate limit first (every read counts,
 * under `keys.limit`, the caller's), then the selection's errors, then one entry per requested
 * name in request order (the full description of a visible tool, the §6.3 entry otherwise). The
 * visible tools found are granted under `keys.grant`, the session's; unknown and hidden ones are
 * not.
 */
export async function answerDescriptionRead(
  selection: Exclude<ToolSelection, { kind: 'other' }>,
  runtime: DisclosureRuntime,
  keys: { readonly limit: string; readonly grant: string },
  visibleTools: () => Promise<Tool[]>,
): Promise<DescriptionReadBody> {
  if (runtime.limitRead !== undefined) {
    const decision = await runtime.limitRead(keys.limit);
    if (!decision.allowed) return rateLimited(decision.retryAfterMs);
  }
  switch (selection.kind) {
    case 'missing':
      return missingToolSelection();
    case 'too-many':
      return tooManyTools(selection.count, runtime.maxToolsPerRead);
    case 'name-too-long':
      return toolNameTooLong(selection.length, MAX_TOOL_NAME_LENGTH);
    case 'selected':
      break;
  }
  const tools = await visibleTools();
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const allNames = tools.map((tool) => tool.name);
  const granted: string[] = [];
  const entries = selection.names.map((name): [string, FullToolDescription | ToolNotFoundEntry] => {
    const tool = byName.get(name);
    if (tool === undefined) {
      return [
        name,
        toolNotFound(name, availableToolNames(name, allNames, runtime.maxAvailableTools)),
      ];
    }
    granted.push(name);
    return [name, toFullDescription(tool, runtime.override(name))];
  });
  if (granted.length > 0) await runtime.grants.grant(keys.grant, granted);
  // fromEntries defines own properties, so a name like "__proto__" stays an ordinary key.
  return Object.fromEntries(entries);
}
