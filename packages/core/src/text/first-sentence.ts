/**
 * The first sentence of a description: what every `@x` package shows when it has room for
 * one sentence (progressive-disclosure stage 1, CaSH help lines, aggregated summaries).
 *
 * Sentence boundaries come from the built-in ICU segmenter (UAX #29), which already handles
 * `。`, `v1.2` and URLs. ICU breaks after an abbreviation followed by a capital letter
 * (`(e.g. SKU-1)`), so a few joining rules on top keep such sentences whole.
 *
 * @module
 */

/** Sentences with fewer letters and digits than this ("Dr.", "v2.") are joined with the next one. */
const MIN_SENTENCE_LETTERS = 5;

/** Sentence boundaries by the Unicode rules of the built-in ICU. */
const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** A Markdown heading marker or list bullet at the start of a line. */
const LEADING_MARKUP = /^(?:#{1,6}\s+|[-*+>]\s+)/u;

/** Latin abbreviations and titles after which a period does not end a sentence. */
const ABBREVIATION_END =
  /(?:^|[\s([])(?:e\.g|i\.e|etc|vs|cf|approx|incl|excl|al|fig|no|nos|mr|mrs|ms|dr|st|jr|sr)\.$/iu;

/** Whether `text` has a letter or a digit. */
function hasWordCharacter(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** Whether more `(` or `[` than `)` or `]` are open at the end of `text`. */
function hasOpenBracket(text: string): boolean {
  let depth = 0;
  for (const character of text) {
    if (character === '(' || character === '[') depth += 1;
    else if ((character === ')' || character === ']') && depth > 0) depth -= 1;
  }
  return depth > 0;
}

/** Whether the sentence gathered so far is complete, or must take in the next segment. */
function isComplete(sentence: string): boolean {
  const letters = sentence.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return (
    letters >= MIN_SENTENCE_LETTERS &&
    !sentence.endsWith(':') &&
    !ABBREVIATION_END.test(sentence) &&
    !hasOpenBracket(sentence)
  );
}

/**
 * The first sentence of `text`, whitespace collapsed to single spaces.
 *
 * A line break ends a sentence too (`Search the web\nArgs: ...` gives `Search the web`). A
 * Markdown heading followed by more text is skipped (`## Overview\n\nGets ...`), and a leading
 * list bullet is dropped. A sentence is joined with the next one while it has fewer than 5
 * letters and digits, ends in `:`, ends in an abbreviation such as `e.g.`, or leaves a
 * parenthesis open. A trailing `:` is dropped. Gives `''` for text without a letter or digit.
 */
export function firstSentence(text: string): string {
  const segments = [...sentenceSegmenter.segment(text)].map((part) => part.segment);
  let sentence = '';
  for (let index = 0; index < segments.length; index += 1) {
    const raw = segments[index] ?? '';
    const isHeading = /^\s*#{1,6}\s/u.test(raw);
    const clean = raw.replace(/\s+/gu, ' ').trim().replace(LEADING_MARKUP, '');
    if (!hasWordCharacter(clean)) continue;
    const hasMore = segments.slice(index + 1).some(hasWordCharacter);
    if (sentence === '' && isHeading && hasMore) continue;
    sentence = sentence === '' ? clean : `${sentence} ${clean}`;
    if (isComplete(sentence)) break;
  }
  return sentence.replace(/:$/u, '');
}
