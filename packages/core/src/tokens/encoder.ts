/**
 * The one `cl100k_base` encoder of `@x/core/tokens`: js-tiktoken's rank file and pre-token
 * pattern, merged by `byte-pair.ts`, with the rank table read on first use.
 *
 * Byte-pair merging takes time that grows with the square of a piece's length, so one long run
 * without spaces (a ruler line, a blob of letters) would be slow. Pieces longer than
 * {@link LONG_PIECE} code units are therefore encoded in slices of {@link PIECE_SLICE}: exact for
 * ordinary text, within a few tokens of tiktoken's count for such runs, and always fast.
 *
 * @module
 */

import {
  binaryOf,
  bytesOfTokens,
  countPieceTokens,
  encodePiece,
  getByteRanks,
  getPiecePattern,
} from './byte-pair.js';

/** Pieces longer than this many UTF-16 code units are encoded in slices. */
const LONG_PIECE = 64;
/** The length of those slices, in UTF-16 code units. */
const PIECE_SLICE = 32;
/** A cheap test that the text may hold a long piece: any run of 64 non-spaces or spaces. */
const LONG_RUN = /\S{64}|\s{64}/u;

const utf8 = new TextDecoder('utf-8');

/** The tokens of `text` split by the pre-token pattern alone, as js-tiktoken's `encode`. */
function encodeWhole(text: string, tokens: number[]): void {
  const ranks = getByteRanks();
  for (const match of text.matchAll(getPiecePattern()))
    encodePiece(binaryOf(match[0]), ranks, tokens);
}

/**
 * Encodes `text` as ordinary text: special-token markers such as `<|endoftext|>` count as the
 * characters they are made of, as in tiktoken's `encode_ordinary`.
 */
export function encodeOrdinary(text: string): number[] {
  const tokens: number[] = [];
  if (!LONG_RUN.test(text)) {
    encodeWhole(text, tokens);
    return tokens;
  }
  let segmentStart = 0;
  for (const match of text.matchAll(getPiecePattern())) {
    const piece = match[0];
    if (piece.length <= LONG_PIECE) continue;
    if (match.index > segmentStart) encodeWhole(text.slice(segmentStart, match.index), tokens);
    for (const slice of slicePiece(piece)) encodeWhole(slice, tokens);
    segmentStart = match.index + piece.length;
  }
  if (segmentStart < text.length) encodeWhole(text.slice(segmentStart), tokens);
  return tokens;
}

/**
 * `encodeOrdinary(text).length`, without building the token array of a text that has no long
 * piece.
 */
export function countOrdinary(text: string): number {
  if (LONG_RUN.test(text)) return encodeOrdinary(text).length;
  const ranks = getByteRanks();
  let count = 0;
  for (const match of text.matchAll(getPiecePattern())) {
    count += countPieceTokens(binaryOf(match[0]), ranks);
  }
  return count;
}

/**
 * `countOrdinary(preToken)` for a string the pre-token pattern matches whole, without running
 * the pattern: one piece is merged alone, and a piece longer than {@link LONG_PIECE} goes
 * through {@link countOrdinary}, which slices it.
 */
export function countPreTokenOrdinary(preToken: string): number {
  if (preToken.length > LONG_PIECE) return countOrdinary(preToken);
  return countPieceTokens(binaryOf(preToken), getByteRanks());
}

/** The text of `tokens`, bytes that are no whole character decoded as U+FFFD. */
export function decodeTokens(tokens: readonly number[]): string {
  return utf8.decode(bytesOfTokens(tokens, getByteRanks()));
}

/** Cuts a piece into slices of at most {@link PIECE_SLICE} code units, never inside a surrogate pair. */
function* slicePiece(piece: string): Generator<string> {
  let start = 0;
  while (start < piece.length) {
    let end = Math.min(start + PIECE_SLICE, piece.length);
    if (end < piece.length && isHighSurrogate(piece.charCodeAt(end - 1))) end -= 1;
    yield piece.slice(start, end);
    start = end;
  }
}

function isHighSurrogate(codeUnit: number): boolean {
  return codeUnit >= 0xd800 && codeUnit <= 0xdbff;
}
