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
  const sentences: string[][] = [];
  let pending: string[] = [];
  for (const piece of text.split(SENTENCE_END)) {
    pending = [...pending, ...tokenize(piece)];
    if (pending.length >= minimumTerms) {
      sentences.push(pending);
      pending = [];
    }
  }
  if (pending.length > 0) {
    const last = sentences[sentences.length - 1];
    if (last === undefined) sentences.push(pending);
    else last.push(...pending);
  }
  return sentences;
}
