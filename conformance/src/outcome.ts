/**
 * Shorthands for check outcomes.
 *
 * @module
 */

import type { CheckOutcome } from './check.js';

/** A passing outcome. */
export function pass(message: string): CheckOutcome {
  return { status: 'pass', message };
}

/** A failing outcome. */
export function fail(message: string): CheckOutcome {
  return { status: 'fail', message };
}

/**
 * The requirement could apply to this target, but the check cannot decide it here: the target
 * lacks a setting or a probe the check needs (say which), or a prerequisite failed.
 */
export function skip(message: string): CheckOutcome {
  return { status: 'skip', message };
}

/**
 * The requirement does not apply to this target: its transport, era or mode, or a capability or
 * feature the target does not declare or offer (say which).
 */
export function notApplicable(message: string): CheckOutcome {
  return { status: 'not-applicable', message };
}

/** How many problems a message lists before summarizing the rest. */
const LISTED_PROBLEMS = 5;

/** Joins problems into one line: the first few, then how many more. */
export function listProblems(problems: readonly string[]): string {
  const listed = problems.slice(0, LISTED_PROBLEMS).join('; ');
  const rest = problems.length - LISTED_PROBLEMS;
  return rest > 0 ? `${listed}; and ${rest} more` : listed;
}
