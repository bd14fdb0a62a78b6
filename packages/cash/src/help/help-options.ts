/**
 * The keyword arguments `help` understands, and the note about those it ignored.
 *
 * @module
 */

import { canonicalKey } from '../names.js';

/** What a `help` request asks for besides the namespace and function. */
export interface HelpOptions {
  /** `markdown` (the default) or `json`. */
  format: 'markdown' | 'json';
  /** Every parameter with its constraints, not only the common ones (`params="full"`). */
  fullParams: boolean;
  /** Worked examples (`examples=true`). */
  examples: boolean;
  /** Words to rank a listing's entries by (`query="..."`); only matching entries are listed, best first. */
  query: string | undefined;
  /** How many entries of a listing to skip (`offset=N`), to read a listing larger than one answer. */
  offset: number;
  /** Arguments ignored, as `name` or `name=value`, in the caller's order. */
  ignored: string[];
}

/** One keyword argument `help` understands. */
export interface HelpArgument {
  /** The argument name. */
  name: string;
  /** Its accepted values, as shown (`markdown|json`). */
  values: string;
  /** What it does. */
  description: string;
}

/**
 * The supported arguments, documented in the base `help()` response.
 *
 * @see cash-rfc §4.2 (additional keyword arguments MUST be documented there)
 */
export const HELP_ARGUMENTS: readonly HelpArgument[] = [
  { name: 'format', values: 'markdown|json', description: 'response format' },
  { name: 'params', values: 'full', description: 'every parameter with its constraints' },
  { name: 'examples', values: 'true|false', description: 'worked examples of a function' },
  { name: 'query', values: 'words', description: 'list only matching entries, best first' },
  { name: 'offset', values: 'N', description: 'skip N entries of a long listing' },
];

/**
 * The manifest's declaration of what `help` offers beyond cash-rfc: `query` and `offset`.
 * Clients that never pass them get the RFC's answers (gated only when a listing exceeds the
 * help bound).
 *
 * @see cash-rfc §5.5 (the manifest), §4.2 (additional keyword arguments)
 */
export const HELP_QUERY_EXTENSION = {
  /** The extension's name in the manifest. */
  name: 'x-help-query',
  /** One line on what it adds. */
  description:
    'help kwargs: query (words) lists only the entries that match, best first; offset (N) reads on in a listing larger than one answer.',
} as const;

/** The longest `query` acted on, in characters; a longer one is cut (listing text stays small). */
export const MAX_HELP_QUERY_LENGTH = 200;

function flag(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  return undefined;
}

const KNOWN = ['format', 'params', 'examples', 'query', 'offset'];

/** A whole number of entries to skip, from a number or a digit string; `undefined` otherwise. */
function offsetValue(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0
    ? number
    : undefined;
}

function shown(key: string, value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? '');
  const cut = text.length > 40 ? `${text.slice(0, 40)}...` : text;
  return `${key.slice(0, 40)}=${cut}`;
}

/**
 * Reads `help`'s kwargs. Keys are normalized (§5.3); unknown keys and unusable values are
 * ignored and reported, never an error.
 *
 * @see cash-rfc §4.2 (servers MUST NOT fail on unrecognised keyword arguments)
 */
export function parseHelpOptions(kwargs: Record<string, unknown>): HelpOptions {
  const options: HelpOptions = {
    format: 'markdown',
    fullParams: false,
    examples: false,
    query: undefined,
    offset: 0,
    ignored: [],
  };
  for (const [key, value] of Object.entries(kwargs)) {
    const name = canonicalKey(key);
    if (name === 'format' && (value === 'json' || value === 'markdown')) {
      options.format = value;
    } else if (name === 'params' && (value === 'full' || value === 'default')) {
      options.fullParams = value === 'full';
    } else if (name === 'examples' && flag(value) !== undefined) {
      options.examples = flag(value) === true;
    } else if (name === 'query' && typeof value === 'string' && value.trim() !== '') {
      options.query = value.trim().slice(0, MAX_HELP_QUERY_LENGTH);
    } else if (name === 'offset' && offsetValue(value) !== undefined) {
      options.offset = offsetValue(value) ?? 0;
    } else {
      options.ignored.push(KNOWN.includes(name) ? shown(key, value) : key.slice(0, 40));
    }
  }
  return options;
}
