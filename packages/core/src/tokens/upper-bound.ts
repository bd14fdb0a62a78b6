import { CoreError } from '../errors.js';
import { getPiecePattern } from './byte-pair.js';
import { cl100kRanks } from './ranks.js';

/** Pieces longer than this many UTF-16 code units are encoded in slices (see `encoder.ts`). */
const LONG_PIECE = 64;
/** The per-piece bounds are cached; the cache is cleared when it holds this many pieces. */
const CACHE_LIMIT = 100_000;
/** The marker and first rank that start a line of the rank file. */
const RANK_LINE_HEADER = /^\S+ \d+/;
/** A base64 token of two bytes (three digits and `=`) or three bytes (four digits), alone. */
const SHORT_TOKEN = / ([A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})(?= |$)/g;
const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

const utf8 = new TextEncoder();
const pieceBounds = new Map<string, number>();
let shortTokens: ShortTokens | undefined;

/**
 * Returns a number that is never below `countTokens(text)`, without building the
 * `cl100k_base` encoder (a few hundred milliseconds): for deciding that a text surely fits a
 * budget before paying for an exact count. Typically about twice the exact count for
 * identifiers and prose, and never above the text's UTF-8 byte count.
 *
 * Why it holds: the encoder cuts the text into pieces with its split pattern and encodes each
 * piece alone by byte-pair merging, which starts from single bytes, only ever joins two
 * neighbouring parts into a token of the vocabulary, and stops when no two neighbouring parts
 * join into one. So every final part is a token, and no two neighbours concatenate to a
 * token. The bound of a piece is the most parts any cut of its bytes can have under the part
 * of those rules that short tokens decide: a part of two or three bytes is such a token, and
 * two neighbours that make two or three bytes together do not form one (longer parts are
 * left free). A short dynamic program finds it; the bound of the text is the sum over its
 * pieces. The tokens of two and three bytes are read once from the encoder's rank file (a few
 * milliseconds). A text with a piece longer than 64 code units, which `countTokens` encodes
 * in slices, is bounded by its byte count.
 *
 * @throws `CoreError` `INVALID_ARGUMENT` when `text` is not a string.
 */
export function tokenUpperBound(text: string): number {
  if (typeof text !== 'string') {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `tokenUpperBound expects a string, got ${typeof text}`,
    });
  }
  let total = 0;
  for (const match of text.matchAll(getPiecePattern())) {
    const piece = match[0];
    if (piece.length > LONG_PIECE) return utf8.encode(text).length;
    total += pieceBound(piece);
  }
  return total;
}

function pieceBound(piece: string): number {
  let bound = pieceBounds.get(piece);
  if (bound === undefined) {
    if (pieceBounds.size >= CACHE_LIMIT) pieceBounds.clear();
    bound = mostParts(utf8.encode(piece), getShortTokens());
    pieceBounds.set(piece, bound);
  }
  return bound;
}

/**
 * The most parts a cut of `bytes` can have when each part of two or three bytes is a token and
 * no two neighbouring parts of two or three bytes together form a token. `best[k][i]`: the
 * most parts covering the first `i` bytes whose last part has `k + 1` bytes (`k = 3`: four or
 * more, or no part yet); `reach[i]`: the most over every state at `i` or before.
 */
function mostParts(bytes: Uint8Array, tokens: ShortTokens): number {
  const length = bytes.length;
  if (length <= 1) return length;
  const none = Number.NEGATIVE_INFINITY;
  const best = [0, 1, 2, 3].map(() => new Float64Array(length + 1).fill(none));
  const [one, two, three, longer] = best as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  const reach = new Float64Array(length + 1).fill(none);
  longer[0] = 0;
  reach[0] = 0;
  const byteAt = (index: number): number => bytes[index] as number;
  const isPair = (start: number): boolean =>
    tokens.pairs[(byteAt(start) << 8) | byteAt(start + 1)] === 1;
  const isTriple = (start: number): boolean =>
    tokens.triples.has((byteAt(start) << 16) | (byteAt(start + 1) << 8) | byteAt(start + 2));
  for (let end = 1; end <= length; end += 1) {
    // A last part of one byte, after a part it does not form a token with.
    let start = end - 1;
    let most = Math.max(three[start] as number, longer[start] as number);
    if (start >= 1 && !isPair(start - 1)) most = Math.max(most, one[start] as number);
    if (start >= 2 && !isTriple(start - 2)) most = Math.max(most, two[start] as number);
    one[end] = most + 1;
    // A last part of two bytes that is a token.
    start = end - 2;
    most = none;
    if (start >= 0 && isPair(start)) {
      most = Math.max(two[start] as number, three[start] as number, longer[start] as number);
      if (start >= 1 && !isTriple(start - 1)) most = Math.max(most, one[start] as number);
    }
    two[end] = most + 1;
    // A last part of three bytes that is a token, and one of four or more.
    start = end - 3;
    three[end] = start >= 0 && isTriple(start) ? (reach[start] as number) + 1 : none;
    longer[end] = end >= 4 ? (reach[end - 4] as number) + 1 : none;
    reach[end] = Math.max(
      reach[end - 1] as number,
      one[end] as number,
      two[end] as number,
      three[end] as number,
      longer[end] as number,
    );
  }
  return Math.max(
    one[length] as number,
    two[length] as number,
    three[length] as number,
    longer[length] as number,
  );
}

/**
 * The `cl100k_base` tokens of two and three bytes: `pairs[(first << 8) | second] === 1`, and
 * `triples` holds `(first << 16) | (second << 8) | third`.
 */
export interface ShortTokens {
  readonly pairs: Uint8Array;
  readonly triples: ReadonlySet<number>;
}

/**
 * The tokens of two and three bytes, read from the rank file on first use (each of its lines
 * is a marker, the rank of its first token, then base64 tokens). Not exported from the index.
 */
export function getShortTokens(): ShortTokens {
  if (shortTokens !== undefined) return shortTokens;
  const pairs = new Uint8Array(65_536);
  const triples = new Set<number>();
  for (const line of cl100kRanks().bpe_ranks.split('\n')) {
    const header = RANK_LINE_HEADER.exec(line);
    if (header === null) continue;
    for (const match of line.slice(header[0].length).matchAll(SHORT_TOKEN)) {
      const digits = match[1] as string;
      const bits =
        (BASE64_DIGITS.indexOf(digits[0] as string) << 18) |
        (BASE64_DIGITS.indexOf(digits[1] as string) << 12) |
        (BASE64_DIGITS.indexOf(digits[2] as string) << 6) |
        Math.max(0, BASE64_DIGITS.indexOf(digits[3] as string));
      if (digits[3] === '=') pairs[bits >> 8] = 1;
      else triples.add(bits);
    }
  }
  shortTokens = { pairs, triples };
  return shortTokens;
}
