/**
 * Checks of output size gating (cash-rfc §7), on the large call the target registration names.
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../../check.js';
import { fail, pass, skip } from '../../../outcome.js';
import {
  ACCOMMODATING_SIZELIMIT,
  DEFAULT_GATE_THRESHOLD,
  type GateObservation,
  gateObservation,
  suggestedLimit,
} from '../gate-observation.js';
import { answerCode, type ToolAnswer } from '../tool-answer.js';

/** Gating need not be exact (cash-rfc §7.2): a response within 5% of the limit may pass. */
const TOLERANCE = 1.05;

const NOT_REGISTERED = skip(
  'no large call is registered (settings.cash.largeCall, or --cash-large "namespace.function")',
);

const NOTICE =
  /\bgated\b|\bsize limit\b|\bexceed|\btoo (?:large|long|big)\b|\bwithheld\b|\bsuppressed\b/i;

/** Whether an answer reads as a gated response rather than a failing call. */
function looksGated(answer: ToolAnswer): boolean {
  return (
    answerCode(answer) === 'GATED' ||
    NOTICE.test(answer.text) ||
    suggestedLimit(answer) !== undefined
  );
}

/** Why the observation cannot judge gating, or undefined when it can. */
function unusable(observation: GateObservation): CheckOutcome | undefined {
  const { full, gated, threshold, label } = observation;
  if (full.isError && gated.isError && full.text === gated.text && !looksGated(gated)) {
    return skip(`${label} fails whatever the sizelimit: ${gated.text}`);
  }
  if (!full.isError && full.size <= threshold * TOLERANCE) {
    return skip(
      `${label} returns ${full.size} characters, not above the threshold ${threshold}: register a larger call`,
    );
  }
  return undefined;
}

/** Runs `judge` on a usable observation whose large call was gated. */
function gatedCheck(
  requirement: string,
  judge: (observation: GateObservation, context: CheckContext) => CheckOutcome,
): Check {
  return {
    requirement,
    definedIn: import.meta.url,
    async run(context) {
      const observation = await gateObservation(context);
      if (observation === undefined) return NOT_REGISTERED;
      const reason = unusable(observation);
      if (reason !== undefined) return reason;
      if (observation.gated.size > observation.threshold * TOLERANCE) {
        return skip(`${observation.label} was not gated (see cash.7.2.gate-enforced)`);
      }
      return judge(observation, context);
    },
  };
}

/** The large call is withheld without a sizelimit. */
export const gateEnforcedCheck: Check = {
  requirement: 'cash.7.2.gate-enforced',
  definedIn: import.meta.url,
  async run(context) {
    const observation = await gateObservation(context);
    if (observation === undefined) return NOT_REGISTERED;
    const reason = unusable(observation);
    if (reason !== undefined) return reason;
    const { label, gated, full, threshold } = observation;
    if (gated.size > threshold * TOLERANCE) {
      return fail(
        `${label} returned ${gated.size} characters without a sizelimit; the threshold is ${threshold}`,
      );
    }
    const size = full.isError ? 'a large response' : `${full.size} characters`;
    return pass(`${label} (${size}) is withheld at the threshold ${threshold}`);
  },
};

/** The gated response says it was gated. */
export const gatedNoticeCheck = gatedCheck('cash.7.2.gated-notice', ({ gated, label }) =>
  answerCode(gated) === 'GATED' || NOTICE.test(gated.text)
    ? pass('the gated response says it was gated')
    : fail(`the answer to ${label} does not say it was gated: ${gated.text}`),
);

/** A count in a text: a number followed by a word that is no unit of size. */
function hasCount(text: string, ignored: ReadonlySet<number>): boolean {
  for (const match of text.matchAll(/(\d[\d,_]*)\s+([A-Za-z]+)/g)) {
    const value = Number((match[1] ?? '').replace(/[,_]/g, ''));
    if (ignored.has(value) || /^(characters?|chars?|bytes?|tokens?)$/i.test(match[2] ?? ''))
      continue;
    return true;
  }
  return /\bsummary\s*:/i.test(text);
}

/** The gated response counts or summarizes the result. */
export const gatedSummaryCheck = gatedCheck(
  'cash.7.2.gated-summary',
  ({ gated, label, suggested, threshold }) => {
    const structured = gated.structured?.summary ?? gated.structured?.count;
    const ignored = new Set([threshold, suggested ?? -1]);
    return typeof structured === 'string' ||
      typeof structured === 'number' ||
      hasCount(gated.text, ignored)
      ? pass('the gated response counts or summarizes the result')
      : fail(`the answer to ${label} gives no count or summary: ${gated.text}`);
  },
);

