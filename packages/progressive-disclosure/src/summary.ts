/**
 * Stage-1 descriptions: the first sentence of a tool's description, bounded in tokens.
 *
 * @see progressive-disclosure §3.1
 * @module
 */

import { countTokens, truncateToTokens } from '@x/core/tokens';

/** Sentences with fewer letters and digits than this ("Dr.", "v2.") are joined with the next one. */
const MIN_SENTENCE_LETTERS = 5;
/** What a cut summary ends with. */
const ELLIPSIS = '…';
/** The most summaries a summarizer remembers before it starts over. */
const CACHE_LIMIT = 10_000;

/** Sentence boundaries by the Unicode rules (UAX #29) of the built-in ICU: `。` and `. ` alike. */
const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** A Markdown heading marker or list bullet at the start of a line. */
const LEADING_MARKUP = /^(?:#{1,6}\s+|[-*+>]\s+)/u;

/**
 * The first sentence of `text`, whitespace collapsed: what a model needs to select the tool.
 *
 * A line break ends a sentence too (`Search the web\nArgs: ...` gives `Search the web`). A
 * Markdown heading followed by more text is skipped (`## Overview\n\nGets ...`), a sentence
 * with fewer than 5 letters and digits or ending in `:` is joined with the next one. Gives `''` for text
 * without a letter or digit.
 */
export function firstSentence(text: string): string {
  const segments = [...sentenceSegmenter.segment(text)].map((part) => part.segment);
  let sentence = '';
  for (let index = 0; index < segments.length; index += 1) {
    const raw = segments[index] ?? '';
    const isHeading = /^\s*#{1,6}\s/u.test(raw);
    const clean = raw.replace(/\s+/gu, ' ').trim().replace(LEADING_MARKUP, '');
    if (!/[\p{L}\p{N}]/u.test(clean)) continue;
    const hasMore = segments.slice(index + 1).some((next) => /[\p{L}\p{N}]/u.test(next));
    if (sentence === '' && isHeading && hasMore) continue;
    sentence = sentence === '' ? clean : `${sentence} ${clean}`;
    const letters = sentence.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
    if (letters >= MIN_SENTENCE_LETTERS && !sentence.endsWith(':')) break;
  }
  return sentence.replace(/:$/u, '');
}

/**
 * Where a clause ends inside a sentence: after `,` `;` `:` before a space, after the CJK `，` `、`
 * `；` `：`, and before a parenthesis or a dash set off by spaces. A cut there keeps whole phrases.
 */
const CLAUSE_BOUNDARY = /[,;:](?=\s)|[，、；：]|(?=\s[(\-–—])/gu;

/**
 * The end of the longest clause of `cut` that keeps at least half of it, else of its last whole
 * word when that keeps at least half, else the whole `cut`.
 */
function phraseEnd(cut: string): number {
  let end = -1;
  for (const match of cut.matchAll(CLAUSE_BOUNDARY)) {
    const index = match.index + match[0].length;
    if (index >= cut.length / 2 && index < cut.length) end = index;
  }
  if (end !== -1) return end;
  const space = cut.lastIndexOf(' ');
  return space > cut.length / 2 ? space : cut.length;
}

/**
 * Cuts `text` to at most `maxTokens` `cl100k_base` tokens: unchanged when it fits, otherwise cut
 * where a clause ends (`, ` `; ` `，` `、`, before ` (` or ` - `) or else at a word boundary,
 * whichever keeps at least half of what fits, and ended with `…`. Deterministic.
 */
export function boundTokens(text: string, maxTokens: number): string {
  if (countTokens(text) <= maxTokens) return text;
  let budget = maxTokens - countTokens(ELLIPSIS);
  while (budget > 0) {
    const fitted = truncateToTokens(text, budget);
    const cut = fitted.slice(0, phraseEnd(fitted));
    const result = `${cut.replace(/[\s,;:.\-–—(，、；：]+$/u, '')}${ELLIPSIS}`;
    const count = countTokens(result);
    if (count <= maxTokens) return result;
    budget -= count - maxTokens;
  }
  return '';
}

/**
 * Makes stage-1 descriptions: of a full description, {@link firstSentence} then
 * {@link boundTokens}; of a summary written for stage 1 (`keepWhole`), {@link boundTokens} only.
 * Results are remembered by text, so a long tool list costs its token counts once.
 *
 * @see progressive-disclosure §3.1
 */
export function createSummarizer(maxTokens: number): (text: string, keepWhole?: boolean) => string {
  const cache = new Map<string, string>();
  return (text, keepWhole = false) => {
    const key = `${keepWhole ? 'w' : 's'}${text}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    const summary = boundTokens(
      keepWhole ? text.replace(/\s+/gu, ' ').trim() : firstSentence(text),
      maxTokens,
    );
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, summary);
    return summary;
  };
}
