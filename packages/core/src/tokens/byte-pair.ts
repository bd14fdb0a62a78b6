/**
 * Byte-pair encoding of one `cl100k_base` pre-token over js-tiktoken's rank file.
 *
 * js-tiktoken's own merge slices the piece's byte array and joins it into a decimal key for
 * every neighbouring pair, again on every round of merging: about 100 µs for an identifier such
 * as `:getCurrentWeather`, and its encoder takes half a second to build. Here the ranks are keyed
 * by the token's bytes as a binary string (one code unit per byte, which an ASCII piece already
 * is). A merge keeps its parts as a linked list over typed arrays, knows each part's rank (a
 * merged part's rank is the rank of the pair it joined), and recomputes only the ranks of the
 * two pairs it changes, looking their bytes up in place (`rank-table.ts`) without slicing. The
 * merge rule is js-tiktoken's: join the neighbouring pair whose bytes have the lowest rank, the
 * leftmost on a tie, until no neighbouring pair is a token, so the tokens are its tokens.
 *
 * @module
 */

import { addToRankTable, createRankTable, lookUpRange, type RankTable } from './rank-table.js';
import { cl100kRanks } from './ranks.js';

/**
 * The vocabulary both ways: bytes (as a binary string) to rank, and rank to bytes; the ranks of
 * single bytes and of two-byte tokens also in tables indexed by the byte and by `first << 8 |
 * second` (-1 for none), since every merge of a piece starts from them; and every token in a
 * {@link RankTable}, for the longer pairs a merge makes.
 */
export interface ByteRanks {
  readonly rankOf: ReadonlyMap<string, number>;
  readonly bytesOf: readonly (string | undefined)[];
  readonly byteRankOf: Int32Array;
  readonly pairRankOf: Int32Array;
  readonly table: RankTable;
}

const utf8 = new TextEncoder();
let vocabulary: ByteRanks | undefined;

/** Reads the rank file once (lines of `<marker> <first rank> <base64 token>...`). */
export function getByteRanks(): ByteRanks {
  if (vocabulary !== undefined) return vocabulary;
  const rankOf = new Map<string, number>();
  const bytesOf: (string | undefined)[] = [];
  const byteRankOf = new Int32Array(256).fill(-1);
  const pairRankOf = new Int32Array(65_536).fill(-1);
  const lines = cl100kRanks()
    .bpe_ranks.split('\n')
    .map((line) => line.split(' '));
  const table = createRankTable(lines.reduce((total, fields) => total + fields.length - 2, 0));
  for (const fields of lines) {
    const first = Number.parseInt(fields[1] ?? '', 10);
    for (let index = 2; index < fields.length; index += 1) {
      const bytes = atob(fields[index] as string);
      const rank = first + index - 2;
      rankOf.set(bytes, rank);
      bytesOf[rank] = bytes;
      addToRankTable(table, bytes, rank);
      if (bytes.length === 1) byteRankOf[bytes.charCodeAt(0)] = rank;
      if (bytes.length === 2) pairRankOf[(bytes.charCodeAt(0) << 8) | bytes.charCodeAt(1)] = rank;
    }
  }
  vocabulary = { rankOf, bytesOf, byteRankOf, pairRankOf, table };
  return vocabulary;
}

/**
 * The UTF-8 bytes of `piece` as a binary string; a lone surrogate becomes the bytes of U+FFFD,
 * as `TextEncoder` makes it.
 */
export function binaryOf(piece: string): string {
  for (let index = 0; index < piece.length; index += 1) {
    if (piece.charCodeAt(index) > 0x7f) return String.fromCharCode(...utf8.encode(piece));
  }
  return piece;
}

/** No rank: the pair is not a token (above every rank of the vocabulary). */
const NO_RANK = 0x7fff_ffff;

/**
 * Scratch arrays of {@link mergeParts}, indexed by the byte where a part starts, grown to the
 * longest piece seen: `next` (where the next part starts, the byte length after the last),
 * `partRank` (the part's rank) and `pairRank` (the rank of the part joined with the next one,
 * {@link NO_RANK} when that is no token). Merging is synchronous, so one set serves every call.
 */
