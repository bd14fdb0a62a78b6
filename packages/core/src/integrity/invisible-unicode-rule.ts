/**
 * Rule `invisible-unicode`: characters a reader does not see but a model reads.
 *
 * @module
 */
import { type DetectorRule, quoteAround } from './detector-rule.js';

/**
 * The flagged ranges, inclusive. Each is a known way to hide text from a human reviewer while
 * a model still reads it (The Unicode Standard §23.2 "Layout Controls" and §23.9 "Tag
 * Characters"; Unicode Standard Annex #9 §2 for the directional formatting characters):
 * - zero-width and format characters: U+200B-U+200F, U+2060-U+2064, U+FEFF, U+180E, U+061C, U+00AD;
 * - bidirectional embeddings, overrides and isolates: U+202A-U+202E, U+2066-U+2069;
 * - tag characters, which can spell ASCII invisibly: U+E0000-U+E007F;
 * - variation selectors supplement (another invisible carrier): U+E0100-U+E01EF.
 *
 * Emoji variation selectors (U+FE00-U+FE0F) are not flagged: `⚠️` carries one.
 */
export const INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x00ad, 0x00ad],
  [0x061c, 0x061c],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x2069],
  [0xfeff, 0xfeff],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

/** Whether a code point is in one of the {@link INVISIBLE_RANGES}. */
export function isInvisibleCodePoint(code: number): boolean {
  return INVISIBLE_RANGES.some(([low, high]) => code >= low && code <= high);
}

/** Fires on the first invisible, bidirectional or tag character of the text. */
export const invisibleUnicodeRule: DetectorRule = {
  id: 'invisible-unicode',
  summary:
    'zero-width, bidirectional-control or tag characters: text a reviewer cannot see but a model reads',
  check(text) {
    let index = 0;
    for (const character of text) {
      if (isInvisibleCodePoint(character.codePointAt(0) ?? 0)) {
        return quoteAround(text, index, character.length);
      }
      index += character.length;
    }
    return undefined;
  },
};
