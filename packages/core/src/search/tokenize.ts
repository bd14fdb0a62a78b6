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
/** A character outside ASCII: text without one is left unchanged by NFKC and the ideograph split. */
const NON_ASCII = /[\u0080-\uffff]/;

/** Word as written -> its term, or `null` for a stop word; cleared when full so memory stays bounded. */
const termCache = new Map<string, string | null>();
const TERM_CACHE_LIMIT = 50_000;

/**
 * Splits text into the terms the search index compares: words of prose and the parts of
 * identifiers (`snake_case`, `camelCase`, `getHTTPResponse`, `dotted.name`, `path/name`,
 * `kebab-case`), lower-cased, without English stop words, English words reduced to their Porter
 * stem (`searching` and `searches` both become `search`).
 *
 * Text is NFKC-normalized first; Chinese and Japanese characters become one term each. Never
 * throws on a string; every term is non-empty and lower-case. Deterministic.
 */
export function tokenize(text: string): string[] {
  const normalized = NON_ASCII.test(text)
    ? text.normalize('NFKC').replace(IDEOGRAPH, ' $& ')
    : text;
  const spaced = normalized.replace(LOWER_THEN_UPPER, '$1 $2').replace(ACRONYM_THEN_WORD, '$1 $2');
  const terms: string[] = [];
  for (const word of spaced.split(SEPARATOR)) {
    if (word === '') continue;
    const term = termOf(word);
    if (term !== null) terms.push(term);
  }
  return terms;
}

/** The term of one word as written: lower-cased and stemmed, or `null` for a stop word. */
function termOf(word: string): string | null {
  const cached = termCache.get(word);
  if (cached !== undefined) return cached;
  const lower = word.toLowerCase();
  const term = STOP_WORDS.has(lower) ? null : ENGLISH_WORD.test(lower) ? stemmer(lower) : lower;
  if (termCache.size >= TERM_CACHE_LIMIT) termCache.clear();
  termCache.set(word, term);
  return term;
}
