/**
 * Compares the suite's results with the baseline: what failed unexpectedly, what was expected
 * to fail but passed (a stale baseline), and baseline lines that hide a required scenario.
 *
 * @module
 */

import { ALL, appliesTo, entryLabel, type LocatedBaselineEntry } from './baseline.js';
import type { SpecRevision } from './revisions.js';
import type { FailedCheck, ScenarioResult } from './suite-output.js';

/** The results of one target at one revision. */
export interface TargetResults {
  /** The target's name. */
  readonly target: string;
  /** The revision the suite spoke. */
  readonly revision: SpecRevision;
  /** The scenarios that must pass on it (see `requiredScenarios`). */
  readonly required: readonly string[];
  /** One result per scenario the suite ran. */
  readonly results: readonly ScenarioResult[];
}

/** Where a problem was seen. */
interface Located {
  readonly target: string;
  readonly revision: SpecRevision;
}

/** Something that fails the run. */
export type Problem = Located &
  (
    | {
        /** A scenario failed with checks no baseline line expects. */
        readonly kind: 'new-failure';
        readonly scenario: string;
        /** The failed checks no line expects. */
        readonly failures: readonly FailedCheck[];
      }
    | {
        /** A baseline line expects a failure, but the scenario (or check) passed, or was not run. */
        readonly kind: 'stale';
        /** `scenario` or `scenario:check`. */
        readonly label: string;
        readonly line: number;
        readonly outcome: 'passed' | 'not-run';
      }
    | {
        /** A scenario line expects a required scenario to fail. */
        readonly kind: 'required-in-baseline';
        readonly scenario: string;
        readonly line: number;
      }
    | {
        /** A required scenario has no result at all. */
        readonly kind: 'required-not-run';
        readonly scenario: string;
      }
  );

/** A baseline line naming a target that does not exist. */
export interface UnknownTarget {
  readonly kind: 'unknown-target';
  readonly target: string;
  readonly line: number;
}

/** The verdict of one target at one revision. */
export interface TargetVerdict extends Located {
  /** Scenarios the suite marked ✓. */
  readonly suitePassed: number;
  /** Scenarios the suite marked ✗. */
  readonly suiteFailed: number;
  /** Scenarios that failed only with checks the baseline expects (counted as passed here). */
  readonly passedWithExpectedChecks: number;
  /** Scenarios that failed as a whole, as the baseline expects. */
  readonly expectedFailures: number;
}

/** The verdict of a run. */
export interface Comparison {
  /** One per run, in the order given. */
  readonly targets: readonly TargetVerdict[];
  /** Everything that fails the run. */
  readonly problems: readonly (Problem | UnknownTarget)[];
}

/**
 * Compares `runs` with `baseline`. Entries naming targets outside `knownTargets` are problems;
 * entries of targets or revisions that were not run (a `--target` or `--revision` selection)
 * are ignored.
 */
export function compareWithBaseline(
  runs: readonly TargetResults[],
  baseline: readonly LocatedBaselineEntry[],
  knownTargets: readonly string[],
): Comparison {
  const problems: (Problem | UnknownTarget)[] = baseline
    .filter((entry) => entry.target !== ALL && !knownTargets.includes(entry.target))
    .map((entry) => ({ kind: 'unknown-target', target: entry.target, line: entry.line }));
  const targets = runs.map((run) => {
    const verdict = judgeRun(run, baseline);
    problems.push(...verdict.problems);
    return verdict.verdict;
  });
  return { targets, problems };
}

function judgeRun(
  run: TargetResults,
  baseline: readonly LocatedBaselineEntry[],
): { verdict: TargetVerdict; problems: Problem[] } {
  const at: Located = { target: run.target, revision: run.revision };
  const problems: Problem[] = [];
  const expected = baseline.filter((entry) => appliesTo(entry, run.target, run.revision));
  const byScenario = new Map(run.results.map((result) => [result.scenario, result]));
  for (const scenario of run.required) {
    const whole = expected.find(
      (entry) => entry.scenario === scenario && entry.check === undefined,
    );
    if (whole !== undefined) {
      problems.push({ ...at, kind: 'required-in-baseline', scenario, line: whole.line });
    }
    if (!byScenario.has(scenario)) problems.push({ ...at, kind: 'required-not-run', scenario });
  }
  const stale = (entry: LocatedBaselineEntry, outcome: 'passed' | 'not-run'): Problem => ({
    ...at,
    kind: 'stale',
    label: entryLabel(entry),
    line: entry.line,
    outcome,
  });
  let passedWithExpectedChecks = 0;
  let expectedFailures = 0;
  for (const result of run.results) {
    const lines = expected.filter((entry) => entry.scenario === result.scenario);
    const whole = lines.find((entry) => entry.check === undefined);
    const checkLines = lines.filter((entry) => entry.check !== undefined);
    const required = run.required.includes(result.scenario);
    const failedIds = new Set(result.failures.map((failure) => failure.id));
    // A check line whose check did not fail is stale, whatever the scenario's outcome.
    for (const entry of checkLines) {
      if (!failedIds.has(entry.check as string)) problems.push(stale(entry, 'passed'));
    }
    const unexpected = result.failures.filter(
      (failure) => !checkLines.some((entry) => entry.check === failure.id),
    );
    if (result.passed) {
      if (whole !== undefined && !required) problems.push(stale(whole, 'passed'));
    } else if (unexpected.length === 0) {
      passedWithExpectedChecks += 1;
    } else if (whole !== undefined && !required) {
      expectedFailures += 1;
    } else {
      problems.push({
        ...at,
        kind: 'new-failure',
        scenario: result.scenario,
        failures: unexpected,
      });
    }
  }
  for (const entry of expected) {
    if (!byScenario.has(entry.scenario) && !run.required.includes(entry.scenario)) {
      problems.push(stale(entry, 'not-run'));
    }
  }
  const suitePassed = run.results.filter((result) => result.passed).length;
  return {
    verdict: {
      ...at,
      suitePassed,
      suiteFailed: run.results.length - suitePassed,
      passedWithExpectedChecks,
      expectedFailures,
    },
    problems,
  };
}
