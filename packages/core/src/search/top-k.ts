/**
 * Returns the `limit` best of `items`, best first, without sorting them all: a bounded heap whose
 * root is the worst item kept. `isBetter` must be a strict total order (break ties).
 */
export function selectTop(
  items: readonly number[],
  limit: number,
  isBetter: (a: number, b: number) => boolean,
): number[] {
  const byRank = (a: number, b: number): number => (isBetter(a, b) ? -1 : isBetter(b, a) ? 1 : 0);
  if (limit <= 0) return [];
  if (items.length <= limit) return [...items].sort(byRank);
  const heap: number[] = [];
  for (const item of items) {
    if (heap.length < limit) {
      heap.push(item);
      siftUp(heap, heap.length - 1, isBetter);
    } else if (isBetter(item, heap[0] as number)) {
      heap[0] = item;
      siftDown(heap, 0, isBetter);
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
