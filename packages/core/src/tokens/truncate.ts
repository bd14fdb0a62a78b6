import { CoreError } from '../errors.js';
import { countTokens } from './count.js';
import { cl100k, encodedParts, ORDINARY, piecePattern, rankEntries } from './encoding.js';

const REPLACEMENT_CHARACTER = '\uFFFD';
const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8');

/**
 * Returns the longest prefix of `text` that fits in `maxTokens` `cl100k_base` tokens, cut at a
 * token boundary and never inside a character: the text of the first `maxTokens` tokens of its
 * encoding, less a character those tokens hold only part of.
 *
 * The result is always a prefix of `text` (code unit for code unit) and `countTokens(result) <=
 * maxTokens`. `maxTokens <= 0` gives `''`; `Infinity` gives `text`. Only the stretch of the
 * text up to the cut is encoded, so cutting a megabyte to a summary stays fast.
 *
 * @throws `CoreError` `INVALID_ARGUMENT` when `maxTokens` is `NaN` or not a whole number,
 * or `text` is not a string.
 */
export function truncateToTokens(text: string, maxTokens: number): string {
  if (typeof maxTokens !== 'number' || !(Number.isInteger(maxTokens) || isInfinite(maxTokens))) {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `truncateToTokens expects a whole number of tokens, got ${String(maxTokens)}`,
    });
  }
  if (typeof text !== 'string') {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `truncateToTokens expects a string, got ${typeof text}`,
    });
  }
  if (maxTokens <= 0 || text === '') return '';
  if (maxTokens === Number.POSITIVE_INFINITY) return text;
  const { encode } = cl100k();
  let used = 0;
  for (const part of encodedParts(text)) {
    // A part encodes as the concatenation of its pre-tokens' encodings: stop at the first
    // pre-token that does not fit.
    for (const match of part.text.matchAll(piecePattern())) {
      const pieceTokens = encode(match[0], ORDINARY);
      if (used + pieceTokens.length > maxTokens) {
        const head = text.slice(0, part.start + match.index);
        return fitPrefix(text, head, pieceTokens.slice(0, maxTokens - used), maxTokens);
      }
      used += pieceTokens.length;
    }
  }
  return text;
}

/**
 * `head` (whole pre-tokens of `text`) followed by the part of the next pre-token that `tokens`
 * (a prefix of its encoding) cover, shortened while re-encoding the result takes more than
 * `maxTokens` (a cut can merge differently); the budget shrinks every round.
 */
function fitPrefix(text: string, head: string, tokens: number[], maxTokens: number): string {
  let kept = tokens;
  for (;;) {
    const candidate = text.slice(
      0,
      head.length + wholeCharacters(textOfTokens(kept), text, head.length),
    );
    const count = countTokens(candidate);
    if (count <= maxTokens) return candidate;
    if (kept.length === 0) return truncateToTokens(withoutLastCharacter(head), maxTokens);
    kept = kept.slice(0, Math.max(0, kept.length - (count - maxTokens)));
  }
}

/**
 * The text of `tokens`, decoded from their bytes (gpt-tokenizer's own `decode` streams, so a
 * character cut by the last token would be held back for its next call); bytes that are no
 * whole character become U+FFFD.
 */
function textOfTokens(tokens: readonly number[]): string {
  const entries = rankEntries();
  const parts = tokens.map((token) => {
    const entry = entries[token];
    return typeof entry === 'string' ? utf8Encoder.encode(entry) : Uint8Array.from(entry ?? []);
  });
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return utf8Decoder.decode(bytes);
}

/**
 * How many code units of `text`, from `start`, the decoded `decoded` covers in whole
 * characters. Every code point of `text` decodes to exactly one code point (a lone surrogate
 * to U+FFFD), and a character cut by the last token decodes to one trailing U+FFFD, dropped.
 */
function wholeCharacters(decoded: string, text: string, start: number): number {
  const complete = decoded.endsWith(REPLACEMENT_CHARACTER) ? decoded.slice(0, -1) : decoded;
  let codePoints = 0;
  for (const _ of complete) codePoints += 1;
  let end = start;
  for (let seen = 0; seen < codePoints && end < text.length; seen += 1) {
    const codePoint = text.codePointAt(end) ?? 0;
    end += codePoint > 0xffff ? 2 : 1;
  }
  return end - start;
}

function withoutLastCharacter(text: string): string {
  const last = text.codePointAt(text.length - 2) ?? 0;
  return text.slice(0, last > 0xffff ? -2 : -1);
}

function isInfinite(value: number): boolean {
  return value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY;
}
