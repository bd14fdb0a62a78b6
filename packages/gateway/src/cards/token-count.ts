/**
 * The token counts of card lines and browse answers (not exported from the index): exact
 * counts of `@x/core/tokens`, with one bounded cache of line counts.
 *
 * A browse answer repeats the lines of cards that were shown before, so counting it whole on
 * every browse would be the largest part of a browse's work; the cache keeps the counts of the
 * most recent lines (least recently used first out) and an answer is summed from them.
 *
 * @module
 */

import { countTokens, tokenUpperBound } from '@x/core/tokens';
import { LRUCache } from 'lru-cache';

/** The most line counts kept (two per card line: alone, and followed by a line break). */
const LINE_CACHE_LIMIT = 50_000;

const lineCounts = new LRUCache<string, number>({ max: LINE_CACHE_LIMIT });

/** `countTokens(text)`, kept for the next time the same text is counted. */
function countKept(text: string): number {
  let count = lineCounts.get(text);
  if (count === undefined) {
    count = countTokens(text);
    lineCounts.set(text, count);
  }
  return count;
}

/** A line that a line break before it cannot join: not empty, not led by whitespace. */
const JOINABLE_LINE = /^\S/u;
/** A line's last character is a letter or a digit. */
const ENDS_IN_WORD = /[\p{L}\p{N}]$/u;
/** A line's last pre-token when it ends in punctuation: a space, then the punctuation run. */
const PUNCTUATION_END = / ?[^\s\p{L}\p{N}]+$/u;

/**
 * `countTokens(line)` for a line of a browse answer (a rendered card or a preamble), kept so
 * that {@link countLinesTokens} finds it when the answer is checked.
 */
export function countLineTokens(line: string): number {
  return countKept(line);
}

/**
 * What a line break adds to the count of `line`, or `undefined` when that needs the whole
 * count. After a letter or a digit the break is a pre-token of its own (one token). After a
 * punctuation run the break joins the line's last pre-token, which is that run with at most one
 * space before it, and only that pre-token changes. After whitespace the break can join more.
 */
function lineBreakTokens(line: string): number | undefined {
  if (ENDS_IN_WORD.test(line)) return 1;
  const last = PUNCTUATION_END.exec(line)?.[0];
  if (last === undefined) return undefined;
  return countKept(`${last}\n`) - countKept(last);
}

/**
 * `countTokens(lines.join('\n'))`, summed from kept counts of each line and of what its line
 * break adds.
 *
 * The sum is exact when every line after the first starts with a character other than
 * whitespace and no line holds a line break: the encoder's pre-tokens never reach across a line
 * break that such a character follows (only whitespace runs continue past a line break, and its
 * pattern has no lookbehind), so each line and its break are encoded as they are alone. Other
 * answers are counted whole.
 */
export function countLinesTokens(lines: readonly string[]): number {
  let total = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (line.includes('\n') || line.includes('\r')) return countTokens(lines.join('\n'));
    total += countKept(line);
    const next = lines[index + 1];
    if (next === undefined) return total;
    const lineBreak = JOINABLE_LINE.test(next) ? lineBreakTokens(line) : undefined;
    if (lineBreak === undefined) return countTokens(lines.join('\n'));
    total += lineBreak;
  }
  return total;
}

/**
 * Whether `text` surely takes at most `limit` tokens without loading the encoder: every
 * token covers at least one UTF-8 byte (and a UTF-16 code unit is at most 3 bytes), else core's
 * `tokenUpperBound` (a proven upper bound from the vocabulary's two- and three-byte tokens,
 * about twice the exact count for ids and prose). For checks at ingest.
 */
export function fitsWithoutEncoding(text: string, limit: number): boolean {
  return (
    text.length * 3 <= limit ||
    Buffer.byteLength(text, 'utf8') <= limit ||
    tokenUpperBound(text) <= limit
  );
}
