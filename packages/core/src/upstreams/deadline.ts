/**
 * One abort signal per operation that fires on the caller's signal or on a timeout.
 *
 * @module
 */

/** The signal and timer of one operation; dispose it when the operation settles. */
export interface Deadline {
  /** Aborts when the caller's signal aborts or the time is up. */
  readonly signal: AbortSignal;
  /** The operation's whole budget. */
  readonly timeoutMs: number;
  /** True once the timer (not the caller) aborted the signal. */
  readonly timedOut: boolean;
  /** What is left of the budget, at least 1 ms. */
  remainingMs(): number;
  /** Clears the timer and detaches from the caller's signal. */
  dispose(): void;
}

/** Starts a deadline of `timeoutMs` that also follows `callerSignal`. */
export function createDeadline(timeoutMs: number, callerSignal?: AbortSignal): Deadline {
  const controller = new AbortController();
  const startedAt = Date.now();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  const forward = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', forward, { once: true });
  if (callerSignal?.aborted === true) {
    forward();
  }
  return {
    signal: controller.signal,
    timeoutMs,
    get timedOut() {
      return timedOut;
    },
    remainingMs: () => Math.max(1, timeoutMs - (Date.now() - startedAt)),
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forward);
    },
  };
}

/** Settles like `promise`, or rejects with the signal's reason when it aborts first. */
export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
