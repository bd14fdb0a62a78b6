/**
 * Token savings of texts: counting what a caller would have read and what it read, once per
 * distinct text, and only while metrics are recorded (counting is not free).
 *
 * @module
 */

import { countTokens } from '../tokens/count.js';
import { isRecordingMetrics } from './instruments.js';
import { recordTokenSavings, type TokenSavingKind } from './token-savings.js';

/** Distinct texts remembered with their token counts before the memory starts over. */
export const MAX_COUNTED_TEXTS = 256;

const counted = new Map<string, number>();

/** The `cl100k_base` tokens of `text`, remembered for the next identical text. */
function tokensOf(text: string): number {
  const known = counted.get(text);
  if (known !== undefined) return known;
  const tokens = countTokens(text);
  if (counted.size >= MAX_COUNTED_TEXTS) counted.clear();
  counted.set(text, tokens);
  return tokens;
}

/**
 * Records one answer's economy from texts: `raw()` is what the caller would have read, `served()`
 * what it read. Neither is built nor counted unless metrics are recorded; the same text is
 * counted once while remembered.
 */
export function recordTextSavings(
  kind: TokenSavingKind,
  raw: () => string,
  served: () => string,
): void {
  if (!isRecordingMetrics()) return;
  recordTokenSavings(kind, tokensOf(raw()), tokensOf(served()));
}