/** The gated response suggests a sizelimit above the limit. */
export const suggestedLimitCheck = gatedCheck(
  'cash.7.2.suggested-limit',
  ({ gated, label, suggested, threshold }) => {
    if (suggested === undefined)
      return fail(`the answer to ${label} suggests no sizelimit: ${gated.text}`);
    return suggested > threshold
      ? pass(`the gated response suggests sizelimit=${suggested}`)
      : fail(`the suggested sizelimit ${suggested} is not above the threshold ${threshold}`);
  },
);

/** The suggested sizelimit lets the response through. */
export const suggestedLimitWorksCheck = gatedCheck(
  'cash.7.2.suggested-limit-works',
  ({ full, label, suggested, threshold, viaSuggested }) => {
    if (suggested === undefined || viaSuggested === undefined) {
      return fail(`the answer to ${label} suggests no sizelimit to call again with`);
    }
    const expected = full.isError ? threshold * TOLERANCE : full.size * 0.95;
    return !viaSuggested.isError && viaSuggested.size >= expected
      ? pass(`sizelimit=${suggested} returns the ${viaSuggested.size} characters`)
      : fail(
          `${label} with the suggested sizelimit=${suggested} is still withheld: ${viaSuggested.text}`,
        );
  },
);

/** The least margin above the full response a suggested sizelimit needs: 1%. */
const MARGIN = 1.01;

/** The suggested sizelimit leaves a margin above the full response's size. */
export const suggestedMarginCheck = gatedCheck(
  'cash.7.2.suggested-margin',
  ({ full, label, suggested }) => {
    if (suggested === undefined)
      return fail(`the answer to ${label} suggests no sizelimit, so no margin`);
    if (full.isError) return skip(`the full response of ${label} could not be read`);
    return suggested >= full.size * MARGIN
      ? pass(
          `sizelimit=${suggested} leaves ${suggested - full.size} characters above the ${full.size}`,
        )
      : fail(
          `the suggested sizelimit=${suggested} leaves no margin above the full response of ${full.size} characters`,
        );
  },
);

const NARROWING =
  /\bnarrow|\bfilter|\bfewer\b|\breduce|\brestrict|\bsmaller\b|\bsubset\b|\bpaginat|\bpage\b|\boffset\b/i;

/** The gated response tells the model to narrow the query. */
export const narrowDirectiveCheck = gatedCheck('cash.7.2.narrow-directive', ({ gated, label }) =>
  NARROWING.test(gated.text)
    ? pass('the gated response tells the model to narrow the query')
    : fail(`the answer to ${label} does not say to narrow the query: ${gated.text}`),
);

/** An accommodating sizelimit returns the response in full. */
export const fullWhenAccommodatedCheck: Check = {
  requirement: 'cash.7.2.full-when-accommodated',
  definedIn: import.meta.url,
  async run(context) {
    const observation = await gateObservation(context);
    if (observation === undefined) return NOT_REGISTERED;
    const reason = unusable(observation);
    if (reason !== undefined) return reason;
    const { full, label } = observation;
    return full.isError
      ? fail(`${label} with sizelimit=${ACCOMMODATING_SIZELIMIT} answered: ${full.text}`)
      : pass(`sizelimit=${ACCOMMODATING_SIZELIMIT} returns all ${full.size} characters`);
  },
};

/** A response a few percent over the limit in effect is gated. */
export const gatePrecisionCheck = gatedCheck(
  'cash.7.2.gate-precision',
  ({ full, label, precise }) => {
    if (precise === undefined)
      return skip('the full response could not be read (see cash.7.2.full-when-accommodated)');
    return precise.answer.size <= precise.limit
      ? pass(`sizelimit=${precise.limit} withholds the ${full.size} characters`)
      : fail(
          `${label} with sizelimit=${precise.limit} returned all ${precise.answer.size} characters`,
        );
  },
);

/** A threshold above 10,000 is named in help(). */
export const thresholdAdvertisedCheck: Check = {
  requirement: 'cash.7.3.threshold-advertised',
  definedIn: import.meta.url,
  async run(context) {
    const observation = await gateObservation(context);
    if (observation === undefined) return NOT_REGISTERED;
    const { advertised, gated, label } = observation;
    const reported = gated.structured?.limit;
    if (!gated.isError && gated.size > DEFAULT_GATE_THRESHOLD * TOLERANCE) {
      return advertised !== undefined && advertised >= gated.size
        ? pass(`help() names the threshold ${advertised}`)
        : fail(
            `${label} returned ${gated.size} characters without a sizelimit, so the threshold is above ${DEFAULT_GATE_THRESHOLD}, but help() names none`,
          );
    }
    if (
      typeof reported === 'number' &&
      reported > DEFAULT_GATE_THRESHOLD &&
      advertised !== reported
    ) {
      return fail(`the gated response reports the limit ${reported}, which help() does not name`);
    }
    return pass(
      advertised === undefined
        ? `gates at the default threshold (${DEFAULT_GATE_THRESHOLD}) or below`
        : `help() names the threshold ${advertised}`,
    );
  },
};
