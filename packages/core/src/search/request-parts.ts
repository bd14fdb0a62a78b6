/**
 * Task-shaped requests: the parts of a request that asks for several things.
 *
 * @module
 */

import { sentenceTexts } from './sentences.js';

/**
 * Where one clause of a sentence ends and the next request begins: `, and`, `and also`, `also`,
 * `as well as`, `then` / `and then`, `after that`, a semicolon, and an `and` followed by
 * a word that starts a new request (`and can`, `and tell`, `and what` ...). A plain `and` between
 * two nouns (`news and weather`) does not split: it names one thing as often as two.
 */
const CLAUSE_BREAK =
  /\s*(?:,\s*and\s+(?:also\s+)?|\band\s+also\b|\balso\b|\bas well as\b|,?\s*\b(?:and\s+)?then\b|\bafter that\b|;|\band\s+(?=(?:can|could|would|will|please|tell|show|give|provide|find|get|help|recommend|suggest|what|how|where|which|who|when|is|are|do|does|i)\b))\s*/iu;

/**
 * The parts of a request: its sentences (as `SearchOptions.sentences` splits them), each cut
 * further at clause breaks (see the README of `@x/core`: `, and`, `also`, `then`, `as well as`,
 * `;` ...). A piece with fewer than `minimumTerms` terms (by `tokenize`) joins the next piece of
 * its sentence, or the one before at the sentence's end, so no fragment stands alone. A request
 * of one part gives one part: the caller ranks the whole request then. Deterministic.
 */
export function requestParts(
  text: string,
  tokenize: (text: string) => readonly string[],
  minimumTerms = 3,
): string[] {
  const parts: string[] = [];
  for (const sentence of sentenceTexts(text, tokenize)) {
    const sentenceParts: string[] = [];
    let pending = '';
    for (const piece of sentence.split(CLAUSE_BREAK)) {
      const joined = pending === '' ? piece : `${pending} ${piece}`;
      if (tokenize(joined).length >= minimumTerms) {
        sentenceParts.push(joined);
        pending = '';
      } else pending = joined;
    }
    const last = sentenceParts.length - 1;
    if (pending.trim() !== '') {
      if (last >= 0) sentenceParts[last] = `${sentenceParts[last]} ${pending}`;
      else sentenceParts.push(pending);
    }
    parts.push(...sentenceParts);
  }
  return parts;
}
