/**
 * SHA-256 in hex, the one digest this package uses (not exported from the index).
 *
 * @module
 */

import { createHash } from 'node:crypto';

/** The lowercase hex SHA-256 of the UTF-8 bytes of `text` (a lone surrogate counts as U+FFFD). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
