/**
 * Seeded randomness for samples that must be the same on every run.
 *
 * @module
 */

/** A generator of numbers in [0, 1). */
export type Random = () => number;

/**
 * A seeded generator (mulberry32: 32-bit state, fast, good enough for sampling; not for
 * cryptography). The same seed gives the same sequence on every platform.
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A shuffled copy of `items` (Fisher-Yates driven by `random`). */
export function shuffled<Item>(items: readonly Item[], random: Random): Item[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as Item, copy[index] as Item];
  }
  return copy;
}

/**
 * `count` distinct items of `items` drawn by `random`, in the order they appear in `items`
 * (all of them when `count` is at least their number).
 */
export function sample<Item>(items: readonly Item[], count: number, random: Random): Item[] {
  if (count >= items.length) return [...items];
  const chosen = new Set(shuffled([...items.keys()], random).slice(0, Math.max(0, count)));
  return items.filter((_, index) => chosen.has(index));
}
