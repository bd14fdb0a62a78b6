/**
 * Shutdown on SIGINT/SIGTERM: `closeOnSignals`.
 *
 * @module
 */

import type { RunningServer } from './types.js';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const DEFAULT_TIMEOUT_MS = 10_000;

/** Options of {@link closeOnSignals}. */
export interface CloseOnSignalsOptions {
  /** How long `close()` may take before the process exits with code 1 anyway (default 10 s). */
  timeoutMs?: number;
}

/**
 * Closes `running` on SIGINT/SIGTERM (once), then exits the process with code 0. Returns a function that removes the handlers.
 *
 * If `close()` fails or outlasts `timeoutMs`, or a second signal arrives while closing, the
 * process exits with code 1 instead.
 */
export function closeOnSignals(
  running: RunningServer,
  options: CloseOnSignalsOptions = {},
): () => void {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let closing = false;
  const onSignal = (): void => {
    if (closing) {
      process.exit(1);
    }
    closing = true;
    const timer = setTimeout(() => process.exit(1), timeoutMs);
    timer.unref();
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return () => {
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
}
