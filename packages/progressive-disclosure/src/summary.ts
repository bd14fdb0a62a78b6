/**
 * Stage-1 descriptions: the first sentence of a tool's description, bounded in tokens.
 *
 * @see progressive-disclosure §3.1
 * @module
 */

import { firstSentence } from '@x/core/text';
import { countTokens, truncateToTokens } from '@x/core/tokens';

/** What a cut summary ends with. */
const ELLIPSIS = '…';
/** The most summaries a summarizer remembers before it starts over. */
const CACHE_LIMIT = 10_000;

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
