/**
 * One abort signal per operation that fires on the caller's signal or on a timeout.
 *
 * @module
 */

/** The signal and timer of one operation; dispose it when the operation settles. */
export interface Deadline {
  /**
   * Aborts when the caller's signal aborts or (with a timer) the time is up; absent without a
   * timer and without a caller's signal, when nothing could abort it.
   */
  readonly signal: AbortSignal | undefined;
  /** The operation's whole budget. */
  readonly timeoutMs: number;
  /** True once the timer (not the caller) aborted the signal. */
  readonly timedOut: boolean;
  /** What is left of the budget, at least 1 ms. */
  remainingMs(): number;
  /** Clears the timer and detaches from the caller's signal. */
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
 * Starts a deadline of `timeoutMs` that also follows `callerSignal`.
 *
 * With `timer: false` nothing fires at `timeoutMs`: the caller enforces the budget itself by
 * passing `remainingMs()` on as each SDK request's `timeout` (an operation that starts on a live
 * connection, where nothing but SDK requests can take time). The signal then only carries the
 * caller's abort: the caller's own signal the first time it is seen (creating and wiring a
 * forwarding `AbortController` costs about a sixth of a zero-latency upstream call), else a
 * forwarding signal whose listener `dispose()` removes, because the SDK never removes the
 * listener it adds to a request's signal.
 */
export function createDeadline(
  timeoutMs: number,
  callerSignal?: AbortSignal,
  options: { readonly timer?: boolean } = {},
): Deadline {
  const startedAt = Date.now();
  const withTimer = options.timer ?? true;
  const remainingMs = () => Math.max(1, timeoutMs - (Date.now() - startedAt));
  if (!withTimer && callerSignal !== undefined && !handedToSdk.has(callerSignal)) {
    handedToSdk.add(callerSignal);
    return { signal: callerSignal, timeoutMs, timedOut: false, remainingMs, dispose() {} };
  }
  const controller = withTimer || callerSignal !== undefined ? new AbortController() : undefined;
  let timedOut = false;
  const timer = withTimer
    ? setTimeout(() => {
        timedOut = true;
        controller?.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
      }, timeoutMs)
    : undefined;
  const forward = () => controller?.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', forward, { once: true });
  if (callerSignal?.aborted === true) {
    forward();
  }
  return {
    signal: controller?.signal,
    timeoutMs,
    get timedOut() {
      return timedOut;
    },
    remainingMs,
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forward);
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
