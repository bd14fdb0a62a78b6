/**
 * Exact `cl100k_base` token counts (§2.3), with the encoder loaded on first use.
 *
 * @module
 */

import { getEncoding, type Tiktoken } from 'js-tiktoken';

let encoder: Tiktoken | undefined;

/** The number of `cl100k_base` tokens of `text`. */
export function countTokens(text: string): number {
  encoder ??= getEncoding('cl100k_base');
  return encoder.encode(text).length;
}
