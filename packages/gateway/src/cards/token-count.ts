/**
 * Exact cl100k_base token counts at catalog scale (not exported from the index).
 *
 * cl100k_base encodes text as the concatenation of the encodings of its
 * pre-tokens (the matches of its split pattern), and cards, descriptions and
 * results repeat the same pre-tokens (` the`, ` file`, `_`, `:`) over and over.
 * Counting each distinct pre-token once with `countPreTokenTokens` of
 * `@x/core/tokens` (which merges the piece without splitting it again) and
 * summing the cached counts gives the same number as counting the whole text, at a small
 * fraction of the cost: js-tiktoken compiles two regular expressions per call
 * and merges byte pairs in time that grows with the square of a piece.
 *
 * @module
 */

import { createRequire } from 'node:module';
import {
  countPreTokenTokens,
  countTokens,
  tokenUpperBound,
  truncateToTokens,
} from '@x/core/tokens';
import type { TiktokenBPE } from 'js-tiktoken/lite';

/** Core encodes pieces longer than this in slices; texts with such pieces are counted whole. */
const LONG_PIECE = 64;
/** The cache is cleared when it holds this many pieces, so memory stays bounded. */
const CACHE_LIMIT = 200_000;

const pieceCounts = new Map<string, number>();

/**
 * The encoder's pre-token pattern, shared by the walks of this module: each walk starts it at
 * 0, and none runs inside another (the counts they call into are core's, with a pattern of their
 * own), so one object serves them all without a copy per walk.
 */
let sharedPattern: RegExp | undefined;

/** The pattern, built from js-tiktoken's rank file on first use so that importing loads no ranks. */
function piecePattern(): RegExp {
  sharedPattern ??= new RegExp(
    (createRequire(import.meta.url)('js-tiktoken/ranks/cl100k_base') as TiktokenBPE).pat_str,
    'gu',
  );
  return sharedPattern;
}

/** The encoder's pre-tokens of `text`, in order. */
function* pieces(text: string): Generator<RegExpExecArray> {
  const pattern = piecePattern();
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    yield match;
  }
}

/** The count of one pre-token of the pattern, merged directly on a cache miss. */
function pieceCount(piece: string): number {
  let count = pieceCounts.get(piece);
  if (count === undefined) {
    if (pieceCounts.size >= CACHE_LIMIT) pieceCounts.clear();
    count = countPreTokenTokens(piece);
    pieceCounts.set(piece, count);
  }
  return count;
}

/** The sum of the piece counts of `text`, or -1 when a piece is longer than 64 code units. */
function sumOfPieces(text: string): number {
  let total = 0;
  // The hot walk of card building: a plain loop over the shared pattern, no iterator.
  const pattern = piecePattern();
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0].length > LONG_PIECE) return -1;
    total += pieceCount(match[0]);
  }
  return total;
}

/**
 * The cl100k_base token count of `text`, always equal to `countTokens(text)`
 * of `@x/core/tokens`. A text with a pre-token longer than 64 code units
 * (which core encodes in slices) is counted whole.
 */
export function countTokensCached(text: string): number {
  const total = sumOfPieces(text);
  return total < 0 ? countTokens(text) : total;
}

/** The most lines whose counts {@link countLinesTokens} keeps; cleared when full. */
const LINE_CACHE_LIMIT = 50_000;
/**
 * By line: its count followed by a line break and its count alone, or `null` for a line with a
 * piece too long to count apart.
 */
const lineCounts = new Map<string, readonly [number, number] | null>();
/** A line that {@link countLinesTokens} cannot count apart: empty, multi-line or space-led. */
const UNSPLITTABLE_LINE = /^$|^\s|[\r\n]/u;

function lineCountsOf(line: string): readonly [number, number] | undefined {
  const kept = lineCounts.get(line);
  if (kept !== undefined) return kept ?? undefined;
  if (lineCounts.size >= LINE_CACHE_LIMIT) lineCounts.clear();
  const counts = measureLine(line);
  lineCounts.set(line, counts ?? null);
  return counts;
}

/**
 * A line's counts in one walk: with a line break after it, only its last piece can change (it
 * may take the break in, as a run of punctuation or whitespace does), so that piece is counted
 * again with the break.
 */
function measureLine(line: string): readonly [number, number] | undefined {
  let alone = 0;
  let last = '';
  let lastCount = 0;
  const pattern = piecePattern();
  pattern.lastIndex = 0;
  for (let match = pattern.exec(line); match !== null; match = pattern.exec(line)) {
    last = match[0];
    if (last.length > LONG_PIECE) return undefined;
    lastCount = pieceCount(last);
    alone += lastCount;
  }
  const tail = sumOfPieces(`${last}\n`);
  return tail < 0 ? undefined : [alone - lastCount + tail, alone];
}

