/**
 * Runs one check with its time limit, turning throws and hangs into failures.
 *
 * @module
 */

import type { CheckOutcome } from '../check.js';
import { describeError, oneLine } from '../errors.js';
import { CheckScope } from './target-resources.js';

const STATUSES = new Set(['pass', 'fail', 'skip', 'not-applicable']);

/** A check of any kind of target: a server check, or a driver check. */
export interface RunnableCheck<Context> {
  /** A time limit for this check that overrides the run's default. */
  readonly timeoutMs?: number;
  /** Runs the check. */
  run(context: Context): Promise<CheckOutcome>;
}

/** What a kind of target gives its checks: a context per check, and cleanup after it. */
export interface CheckResources<Context> {
  /** A context for one check within `scope`. */
  contextFor(scope: CheckScope, timeoutMs: number): Context;
  /** Releases what the check held, without waiting (the scope is aborted if it timed out). */
  closeLater(scope: CheckScope): void;
}

/**
 * The outcome of `check` on the target of `resources`: a throw is a failure with the error's
 * message, no outcome within the time limit is `fail: timed out after N ms`. Sessions the check
 * opened are closed in the background, so the next check does not wait for a process to exit;
 * closing the target waits for them.
 */
export async function runCheck<Context>(
  check: RunnableCheck<Context>,
  resources: CheckResources<Context>,
  defaultTimeoutMs: number,
): Promise<CheckOutcome> {
  const timeoutMs = check.timeoutMs ?? defaultTimeoutMs;
  const scope = new CheckScope();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => {
      scope.abort();
      resolve({ status: 'fail', message: `timed out after ${timeoutMs} ms` });
    }, timeoutMs);
  });
  const ran = Promise.resolve()
    .then(() => check.run(resources.contextFor(scope, timeoutMs)))
    .then(validOutcome, (error: unknown) =>
      validOutcome({ status: 'fail', message: describeError(error) }),
    );
  try {
    return await Promise.race([ran, timedOut]);
  } finally {
    clearTimeout(timer);
    resources.closeLater(scope);
  }
}

/** Messages longer than this are cut, so one server's output cannot flood a report. */
const MAX_MESSAGE_LENGTH = 400;

function validOutcome(outcome: CheckOutcome): CheckOutcome {
  if (!STATUSES.has(outcome.status) || typeof outcome.message !== 'string') {
    return { status: 'fail', message: 'the check returned no valid outcome (a bug in the check)' };
  }
  const message = oneLine(outcome.message);
  return {
    status: outcome.status,
    message:
      message.length <= MAX_MESSAGE_LENGTH
        ? message
        : `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…`,
  };
}
