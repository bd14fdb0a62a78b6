/**
 * Giving the event loop back between steps of long work.
 *
 * @module
 */

/**
 * The rest of the current event-loop turn: what is already queued (other calls, I/O callbacks,
 * change events) runs before the promise settles.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
