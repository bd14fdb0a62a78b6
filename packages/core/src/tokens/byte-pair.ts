/**
 * Byte-pair encoding of one `cl100k_base` pre-token over js-tiktoken's rank file.
 *
 * js-tiktoken's own merge slices the piece's byte array and joins it into a decimal key for
 * every neighbouring pair, again on every round of merging: about 100 µs for an identifier such
 * as `:getCurrentWeather`, and its encoder takes half a second to build. Here the ranks are keyed
 * by the token's bytes as a binary string (one code unit per byte, which an ASCII piece already
 * is), and a merge recomputes only the ranks of the two pairs it changes. The merge rule is
 * js-tiktoken's: join the neighbouring pair whose bytes have the lowest rank, the leftmost on a
 * tie, until no neighbouring pair is a token, so the tokens are its tokens.
 *
 * @module
 */

import cl100kBase from 'js-tiktoken/ranks/cl100k_base';

/**
 * The vocabulary both ways: bytes (as a binary string) to rank, and rank to bytes; the ranks of
 * two-byte tokens also in a table indexed by `first << 8 | second` (-1 for none), since every
 * merge of a piece starts from its byte pairs.
 */
export interface ByteRanks {
  readonly rankOf: ReadonlyMap<string, number>;
  readonly bytesOf: readonly (string | undefined)[];
  readonly pairRankOf: Int32Array;
}

const utf8 = new TextEncoder();
let vocabulary: ByteRanks | undefined;

/** Reads the rank file once (lines of `<marker> <first rank> <base64 token>...`). */
export function getByteRanks(): ByteRanks {
  if (vocabulary !== undefined) return vocabulary;
  const rankOf = new Map<string, number>();
  const bytesOf: (string | undefined)[] = [];
  const pairRankOf = new Int32Array(65_536).fill(-1);
  for (const line of cl100kBase.bpe_ranks.split('\n')) {
    const fields = line.split(' ');
    const first = Number.parseInt(fields[1] ?? '', 10);
    for (let index = 2; index < fields.length; index += 1) {
      const bytes = atob(fields[index] as string);
      const rank = first + index - 2;
      rankOf.set(bytes, rank);
      bytesOf[rank] = bytes;
      if (bytes.length === 2) pairRankOf[(bytes.charCodeAt(0) << 8) | bytes.charCodeAt(1)] = rank;
    }
  }
  vocabulary = { rankOf, bytesOf, pairRankOf };
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

/**
 * The boundaries of the merged parts of `bytes`: part `i` is `bytes.slice(starts[i],
 * starts[i + 1])`, the last entry being `bytes.length`.
 */
function mergeParts(bytes: string, ranks: ByteRanks): number[] {
  const starts: number[] = [];
  for (let index = 0; index <= bytes.length; index += 1) starts.push(index);
  /** `pairRanks[i]`: the rank of parts `i` and `i + 1` joined, `Infinity` when not a token. */
  const pairRanks: number[] = [];
  for (let start = 0; start + 1 < bytes.length; start += 1) {
    const rank = ranks.pairRankOf[(bytes.charCodeAt(start) << 8) | bytes.charCodeAt(start + 1)];
    pairRanks.push(rank === undefined || rank < 0 ? Number.POSITIVE_INFINITY : rank);
  }
  const pairRank = (part: number): number =>
    ranks.rankOf.get(bytes.slice(starts[part] as number, starts[part + 2] as number)) ??
    Number.POSITIVE_INFINITY;
  for (;;) {
    let best = -1;
    let bestRank = Number.POSITIVE_INFINITY;
    for (let part = 0; part < pairRanks.length; part += 1) {
      if ((pairRanks[part] as number) < bestRank) {
        bestRank = pairRanks[part] as number;
        best = part;
      }
    }
    if (best < 0) return starts;
    starts.splice(best + 1, 1);
    pairRanks.splice(best, 1);
    if (best > 0) pairRanks[best - 1] = pairRank(best - 1);
    if (best < pairRanks.length) pairRanks[best] = pairRank(best);
  }
}

/** The number of tokens of one pre-token given as bytes ({@link binaryOf}). */
export function countPieceTokens(bytes: string, ranks: ByteRanks): number {
  if (bytes.length <= 1) return bytes.length;
  if (ranks.rankOf.has(bytes)) return 1;
  return mergeParts(bytes, ranks).length - 1;
}

/** Appends the tokens of one pre-token given as bytes ({@link binaryOf}) to `tokens`. */
export function encodePiece(bytes: string, ranks: ByteRanks, tokens: number[]): void {
  const whole = ranks.rankOf.get(bytes);
  if (whole !== undefined) {
    tokens.push(whole);
    return;
  }
  const starts = mergeParts(bytes, ranks);
  for (let part = 0; part + 1 < starts.length; part += 1) {
    // Every single byte is a token, and a merge only ever makes tokens.
    tokens.push(
      ranks.rankOf.get(bytes.slice(starts[part] as number, starts[part + 1] as number)) as number,
    );
  }
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

/** The pre-token pattern of `cl100k_base` (global, unicode); `matchAll` works on a copy. */
export const PIECE_PATTERN = new RegExp(cl100kBase.pat_str, 'gu');
