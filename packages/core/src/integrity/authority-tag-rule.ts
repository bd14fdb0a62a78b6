/**
 * Rule `authority-tag`: markup that poses as a higher authority than the tool description.
 *
 * @module
 */
import { type DetectorRule, quoteAround } from './detector-rule.js';

/**
 * The tag names flagged, opening or closing, in any case, with or without attributes:
 * `<IMPORTANT>`, `</system>`, `<instructions priority="high">`. Descriptions have no reason to
 * wrap text in them; tool-poisoning attacks use them to make planted text look like a
 * system or operator message.
 */
export const AUTHORITY_TAG_NAMES: readonly string[] = [
  'important',
  'system',
  'system-prompt',
  'system_prompt',
  'instructions',
  'instruction',
  'admin',
  'critical',
  'hidden',
  'secret',
  'override',
  'sudo',
];

const AUTHORITY_TAG = new RegExp(
  `<\\s*/?\\s*(?:${AUTHORITY_TAG_NAMES.join('|')})(?:\\s[^<>]*)?\\s*/?\\s*>`,
  'i',
);

/** Fires on the first authority tag of the text. */
export const authorityTagRule: DetectorRule = {
  id: 'authority-tag',
  summary: 'tags such as <IMPORTANT>, <SYSTEM> or <instructions> that pose as a higher authority',
  check(text) {
    const match = AUTHORITY_TAG.exec(text);
    return match === null ? undefined : quoteAround(text, match.index, match[0].length);
  },
};
