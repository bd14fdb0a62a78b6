/**
 * Returns the `limit` best of the first `count` of `items`, best first, without sorting them
 * all: a bounded heap whose root is the worst item kept. `isBetter` must be a strict total
 * order (break ties). With `keys`, an item whose key is below the root's is passed over without
 * asking `isBetter`, so `isBetter` must rank a higher key first (as a score does).
 */
export function selectTop(
  items: Int32Array,
  count: number,
  limit: number,
  isBetter: (a: number, b: number) => boolean,
  keys?: Float64Array,
): number[] {
  const byRank = (a: number, b: number): number => (isBetter(a, b) ? -1 : isBetter(b, a) ? 1 : 0);
  if (limit <= 0) return [];
  if (count <= limit) return Array.from(items.subarray(0, count)).sort(byRank);
  const heap: number[] = [];
  for (let i = 0; i < limit; i += 1) {
    heap.push(items[i] as number);
    siftUp(heap, i, isBetter);
  }
  // The root's key, kept in a local so most items are passed over by one comparison.
  let worstKey =
    keys === undefined ? Number.NEGATIVE_INFINITY : (keys[heap[0] as number] as number);
  for (let i = limit; i < count; i += 1) {
    const item = items[i] as number;
    if (keys !== undefined && (keys[item] as number) < worstKey) continue;
    if (isBetter(item, heap[0] as number)) {
      heap[0] = item;
      siftDown(heap, 0, isBetter);
      if (keys !== undefined) worstKey = keys[heap[0] as number] as number;
    }
  }
  return heap.sort(byRank);
}

/** Moves the item at `index` up while it is worse than its parent. */
function siftUp(heap: number[], index: number, isBetter: (a: number, b: number) => boolean): void {
  let child = index;
  while (child > 0) {
    const parent = (child - 1) >> 1;
    if (!isBetter(heap[parent] as number, heap[child] as number)) return;
    swap(heap, parent, child);
    child = parent;
  }
}

/** Moves the item at `index` down while a child is worse than it. */
function siftDown(
  heap: number[],
  index: number,
  isBetter: (a: number, b: number) => boolean,
): void {
  let parent = index;
  for (;;) {
    const left = parent * 2 + 1;
    const right = left + 1;
    let worst = parent;
    if (left < heap.length && isBetter(heap[worst] as number, heap[left] as number)) worst = left;
    if (right < heap.length && isBetter(heap[worst] as number, heap[right] as number))
      worst = right;
    if (worst === parent) return;
    swap(heap, parent, worst);
    parent = worst;
  }
}

function swap(heap: number[], a: number, b: number): void {
  const kept = heap[a] as number;
  heap[a] = heap[b] as number;
  heap[b] = kept;
}
