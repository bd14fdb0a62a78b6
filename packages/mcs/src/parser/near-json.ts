/**
 * Parses JSON as models write it: strict JSON first, then a bounded repair with `jsonrepair`.
 *
 * Why a library: `jsonrepair` is small, pure JavaScript, linear in its input, well kept, and
 * already handles what models get wrong (single quotes, unquoted keys, comments, trailing
 * commas, Python `True`/`False`/`None`, curly quotes, missing closing brackets, missing commas,
 * raw newlines in strings). A hand-written repair would cover less and need its own proofs.
 *
 * The repair is bounded: it runs only on a span the bracket scanner already cut out, whose
 * nesting is within the depth bound (so the recursive repair cannot overflow the stack), and
 * each attempt is counted against the parser's attempt bound. It is also the last resort: the
 * parser tries it only where no strict JSON call was found, because a repair can misread a
 * string (a Windows path's `\U` loses its backslash) and must never change a well-formed call.
 *
 * @module
 */

import { exceedsJsonDepth } from '@x/core/json';
import { jsonrepair } from 'jsonrepair';
import { findDuplicateKey } from './duplicate-keys.js';
import { matchBrackets } from './scan-candidates.js';

/**
 * Object keys that could reach a prototype when a consumer merges or assigns the parsed value.
 * A text that holds one of them as a key, at any depth, is rejected rather than parsed.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

/**
 * The outcome of {@link parseNearJson}.
 *
 * - `ok`: the value, and whether the repair was needed.
 * - `unparseable`: neither strict parsing nor a repair whose meaning is certain gave JSON.
 * - `too_deep`: nesting went past the bound.
 * - `forbidden_key`: the value holds one of {@link FORBIDDEN_KEYS}; `key` says which, and
 *   `repaired` whether the repair was needed to get there.
 * - `duplicate_key`: one object writes `key` twice, so its meaning is ambiguous (`JSON.parse`
 *   would keep the last); `repaired` as for `forbidden_key`.
 */
export type NearJsonResult =
  | { kind: 'ok'; value: unknown; repaired: boolean }
  | { kind: 'unparseable' }
  | { kind: 'too_deep' }
  | { kind: 'forbidden_key'; key: string; repaired: boolean }
  | { kind: 'duplicate_key'; key: string; repaired: boolean };

/** How {@link parseNearJson} parses. */
export interface NearJsonOptions {
  /** Try the repair when strict parsing fails. */
  repair: boolean;
  /**
   * Accept a repair only when the text is complete: one value whose brackets all close, with
   * nothing after it. For an arguments string, where a missing bracket means the model's
   * output was cut or is not JSON at all, not a slip (`"{broken"` must not become
   * `{"broken": null}`).
   */
  requireComplete?: boolean;
}

/**
 * Parses `text` as JSON, repairing it if allowed and needed; never throws.
 *
 * A repair is used only when its meaning is certain: it may requote strings and keys, drop
 * trailing commas and comments, read Python literals, add a comma or colon between complete
 * tokens, or close brackets (unless `requireComplete`); it must never invent a value, so a
 * repair that yields more `null`s than the text writes (`null`, `None`, `undefined`) is refused.
 */
export function parseNearJson(
  text: string,
  maxDepth: number,
  options: NearJsonOptions,
): NearJsonResult {
  if (exceedsJsonDepth(text, maxDepth)) return { kind: 'too_deep' };
  let value: unknown;
  let repaired = false;
  let parsedText = text;
  try {
    value = JSON.parse(text);
  } catch {
    if (!options.repair) return { kind: 'unparseable' };
    if (options.requireComplete === true && !isComplete(text, maxDepth)) {
      return { kind: 'unparseable' };
    }
    let repairedText: string;
    try {
      repairedText = jsonrepair(text);
    } catch {
      return { kind: 'unparseable' };
    }
    if (exceedsJsonDepth(repairedText, maxDepth)) return { kind: 'too_deep' };
    try {
      value = JSON.parse(repairedText);
    } catch {
      return { kind: 'unparseable' };
    }
    if (countNulls(value) > countNullWords(text)) return { kind: 'unparseable' };
    repaired = true;
    parsedText = repairedText;
  }
  const key = findForbiddenKey(value);
  if (key !== undefined) return { kind: 'forbidden_key', key, repaired };
  const duplicate = findDuplicateKey(parsedText);
  if (duplicate !== undefined) return { kind: 'duplicate_key', key: duplicate, repaired };
  return { kind: 'ok', value, repaired };
}

/** True when `text` is one bracketed value whose brackets close, with only blanks around it. */
function isComplete(text: string, maxDepth: number): boolean {
  const start = text.search(/\S/);
  if (start === -1 || (text[start] !== '{' && text[start] !== '[')) return false;
  // Twice the length: the scanner counts a comment's opening character twice.
  const match = matchBrackets(text, start, text.length, maxDepth, {
    remainingChars: 2 * text.length,
  });
  return match.kind === 'span' && match.closed && text.slice(match.end).trim() === '';
}

/** How many `null`s a parsed value holds; the depth is already bounded. */
function countNulls(value: unknown): number {
  if (value === null) return 1;
  if (typeof value !== 'object') return 0;
  return Object.values(value).reduce<number>((count, item) => count + countNulls(item), 0);
}

/** How many words of `text` a repair reads as `null`. */
function countNullWords(text: string): number {
  return text.match(/\b(?:null|None|undefined|NULL|Null)\b/g)?.length ?? 0;
}

/** The first forbidden key in `value`, depth first in key order; the depth is already bounded. */
function findForbiddenKey(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const key = findForbiddenKey(item);
      if (key !== undefined) return key;
    }
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (FORBIDDEN_KEYS.has(key)) return key;
    const nested = findForbiddenKey(item);
    if (nested !== undefined) return nested;
  }
  return undefined;
}
