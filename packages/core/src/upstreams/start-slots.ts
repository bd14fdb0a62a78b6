/**
 * A bound on how many upstreams connect at once, so that many starting servers do not starve
 * each other of the time their connect timeout gives them.
 *
 * @module
 */

/** Runs connects with at most `limit` at a time; the others wait their turn in order. */
export interface StartSlots {
  /** How many connects may run at once. */
  readonly limit: number;
  /** Runs `task` once a slot is free and frees it when the task settles. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** Creates {@link StartSlots} of `limit` slots (a positive integer, or `Infinity`). */
export function createStartSlots(limit: number): StartSlots {
  let running = 0;
  const waiting: Array<() => void> = [];
  function release(): void {
    const next = waiting.shift();
    if (next === undefined) running -= 1;
    else next();
  }
  return {
    limit,
    async run(task) {
      if (running < limit) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
