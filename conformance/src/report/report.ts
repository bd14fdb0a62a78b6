/**
 * The result of a run, in the shape `--format json` prints.
 *
 * @module
 */

import type { CheckStatus } from '../check.js';
import type { RequirementLevel } from '../requirement.js';

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
  /** What the check concluded. */
  readonly status: CheckStatus;
  /** One line saying why. */
  readonly message: string;
}

/** The results of one target. */
export interface TargetReport {
  /** The target's name. */
  readonly target: string;
  /** The conformance specs that were checked. */
  readonly specs: readonly string[];
  /** One result per check, in catalog order. */
  readonly results: readonly RequirementResult[];
}

/** Counts over every result of a run. */
export interface ReportSummary {
  /** Results with status `pass`. */
  readonly passed: number;
  /** Results with status `fail`. */
  readonly failed: number;
  /** Results with status `skip`. */
  readonly skipped: number;
  /** Failed results of MUST requirements (any makes the CLI exit 1). */
  readonly mustFailed: number;
}

/** A whole run: the summary, then each target in run order. */
export interface ConformanceReport {
  /** Counts over every target. */
  readonly summary: ReportSummary;
  /** Each target's results. */
  readonly targets: readonly TargetReport[];
}

/** Builds the report of a run from its targets' results. */
export function createReport(targets: readonly TargetReport[]): ConformanceReport {
  const results = targets.flatMap((target) => target.results);
  const count = (status: CheckStatus) =>
    results.filter((result) => result.status === status).length;
  return {
    summary: {
      passed: count('pass'),
      failed: count('fail'),
      skipped: count('skip'),
      mustFailed: results.filter((result) => result.status === 'fail' && result.level === 'MUST')
        .length,
    },
    targets,
  };
}
