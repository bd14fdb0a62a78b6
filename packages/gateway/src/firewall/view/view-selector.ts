/**
 * The `tool_view` selector grammar: parse and format.
 *
 * @module
 */

import { GatewayError } from '../../errors.js';
import { formatJsonPath, type JsonPathStep, parseJsonPath } from './json-path.js';

/**
 * A parsed `tool_view` selector.
 *
 * - `head`: the first `count` lines (default {@link DEFAULT_HEAD_LINES}).
 * - `lines`: lines `start` to `end`, 1-based and inclusive.
 * - `json_keys`: the keys of the object (or the length of the array) at `path` (default `$`).
 * - `rows`: elements `start` to `end`, 0-based and inclusive, of the array at `path` (default `$`).
 * - `json_path`: the value at `path`.
 * - `grep`: the lines that match an RE2 `pattern` (`(?i)` for case-insensitive).
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export type ViewSelector =
  | {
      /** The first lines. */
      kind: 'head';
      /** How many; default {@link DEFAULT_HEAD_LINES}. */
      count?: number;
    }
  | {
      /** A range of lines. */
      kind: 'lines';
      /** The first line, from 1. */
      start: number;
      /** The last line, inclusive. */
      end: number;
    }
  | {
      /** The keys of an object, or the length of an array. */
      kind: 'json_keys';
      /** Where; default the root. */
      path?: JsonPathStep[];
    }
  | {
      /** A range of array elements. */
      kind: 'rows';
      /** The first element, from 0. */
      start: number;
      /** The last element, inclusive. */
      end: number;
      /** The array; default the root. */
      path?: JsonPathStep[];
    }
  | {
      /** The value at a JSON path. */
      kind: 'json_path';
      /** The path. */
      path: JsonPathStep[];
    }
  | {
      /** The lines matching a pattern. */
      kind: 'grep';
      /** An RE2 pattern. */
      pattern: string;
    };

/**
 * The lines `head` shows when no count is given.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export const DEFAULT_HEAD_LINES = 40;

/**
 * The longest selector, in UTF-16 code units.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export const MAX_SELECTOR_LENGTH = 512;

/**
 * The longest grep pattern, in UTF-16 code units.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export const MAX_GREP_PATTERN_LENGTH = 256;

/**
 * The selector forms, as listed to a model in errors and the tool description.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export const VIEW_SELECTOR_FORMS = [
  'head',
  'head:N',
  'lines:A-B',
  'json_keys',
  'json_keys:$.path',
  'rows:A-B',
  'rows:A-B:$.path',
  '$.path',
  'grep:PATTERN',
] as const;

const COUNT = '(0|[1-9][0-9]{0,8})';
const HEAD = new RegExp(`^head(?::${COUNT})?$`);
const RANGE = new RegExp(`^${COUNT}-${COUNT}(?::(\\$.*))?$`);

function unknownSelector(selector: string, reason: string): GatewayError {
  return new GatewayError({
    code: 'VIEW_FAILED',
    message: `unknown selector: ${reason}; use one of ${VIEW_SELECTOR_FORMS.join(', ')}`,
    data: { reason: 'selector', selector: selector.slice(0, 200) },
  });
}

/**
 * Parses a selector (see {@link ViewSelector} for the forms).
 *
 * A string that is none of the forms, longer than {@link MAX_SELECTOR_LENGTH},
 * a range whose end is before its start, a `lines` range starting at 0, a
 * `head:0`, or an empty or over-long grep pattern throws {@link GatewayError}
 * `VIEW_FAILED` that lists the forms. The grep pattern is checked by RE2 when
 * the view runs, not here.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export function parseViewSelector(selector: string): ViewSelector {
  if (typeof selector !== 'string') throw unknownSelector('', 'not a string');
  if (selector.length > MAX_SELECTOR_LENGTH) {
    throw unknownSelector(selector, `longer than ${MAX_SELECTOR_LENGTH} characters`);
  }
  if (selector.startsWith('$')) return { kind: 'json_path', path: parseJsonPath(selector) };
  if (selector.startsWith('grep:')) {
    const pattern = selector.slice('grep:'.length);
    if (pattern === '' || pattern.length > MAX_GREP_PATTERN_LENGTH) {
      throw unknownSelector(selector, `a grep pattern has 1-${MAX_GREP_PATTERN_LENGTH} characters`);
    }
    return { kind: 'grep', pattern };
  }
  if (selector === 'json_keys') return { kind: 'json_keys' };
  if (selector.startsWith('json_keys:')) {
    return { kind: 'json_keys', path: parseJsonPath(selector.slice('json_keys:'.length)) };
  }
  const head = HEAD.exec(selector);
  if (head !== null) {
    if (head[1] === undefined) return { kind: 'head' };
    const count = Number(head[1]);
    if (count === 0) throw unknownSelector(selector, 'head:N needs N of at least 1');
    return { kind: 'head', count };
  }
  for (const kind of ['lines', 'rows'] as const) {
    if (!selector.startsWith(`${kind}:`)) continue;
    const range = RANGE.exec(selector.slice(kind.length + 1));
    if (range === null) throw unknownSelector(selector, `${kind} takes A-B`);
    const start = Number(range[1]);
    const end = Number(range[2]);
    if (end < start) throw unknownSelector(selector, 'a range ends after it starts');
    if (kind === 'lines') {
      if (range[3] !== undefined) throw unknownSelector(selector, 'lines take no path');
      if (start === 0) throw unknownSelector(selector, 'lines count from 1');
      return { kind, start, end };
    }
    return range[3] === undefined
      ? { kind, start, end }
      : { kind, start, end, path: parseJsonPath(range[3]) };
  }
  throw unknownSelector(selector, 'no such form');
}

/**
 * Writes a selector: the inverse of {@link parseViewSelector} (JSON paths in
 * their canonical form, see `formatJsonPath`).
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export function formatViewSelector(selector: ViewSelector): string {
  switch (selector.kind) {
    case 'head':
      return selector.count === undefined ? 'head' : `head:${selector.count}`;
    case 'lines':
      return `lines:${selector.start}-${selector.end}`;
    case 'json_keys':
      return selector.path === undefined
        ? 'json_keys'
        : `json_keys:${formatJsonPath(selector.path)}`;
    case 'rows':
      return `rows:${selector.start}-${selector.end}${selector.path === undefined ? '' : `:${formatJsonPath(selector.path)}`}`;
    case 'json_path':
      return formatJsonPath(selector.path);
    case 'grep':
      return `grep:${selector.pattern}`;
  }
}
