/**
 * Runs one check with its time limit, turning throws and hangs into failures.
 *
 * @module
 */

import type { Check, CheckOutcome } from '../check.js';
import { describeError, oneLine } from '../errors.js';
import { CheckScope, type TargetResources } from './target-resources.js';

const STATUSES = new Set(['pass', 'fail', 'skip']);

/**
 * The outcome of `check` on the target of `resources`: a throw is a failure with the error's
 * message, no outcome within the time limit is `fail: timed out after N ms`. Sessions the check
 * opened are closed in the background, so the next check does not wait for a process to exit;
 * closing the target waits for them.
 */
export async function runCheck(
  check: Check,
  resources: TargetResources,
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
