/**
 * Splitting a query into its sentences, for multi-intent ranking (`SearchOptions.sentences`).
 *
 * @module
 */

/** A sentence ends at `.`, `!`, `?` or `;` followed by whitespace, or at a line break. */
const SENTENCE_END = /(?<=[.!?;])\s+|[\r\n]+/u;

/**
 * The sentences of `text` as term lists, each given by `tokenize`, in order. A piece with fewer
 * than `minimumTerms` terms (`"e.g."`, `"Thanks."`) is joined to the sentence after it (the last
 * one to the one before), so that a fragment never stands as an intent of its own. Deterministic.
 */
export function sentenceTerms(
  text: string,
  tokenize: (text: string) => readonly string[],
  minimumTerms = 2,
): string[][] {
  return sentenceGroups(text, tokenize, minimumTerms).map((group) => group.terms);
}

/**
 * The same sentences as {@link sentenceTerms} gives, as text: each sentence's pieces of `text`
 * joined by one space, for a ranker that reads text rather than terms (an embedding model).
 */
export function sentenceTexts(
  text: string,
  tokenize: (text: string) => readonly string[],
  minimumTerms = 2,
): string[] {
  return sentenceGroups(text, tokenize, minimumTerms).map((group) => group.pieces.join(' '));
}

/** One sentence: the pieces of text it joins and their terms. */
interface SentenceGroup {
  readonly pieces: string[];
  readonly terms: string[];
}

function sentenceGroups(
  text: string,
  tokenize: (text: string) => readonly string[],
  minimumTerms: number,
): SentenceGroup[] {
  const groups: SentenceGroup[] = [];
  let pending: SentenceGroup = { pieces: [], terms: [] };
  for (const piece of text.split(SENTENCE_END)) {
    pending.pieces.push(piece);
    for (const term of tokenize(piece)) pending.terms.push(term);
    if (pending.terms.length >= minimumTerms) {
      groups.push(pending);
      pending = { pieces: [], terms: [] };
    }
  }
  if (pending.terms.length > 0) {
    const last = groups[groups.length - 1];
    if (last === undefined) groups.push(pending);
    else {
      last.pieces.push(...pending.pieces);
      last.terms.push(...pending.terms);
    }
  }
  return groups;
}
