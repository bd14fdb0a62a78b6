/**
 * The one `cl100k_base` encoder of `@x/core/tokens`, built on first use.
 *
 * js-tiktoken merges byte pairs in time that grows with the square of a piece's length, so one
 * long run without spaces (a ruler line, a blob of letters) would take minutes. Pieces longer
 * than {@link LONG_PIECE} code units are therefore encoded in slices of {@link PIECE_SLICE}:
 * exact for ordinary text, within a few tokens of tiktoken's count for such runs, and always fast.
 *
 * @module
 */

import { Tiktoken } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';

/** Pieces longer than this many UTF-16 code units are encoded in slices. */
const LONG_PIECE = 64;
/** The length of those slices, in UTF-16 code units. */
const PIECE_SLICE = 32;
/** A cheap test that the text may hold a long piece: any run of 64 non-spaces or spaces. */
const LONG_RUN = /\S{64}|\s{64}/u;

let encoder: Tiktoken | undefined;

/** Returns the shared encoder, parsing the ranks the first time only. */
export function getEncoder(): Tiktoken {
  encoder ??= new Tiktoken(cl100kBase);
  return encoder;
}

/**
 * Encodes `text` as ordinary text: special-token markers such as `<|endoftext|>` count as the
 * characters they are made of, as in tiktoken's `encode_ordinary`.
 */
export function encodeOrdinary(text: string): number[] {
  const tiktoken = getEncoder();
  if (!LONG_RUN.test(text)) return tiktoken.encode(text, [], []);
  const tokens: number[] = [];
  const append = (part: string): void => {
    for (const token of tiktoken.encode(part, [], [])) tokens.push(token);
  };
  let segmentStart = 0;
  for (const match of text.matchAll(new RegExp(cl100kBase.pat_str, 'gu'))) {
    const piece = match[0];
    if (piece.length <= LONG_PIECE) continue;
    if (match.index > segmentStart) append(text.slice(segmentStart, match.index));
    for (const slice of slicePiece(piece)) append(slice);
    segmentStart = match.index + piece.length;
  }
  if (segmentStart < text.length) append(text.slice(segmentStart));
  return tokens;
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
