import { stemmer } from 'stemmer';
import { STOP_WORDS } from './stop-words.js';

/** Han, kana: scripts written without spaces, indexed one character per token. */
const IDEOGRAPH = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
/** `getHttp`, `base64Encode`: a lower-case letter or digit followed by a capital. */
const LOWER_THEN_UPPER = /([\p{Ll}\p{N}])(\p{Lu})/gu;
/** `HTTPResponse`: the last capital of an acronym starts the next word. */
const ACRONYM_THEN_WORD = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
/** Everything that is not a letter, a combining mark or a digit separates words. */
const SEPARATOR = /[^\p{L}\p{M}\p{N}]+/u;
/** Words the English stemmer applies to. */
const ENGLISH_WORD = /^[a-z]+$/;
/**
 * A character outside ASCII: text without one is left unchanged by NFKC and the ideograph split,
 * and cut into words only at characters that are not letters or digits.
 */
export const NON_ASCII = /[\u0080-\uffff]/;

/** Word as written -> its terms (none for a stop word); cleared when full so memory stays bounded. */
const termCache = new Map<string, readonly string[]>();
const TERM_CACHE_LIMIT = 50_000;

/**
 * Splits text into the terms the search index compares: words of prose and the parts of
 * identifiers (`snake_case`, `camelCase`, `getHTTPResponse`, `dotted.name`, `path/name`,
 * `kebab-case`), lower-cased, without English stop words, English words reduced to their Porter
 * stem (`searching` and `searches` both become `search`).
 *
 * Text is NFKC-normalized first; Chinese and Japanese characters become one term each. Never
 * throws on a string; every term is non-empty and lower-case. Deterministic.
 *
 * The text is cut at separators first and each word's terms are cached: the identifier splits
 * only ever match letters and digits next to each other, so splitting a word alone gives what
 * splitting the whole text would, and prose repeats its words. ASCII text (the common case) is
 * cut by a scan over its character codes instead of the Unicode separator pattern: in ASCII,
 * letters, marks and digits are exactly `A-Z`, `a-z` and `0-9`.
 */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  if (!NON_ASCII.test(text)) {
    appendAsciiWords(text, terms);
    return terms;
  }
  const normalized = text.normalize('NFKC').replace(IDEOGRAPH, ' $& ');
  for (const word of normalized.split(SEPARATOR)) {
    if (word !== '') appendTerms(word, terms);
  }
  return terms;
}

/** Appends the terms of each run of ASCII letters and digits in `text`. */
function appendAsciiWords(text: string, terms: string[]): void {
  let start = -1;
  for (let index = 0; index < text.length; index += 1) {
    if (isAsciiLetterOrDigit(text.charCodeAt(index))) {
      if (start < 0) start = index;
    } else if (start >= 0) {
      appendTerms(text.slice(start, index), terms);
      start = -1;
    }
  }
  if (start >= 0) appendTerms(start === 0 ? text : text.slice(start), terms);
}

function isAsciiLetterOrDigit(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
}

/** Appends the terms of one word. */
function appendTerms(word: string, terms: string[]): void {
  const wordTerms = termsOf(word);
  for (let index = 0; index < wordTerms.length; index += 1) {
    terms.push(wordTerms[index] as string);
  }
}

/** The terms of one word as written: its identifier parts, lower-cased and stemmed, stop words left out. */
function termsOf(word: string): readonly string[] {
  const cached = termCache.get(word);
  if (cached !== undefined) return cached;
  const terms: string[] = [];
  const spaced = word.replace(LOWER_THEN_UPPER, '$1 $2').replace(ACRONYM_THEN_WORD, '$1 $2');
  for (const part of spaced.split(' ')) {
    const lower = part.toLowerCase();
    if (lower === '' || STOP_WORDS.has(lower)) continue;
    terms.push(ENGLISH_WORD.test(lower) ? stemmer(lower) : lower);
  }
  if (termCache.size >= TERM_CACHE_LIMIT) termCache.clear();
  termCache.set(word, terms);
  return terms;
}
