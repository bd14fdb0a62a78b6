/**
 * The result of a run, in the shape `--format json` prints.
 *
 * @module
 */

import type { CheckStatus } from '../check.js';
import type { Era } from '../era/era.js';
import type { RequirementLevel, RequirementProfile } from '../requirement.js';

/** The outcome of one requirement on one target. */
export interface RequirementResult {
  /** The requirement id. */
  readonly id: string;
  /** The source document of the requirement. */
  readonly spec: string;
  /** The section of the source document. */
  readonly section: string;
  /** The level the source gives the requirement. */
  readonly level: RequirementLevel;
  /** Present when the requirement is a profile's choice, not the spec's (reported apart). */
  readonly profile?: RequirementProfile;
  /** What the check concluded. */
  readonly status: CheckStatus;
  /** One line saying why. */
  readonly message: string;
  /** The protocol era the check spoke (absent for driver targets, which are not servers). */
  readonly era?: Era;
}

/** The results of one target in one era. */
export interface TargetReport {
  /** The target's name. */
  readonly target: string;
  /** The protocol era of these results (absent for driver targets). */
  readonly era?: Era;
  /** Why the target has no results in this era (it does not serve it), when so. */
  readonly note?: string;
  /** The conformance specs that were checked. */
  readonly specs: readonly string[];
  /** One result per check, in catalog order. */
  readonly results: readonly RequirementResult[];
}

/** Counts over some results of a run. */
export interface ResultCounts {
  /** Results with status `pass`. */
  readonly passed: number;
  /** Results with status `fail`. */
  readonly failed: number;
  /** Results with status `skip`: could apply, but the check could not decide. */
  readonly skipped: number;
  /** Results with status `not-applicable`: the requirement does not apply to the target. */
  readonly notApplicable: number;
  /** Failed results of MUST requirements (any makes the CLI exit 1). */
  readonly mustFailed: number;
  /** Skipped results of MUST requirements: a skip is never a pass (not-applicable ones are apart). */
  readonly mustSkipped: number;
  /** Why MUST checks were skipped: each distinct reason and how many, most frequent first. */
  readonly mustSkipReasons: readonly MustSkipReason[];
}

/** One reason MUST checks were skipped, and how many were. */
export interface MustSkipReason {
  /** The skip message. */
  readonly reason: string;
  /** How many MUST results skipped with it. */
  readonly count: number;
}

/**
 * Counts over every result of a run: the top-level counts are the specs' requirements; the
 * profiles' (this project's choices) are counted apart, and present only when any ran.
 */
export interface ReportSummary extends ResultCounts {
  /** Counts of the results of profile requirements. */
  readonly profile?: ResultCounts;
}

/** A whole run: the summary, then each target in run order. */
export interface ConformanceReport {
  /** Counts over every target. */
  readonly summary: ReportSummary;
  /** Each target's results. */
  readonly targets: readonly TargetReport[];
}

/** Counts `results` by status, with the MUST skips and their reasons. */
export function countResults(results: readonly RequirementResult[]): ResultCounts {
  const count = (status: CheckStatus) =>
    results.filter((result) => result.status === status).length;
  const mustSkips = results.filter((result) => result.status === 'skip' && result.level === 'MUST');
  const reasons = new Map<string, number>();
  for (const result of mustSkips)
    reasons.set(result.message, (reasons.get(result.message) ?? 0) + 1);
  return {
    passed: count('pass'),
    failed: count('fail'),
    skipped: count('skip'),
    notApplicable: count('not-applicable'),
    mustFailed: results.filter((result) => result.status === 'fail' && result.level === 'MUST')
      .length,
    mustSkipped: mustSkips.length,
    mustSkipReasons: [...reasons]
      .map(([reason, count]) => ({ reason, count }))
      .sort(
        (a, b) => b.count - a.count || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0),
      ),
  };
}

/** The summary of `results`: the specs' counts, and the profiles' apart when any ran. */
export function summarizeResults(results: readonly RequirementResult[]): ReportSummary {
  const profile = results.filter((result) => result.profile !== undefined);
  const spec = countResults(results.filter((result) => result.profile === undefined));
  return profile.length === 0 ? spec : { ...spec, profile: countResults(profile) };
}

/** Builds the report of a run from its targets' results. */
export function createReport(targets: readonly TargetReport[]): ConformanceReport {
  return { summary: summarizeResults(targets.flatMap((target) => target.results)), targets };
}