/**
 * `countTokensCached(line)` for a line of a browse answer (a rendered card), kept so that
 * {@link countLinesTokens} finds it when the answer is checked.
 */
export function countLineTokens(line: string): number {
  const counts = UNSPLITTABLE_LINE.test(line) ? undefined : lineCountsOf(line);
  return counts === undefined ? countTokensCached(line) : counts[1];
}

/**
 * `countTokensCached(lines.join('\n'))`, from counts of each line kept across calls, so a
 * browse answer whose cards were shown before costs a few map lookups.
 *
 * The sum is exact because each line break ends a pre-token and the next one starts the next
 * line: no pattern of the encoder reaches back before the line start (it has no lookbehind),
 * and only whitespace and line breaks can extend a run of them, which a non-empty line that
 * does not start with whitespace and holds no line break cannot continue. Other lines, and
 * lines with a piece longer than 64 code units, are counted in the whole text.
 */
export function countLinesTokens(lines: readonly string[]): number {
  let total = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    const counts = UNSPLITTABLE_LINE.test(line) ? undefined : lineCountsOf(line);
    if (counts === undefined) return countTokensCached(lines.join('\n'));
    total += index === lines.length - 1 ? counts[1] : counts[0];
  }
  return total;
}

/**
 * A text's count ({@link countTokensCached}) with its first and last pre-tokens; `ends` is
 * `undefined` for an empty text and for one counted whole (a piece longer than 64 code units).
 */
export interface CountedText {
  /** The text. */
  readonly text: string;
  /** Its cl100k_base token count. */
  readonly tokens: number;
  /** Its first and last pre-tokens (the same piece when it has one). */
  readonly ends: readonly [first: string, last: string] | undefined;
}

/** {@link countTokensCached} of `text` in the same walk, keeping its first and last pieces. */
export function countTextEnds(text: string): CountedText {
  let total = 0;
  let first: string | undefined;
  let last = '';
  const pattern = piecePattern();
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    last = match[0];
    if (last.length > LONG_PIECE) return { text, tokens: countTokens(text), ends: undefined };
    first ??= last;
    total += pieceCount(last);
  }
  return { text, tokens: total, ends: first === undefined ? undefined : [first, last] };
}

/** A text that ends in whitespace, after which a following space would join a run. */
const ENDS_IN_SPACE = /\s$/u;
/** A first piece that starts with a letter: then it is the text's leading run of letters. */
const LETTER_FIRST = /^\p{L}/u;
/** A text that ends in a letter or a digit, which no punctuation after it can join. */
const ENDS_IN_WORD = /[\p{L}\p{N}]$/u;
/** One character that is neither whitespace, a letter nor a digit. */
const PUNCTUATION_MARK = /^[^\s\p{L}\p{N}]$/u;

/*
 * The joins below are exact by one rule of the pattern: a piece that ends before a non-space
 * followed by a space cannot reach past that space (only runs of whitespace, and punctuation
 * before line breaks, extend over a space), and the pattern has no lookbehind, so such a text is
 * split as its two parts are. Joins that the rule does not cover are counted whole.
 */

/** Whether `left + right` splits into the pieces of `left` and of `right` (see above). */
function splitsAtJoin(left: CountedText, right: CountedText): boolean {
  return (
    left.ends !== undefined &&
    !ENDS_IN_SPACE.test(left.text) &&
    (right.text === '' || (right.ends !== undefined && right.text[0] === ' '))
  );
}

/** `countTokensCached(left.text + right.text)`, as a sum when the join allows it. */
export function countJoinedTokens(left: CountedText, right: CountedText): number {
  return splitsAtJoin(left, right)
    ? left.tokens + right.tokens
    : countTokensCached(left.text + right.text);
}

/**
 * `countTextEnds(counted.text + mark)` for one punctuation character `mark` (such as `:`),
 * without a walk when the text ends in a letter or a digit: the mark is then a piece of its own.
 */
export function appendMark(counted: CountedText, mark: string): CountedText {
  if (
    counted.ends === undefined ||
    !PUNCTUATION_MARK.test(mark) ||
    !ENDS_IN_WORD.test(counted.text)
  ) {
    return countTextEnds(counted.text + mark);
  }
  return {
    text: counted.text + mark,
    tokens: counted.tokens + pieceCount(mark),
    ends: [counted.ends[0], mark],
  };
}

/**
 * `countLineTokens(`${head.text} ${body.text}${tail.text}`)` from the counts of its parts (a
 * card's id, its fitted description and what follows), without walking the line; the line's
 * counts are kept for {@link countLinesTokens} as {@link countLineTokens} keeps them.
 *
 * The joins follow the rule above; the space before `body` joins its first piece when that is a
 * run of letters (`[^\r\n\p{L}\p{N}]?\p{L}+`), which is then the only piece that changes. Any
 * other line is counted whole.
 */
