/**
 * How the texts of one `embed` call are cut into the sentence encoder's batches.
 *
 * @module
 */

/**
 * `order` cut, in order, into as few batches of at most `batchSize` items as it takes, but into
 * at least `lanes` when it has that many items, their sizes differing by one at most: a query
 * and its few sentences then run on every worker of a pool at once instead of all on one. A
 * batch costs the model about the sum of its texts, so cutting a small one costs nothing.
 *
 * `lanes` and `batchSize` are whole numbers `>= 1` (the provider checks its options).
 */
export function encoderBatches<T>(order: readonly T[], lanes: number, batchSize: number): T[][] {
  const count = Math.max(Math.ceil(order.length / batchSize), Math.min(lanes, order.length));
  const batches: T[][] = [];
  let start = 0;
  for (let index = 0; index < count; index += 1) {
    // Sizes differ by at most one: the first `order.length % count` batches take one more.
    const size = Math.floor(order.length / count) + (index < order.length % count ? 1 : 0);
    batches.push(order.slice(start, start + size));
    start += size;
  }
  return batches;
}
