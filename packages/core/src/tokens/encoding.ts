/**
 * The one `cl100k_base` encoder of `@x/core/tokens`: gpt-tokenizer's, loaded on first use.
 *
 * Importing `@x/core/tokens` (as the gateway's root entry does, for card budgets) reads no
 * ranks; the first count loads them (a few hundred milliseconds, once per process). `require`
 * keeps that first count synchronous; gpt-tokenizer ships every module as CommonJS too.
 *
 * gpt-tokenizer merges one pre-token in time that grows with the square of its length, so a
 * hostile run without spaces could make one count take minutes. Pre-tokens of up to
 * {@link LONG_PIECE} UTF-16 code units (every ordinary text, and runs such as a
 * 20,000-character ruler) are encoded whole and exactly; a longer one is encoded in slices of
 * that length, which keeps the cost linear in the text (about 0.4 s of CPU per slice of ASCII
 * and 1.5 s per slice of CJK at most) and the count within a few tokens of the exact one.
 *
 * @module
 */

import { createRequire } from 'node:module';

type Cl100kEncoding = typeof import('gpt-tokenizer/encoding/cl100k_base');
type SplitPatterns = typeof import('gpt-tokenizer/encodingParams/constants');

/** Pre-tokens longer than this many UTF-16 code units are encoded in slices of this length. */
export const LONG_PIECE = 20_000;
/** A cheap test that a text may hold a pre-token longer than {@link LONG_PIECE}. */
const LONG_RUN = new RegExp(`\\S{${LONG_PIECE / 2}}|\\s{${LONG_PIECE / 2}}`, 'u');
/** Counting options that read special-token markers (`<|endoftext|>`) as ordinary text. */
export const ORDINARY = { disallowedSpecial: new Set<string>() } as const;

const loadModule = createRequire(import.meta.url);
let encoding: Cl100kEncoding | undefined;
let splitPattern: RegExp | undefined;
let ranks: readonly (string | number[])[] | undefined;

/** gpt-tokenizer's `cl100k_base` encoding. */
export function cl100k(): Cl100kEncoding {
  encoding ??= loadModule('gpt-tokenizer/encoding/cl100k_base') as Cl100kEncoding;
  return encoding;
}

/** The encoding's pre-token pattern (global, unicode); `matchAll` works on a copy. */
export function piecePattern(): RegExp {
  splitPattern ??= new RegExp(
    (loadModule('gpt-tokenizer/encodingParams/constants') as SplitPatterns).CL100K_TOKEN_SPLIT_REGEX
      .source,
    'gu',
  );
  return splitPattern;
}

/** Every token by rank: its text, or its bytes when they are no UTF-8 text. */
export function rankEntries(): readonly (string | number[])[] {
  ranks ??= (loadModule('gpt-tokenizer/bpeRanks/cl100k_base') as { default: (string | number[])[] })
    .default;
  return ranks;
}

/** A stretch of a text that is encoded alone: whole pre-tokens, or one slice of a long one. */
export interface TextPart {
  /** Where it starts in the text. */
  readonly start: number;
  /** Its text. */
  readonly text: string;
}

/**
 * The text as the stretches it is encoded in: the text itself when it has no long pre-token,
 * else the runs of ordinary pre-tokens between the slices of each long one.
 */
export function* encodedParts(text: string): Generator<TextPart> {
  if (text.length <= LONG_PIECE || !LONG_RUN.test(text)) {
    yield { start: 0, text };
    return;
  }
  let segmentStart = 0;
  for (const match of text.matchAll(piecePattern())) {
    const piece = match[0];
    if (piece.length <= LONG_PIECE) continue;
    if (match.index > segmentStart) {
      yield { start: segmentStart, text: text.slice(segmentStart, match.index) };
    }
    for (let start = 0; start < piece.length; ) {
      let end = Math.min(start + LONG_PIECE, piece.length);
      if (end < piece.length && isHighSurrogate(piece.charCodeAt(end - 1))) end -= 1;
      yield { start: match.index + start, text: piece.slice(start, end) };
      start = end;
    }
    segmentStart = match.index + piece.length;
  }
  if (segmentStart < text.length) {
    yield { start: segmentStart, text: text.slice(segmentStart) };
  }
}

function isHighSurrogate(codeUnit: number): boolean {
  return codeUnit >= 0xd800 && codeUnit <= 0xdbff;
}