export function countSpacedLineTokens(
  head: CountedText,
  body: CountedText,
  tail: CountedText,
): number {
  const line = `${head.text} ${body.text}${tail.text}`;
  if (lineCounts.has(line) || UNSPLITTABLE_LINE.test(line)) return countLineTokens(line);
  const counts = spacedLineCounts(head, body, tail);
  if (counts === undefined) return countLineTokens(line);
  if (lineCounts.size >= LINE_CACHE_LIMIT) lineCounts.clear();
  lineCounts.set(line, counts);
  return counts[1];
}

/** The line's counts as {@link measureLine} gives them, or `undefined` when not composable. */
function spacedLineCounts(
  head: CountedText,
  body: CountedText,
  tail: CountedText,
): readonly [number, number] | undefined {
  const [first, last] = body.ends ?? ['', ''];
  if (
    !LETTER_FIRST.test(first) ||
    first.length >= LONG_PIECE ||
    head.ends === undefined ||
    ENDS_IN_SPACE.test(head.text) ||
    !splitsAtJoin(body, tail)
  ) {
    return undefined;
  }
  const alone =
    head.tokens + pieceCount(` ${first}`) + body.tokens - pieceCount(first) + tail.tokens;
  const lastPiece = tail.ends?.[1] ?? (first === body.text ? ` ${first}` : last);
  const withBreak = sumOfPieces(`${lastPiece}\n`);
  return withBreak < 0 ? undefined : [alone - pieceCount(lastPiece) + withBreak, alone];
}

/**
 * Whether `text` surely takes at most `limit` tokens without counting: every
 * cl100k_base token covers at least one UTF-8 byte, and a UTF-16 code unit is
 * at most 3 bytes. `bytes` is the text's UTF-8 size when the caller already
 * measured it.
 */
export function fitsWithoutCounting(text: string, limit: number, bytes?: number): boolean {
  return text.length * 3 <= limit || (bytes ?? Buffer.byteLength(text, 'utf8')) <= limit;
}

/**
 * Whether `text` surely takes at most `limit` tokens without building the
 * encoder: {@link fitsWithoutCounting}, else core's `tokenUpperBound` (a
 * proven upper bound from the vocabulary's two- and three-byte tokens, about
 * twice the exact count for ids and prose). For checks at ingest, where the
 * encoder's one-time build would cost more than everything else.
 */
export function fitsWithoutEncoding(text: string, limit: number): boolean {
  return fitsWithoutCounting(text, limit) || tokenUpperBound(text) <= limit;
}

/**
 * `truncateToTokens(text, maxTokens)` of `@x/core/tokens`, encoding only the
 * head of `text` that holds those tokens.
 *
 * The head ends one pre-token past the first `maxTokens + 1` tokens, so its
 * encoding starts with the same tokens as the whole text's (a pre-token's
 * split can depend on the character after it, never on more).
 */
export function truncateToTokensCached(text: string, maxTokens: number): string {
  if (maxTokens <= 0) return '';
  let total = 0;
  let extra = false;
  for (const match of pieces(text)) {
    const piece = match[0];
    if (piece.length > LONG_PIECE) return truncateToTokens(text, maxTokens);
    if (extra) return truncateToTokens(text.slice(0, (match.index ?? 0) + piece.length), maxTokens);
    total += pieceCount(piece);
    if (total > maxTokens) extra = true;
  }
  return truncateToTokens(text, maxTokens);
}

/** No cl100k_base token covers more than this many UTF-8 bytes. */
const MAX_TOKEN_BYTES = 128;

/**
 * Whether `text` takes more than `limit` tokens, doing only as much work as
 * the answer needs: a text of at most `limit` bytes fits without counting,
 * and the walk over pre-tokens stops as soon as the running count passes
 * `limit`. A pre-token longer than 64 code units counts as its own slice
 * count (within a few tokens of the whole text's) or, when even its lower
 * bound (a token covers at most 128 bytes) passes the limit, without
 * counting. For the context firewall, where a result of megabytes must be
 * judged in microseconds; `bytes` is the text's UTF-8 size when the caller
 * already measured it.
 */
export function exceedsTokens(text: string, limit: number, bytes?: number): boolean {
  if (fitsWithoutCounting(text, limit, bytes)) return false;
  let total = 0;
  for (const match of pieces(text)) {
    const piece = match[0];
    if (piece.length > LONG_PIECE) {
      if (Buffer.byteLength(piece, 'utf8') / MAX_TOKEN_BYTES > limit - total) return true;
      total += countTokens(piece);
    } else {
      total += pieceCount(piece);
    }
    if (total > limit) return true;
  }
  return false;
}
