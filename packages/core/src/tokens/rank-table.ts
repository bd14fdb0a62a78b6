/**
 * A hash table from token bytes to rank that looks up a range of a byte string in place.
 *
 * Byte-pair merging asks, for two neighbouring parts of a piece, whether their bytes together
 * are a token. A `Map` keyed by strings needs the joined bytes as a new string, made and hashed
 * for every question; this table hashes the range where it lies and compares it with the
 * candidate token's bytes, so a question costs no allocation. Open addressing with linear
 * probing over one typed array (a slot's hash and rank side by side, so a probe reads one cache
 * line), at most about 40% full.
 *
 * @module
 */

/** A token's byte range hash, FNV-1a over the bytes (one code unit per byte). */
export function hashRange(bytes: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index += 1) {
    hash = Math.imul(hash ^ bytes.charCodeAt(index), 0x01000193);
  }
  return hash;
}

/**
 * The table: slot `i` holds a token's hash at `slots[2 * i]` and its rank plus one at
 * `slots[2 * i + 1]` (0 for an empty slot); `mask` is the number of slots minus one.
 */
export interface RankTable {
  readonly slots: Int32Array;
  readonly mask: number;
}

/** The first slot to probe for `hash`, its bits mixed so that nearby hashes spread. */
function firstSlot(hash: number, mask: number): number {
  const mixed = Math.imul(hash ^ (hash >>> 16), 0x45d9f3b);
  return (mixed ^ (mixed >>> 16)) & mask;
}

/** An empty table with room for `capacity` tokens. */
export function createRankTable(capacity: number): RankTable {
  let size = 1024;
  while (size < capacity * 2.5) size *= 2;
  return { slots: new Int32Array(size * 2), mask: size - 1 };
}

/** Adds a token given as bytes (a binary string) with its rank; a token is added only once. */
export function addToRankTable(table: RankTable, bytes: string, rank: number): void {
  const hash = hashRange(bytes, 0, bytes.length);
  let slot = firstSlot(hash, table.mask);
  while (table.slots[slot * 2 + 1] !== 0) slot = (slot + 1) & table.mask;
  table.slots[slot * 2] = hash;
  table.slots[slot * 2 + 1] = rank + 1;
}

/**
 * The rank of the token whose bytes are `bytes.slice(start, end)`, or -1 when those bytes are
 * no token. `bytesOf` gives each rank's bytes, to tell tokens of equal hash apart.
 */
export function lookUpRange(
  table: RankTable,
  bytesOf: readonly (string | undefined)[],
  bytes: string,
  start: number,
  end: number,
): number {
  const hash = hashRange(bytes, start, end);
  const length = end - start;
  for (let slot = firstSlot(hash, table.mask); ; slot = (slot + 1) & table.mask) {
    const rank = (table.slots[slot * 2 + 1] as number) - 1;
    if (rank < 0) return -1;
    if (
      table.slots[slot * 2] === hash &&
      sameBytes(bytesOf[rank] as string, bytes, start, length)
    ) {
      return rank;
    }
  }
}

function sameBytes(token: string, bytes: string, start: number, length: number): boolean {
  if (token.length !== length) return false;
  for (let index = 0; index < length; index += 1) {
    if (token.charCodeAt(index) !== bytes.charCodeAt(start + index)) return false;
  }
  return true;
}
