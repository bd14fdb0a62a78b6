/**
 * What each result status means, one paragraph each: `COVERAGE.md` prints them, and the README
 * says the same.
 *
 * @module
 */

import type { CheckStatus } from '../check.js';

/** Each status as a report shows it, and what it means. */
export const STATUS_GUIDE: readonly { readonly status: CheckStatus; readonly meaning: string }[] = [
  {
    status: 'pass',
    meaning:
      'The check saw the server meet the requirement. Where the source leaves the server a choice (a MAY), every allowed branch passes: a body that is not JSON may get an HTTP error status with or without a JSON-RPC error in it.',
  },
  {
    status: 'fail',
    meaning:
      'The check saw the server break the requirement, or the server did not answer within the time limit, or the check could not run what it needed (its message says which). A failed MUST makes the command exit 1; a failed SHOULD is reported, not fatal.',
  },
  {
    status: 'skip',
    meaning:
      'The requirement could apply to this target, but the check cannot decide it here: the target lacks a setting or a probe the check needs (a large call, probe upstreams, distinct callers, the probe of an opt-in control; the message names it), or a check it builds on could not be read (the message names that check). A skip is never a pass: every report ends with the skipped MUST checks and their reasons.',
  },
  {
    status: 'not-applicable',
    meaning:
      'The requirement does not apply to this target: its transport (a stdio statement over HTTP, an HTTP header over stdio), its mode (gateway or proxy), or a capability or feature it does not declare or offer (no tools capability, no skill, no namespace, a manifest without the extension, an opt-in control declared off, no aggregator). Checks of the other protocol era are not run at all. Not applicable results are counted apart from skips and never as missing MUST checks.',
  },
];
