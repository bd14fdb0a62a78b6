/**
 * Handles no artifact store can hold: empty, cut short, in upper case, of the wrong length, and
 * not a string at all. Every store answers `undefined` for each.
 */
export const MALFORMED_HANDLES: readonly unknown[] = [
  '',
  'art_',
  'ART_0123456789abcdef',
  'art_0123456789abcdef',
  `art_${'0'.repeat(32)}`,
  42,
];
