/**
 * The budget of one operation and the abort signal it hands to the SDK (the caller's).
 *
 * @module
 */

/** The caller's signal and the budget of one operation; dispose it when the operation settles. */
export interface Deadline {
  /** Aborts when the caller's signal aborts; absent without a caller's signal. */
  readonly signal: AbortSignal | undefined;
  /** The operation's whole budget. */
  readonly timeoutMs: number;
  /** What is left of the budget, at least 1 ms. */
  remainingMs(): number;
  /** Detaches from the caller's signal. */
  dispose(): void;
}

/**
 * Caller signals already handed to the SDK as they are. The SDK never removes the listener it
 * adds to a request's signal, so each caller signal goes to it at most once: a per-call signal
 * (an MCP server handler's `extra.signal`) costs no forwarding controller, and a signal shared
 * by many operations holds one stray listener at most.
 */
const handedToSdk = new WeakSet<AbortSignal>();

/**
 * Starts a budget of `timeoutMs` that also follows `callerSignal`.
 *
 * Nothing fires at `timeoutMs`: the caller enforces the budget by passing `remainingMs()` on as
 * each SDK request's `timeout` (the operation runs on a live connection, where nothing but SDK
 * requests can take time). The signal only carries the caller's abort: the caller's own signal
 * the first time it is seen (creating and wiring a forwarding `AbortController` costs about a
 * sixth of a zero-latency upstream call), else a forwarding signal whose listener `dispose()`
 * removes, because the SDK never removes the listener it adds to a request's signal.
 */
export function createDeadline(timeoutMs: number, callerSignal?: AbortSignal): Deadline {
  const startedAt = Date.now();
  const remainingMs = () => Math.max(1, timeoutMs - (Date.now() - startedAt));
  if (callerSignal === undefined) {
    return { signal: undefined, timeoutMs, remainingMs, dispose() {} };
  }
  if (!handedToSdk.has(callerSignal)) {
    handedToSdk.add(callerSignal);
    return { signal: callerSignal, timeoutMs, remainingMs, dispose() {} };
  }
  const controller = new AbortController();
  const forward = () => controller.abort(callerSignal.reason);
  callerSignal.addEventListener('abort', forward, { once: true });
  if (callerSignal.aborted) {
    forward();
  }
  return {
    signal: controller.signal,
    timeoutMs,
    remainingMs,
    dispose() {
      callerSignal.removeEventListener('abort', forward);
    },
  };
}

/** Settles like `promise`, or rejects with the signal's reason when it aborts first. */
export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) {
    return promise;
  }
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
