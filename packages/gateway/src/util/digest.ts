/**
 * SHA-256 in hex, the one digest this package uses (not exported from the index).
 *
 * @module
 */

import { hash } from 'node:crypto';

/**
 * The lowercase hex SHA-256 of the UTF-8 bytes of `text` (a lone surrogate counts as U+FFFD).
 * One-shot `crypto.hash` (Node 20.12 and later): no Hash object per call, which matters when
 * ingest hashes every tool of a large catalog.
 */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}
