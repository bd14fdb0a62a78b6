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
];

function flag(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  return undefined;
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
    } else {
      options.ignored.push(
        ['format', 'params', 'examples'].includes(name) ? shown(key, value) : key.slice(0, 40),
      );
    }
  }
  return options;
}