let next = new Int32Array(64);
let partRank = new Int32Array(64);
let pairRank = new Int32Array(64);

/** The rank of `bytes.slice(start, end)`, or {@link NO_RANK} when that is no token. */
function rangeRank(bytes: string, start: number, end: number, ranks: ByteRanks): number {
  if (end - start === 2) {
    const rank = ranks.pairRankOf[(bytes.charCodeAt(start) << 8) | bytes.charCodeAt(start + 1)];
    return rank === undefined || rank < 0 ? NO_RANK : rank;
  }
  const rank = lookUpRange(ranks.table, ranks.bytesOf, bytes, start, end);
  return rank < 0 ? NO_RANK : rank;
}

/**
 * Merges `bytes` (at least two) and returns how many parts remain; with `tokens`, appends each
 * part's rank to it in order.
 */
function mergeParts(bytes: string, ranks: ByteRanks, tokens?: number[]): number {
  const length = bytes.length;
  if (next.length <= length) {
    next = new Int32Array(length * 2);
    partRank = new Int32Array(length * 2);
    pairRank = new Int32Array(length * 2);
  }
  for (let start = 0; start < length; start += 1) {
    next[start] = start + 1;
    // Every single byte is a token.
    partRank[start] = ranks.byteRankOf[bytes.charCodeAt(start)] as number;
    pairRank[start] = start + 1 < length ? rangeRank(bytes, start, start + 2, ranks) : NO_RANK;
  }
  let parts = length;
  for (;;) {
    let best = -1;
    let bestRank = NO_RANK;
    let beforeBest = -1;
    let previous = -1;
    for (let part = 0; part < length; part = next[part] as number) {
      if ((pairRank[part] as number) < bestRank) {
        bestRank = pairRank[part] as number;
        best = part;
        beforeBest = previous;
      }
      previous = part;
    }
    if (best < 0) break;
    const after = next[next[best] as number] as number;
    next[best] = after;
    partRank[best] = bestRank;
    parts -= 1;
    pairRank[best] =
      after < length ? rangeRank(bytes, best, next[after] as number, ranks) : NO_RANK;
    if (beforeBest >= 0) pairRank[beforeBest] = rangeRank(bytes, beforeBest, after, ranks);
  }
  if (tokens !== undefined) {
    for (let part = 0; part < length; part = next[part] as number) {
      tokens.push(partRank[part] as number);
    }
  }
  return parts;
}

/** The number of tokens of one pre-token given as bytes ({@link binaryOf}). */
export function countPieceTokens(bytes: string, ranks: ByteRanks): number {
  if (bytes.length <= 1) return bytes.length;
  if (ranks.rankOf.has(bytes)) return 1;
  return mergeParts(bytes, ranks);
}

/** Appends the tokens of one pre-token given as bytes ({@link binaryOf}) to `tokens`. */
export function encodePiece(bytes: string, ranks: ByteRanks, tokens: number[]): void {
  const whole = ranks.rankOf.get(bytes);
  if (whole !== undefined) {
    tokens.push(whole);
    return;
  }
  if (bytes.length > 0) mergeParts(bytes, ranks, tokens);
}

/** The UTF-8 bytes of `tokens` (a token outside the vocabulary adds none). */
export function bytesOfTokens(tokens: readonly number[], ranks: ByteRanks): Uint8Array {
  let length = 0;
  for (const token of tokens) length += ranks.bytesOf[token]?.length ?? 0;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const token of tokens) {
    const binary = ranks.bytesOf[token] ?? '';
    for (let index = 0; index < binary.length; index += 1) {
      bytes[offset] = binary.charCodeAt(index);
      offset += 1;
    }
  }
  return bytes;
}

let piecePattern: RegExp | undefined;

/** The pre-token pattern of `cl100k_base` (global, unicode), built on first use; `matchAll` works on a copy. */
export function getPiecePattern(): RegExp {
  piecePattern ??= new RegExp(cl100kRanks().pat_str, 'gu');
  return piecePattern;
}
