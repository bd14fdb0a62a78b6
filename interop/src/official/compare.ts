/**
 * Compares the suite's results with the baseline: what failed unexpectedly, what was expected
 * to fail but passed (a stale baseline), and baseline lines that hide a required scenario.
 *
 * @module
 */

import { ALL_TARGETS, type LocatedBaselineEntry } from './baseline.js';
import type { ScenarioResult } from './suite-output.js';

/** The results of one target. */
export interface TargetResults {
  /** The target's name. */
  readonly target: string;
  /** The scenarios that must pass on it (see `requiredScenarios`). */
  readonly required: readonly string[];
  /** One result per scenario the suite ran. */
  readonly results: readonly ScenarioResult[];
}

/** Something that fails the run. */
export type Problem =
  | {
      /** A scenario failed and no baseline line expects it. */
      readonly kind: 'new-failure';
      readonly target: string;
      readonly scenario: string;
      readonly messages: readonly string[];
    }
  | {
      /** A baseline line expects a failure, but the scenario passed (or was not run). */
      readonly kind: 'stale';
      readonly target: string;
      readonly scenario: string;
      readonly line: number;
      readonly outcome: 'passed' | 'not-run';
    }
  | {
      /** A baseline line expects a required scenario to fail. */
      readonly kind: 'required-in-baseline';
      readonly target: string;
      readonly scenario: string;
      readonly line: number;
    }
  | {
      /** A required scenario has no result at all. */
      readonly kind: 'required-not-run';
      readonly target: string;
      readonly scenario: string;
    }
  | {
      /** A baseline line names a target that does not exist. */
      readonly kind: 'unknown-target';
      readonly target: string;
      readonly line: number;
    };

/** The verdict of one target. */
export interface TargetVerdict {
  /** The target's name. */
  readonly target: string;
  /** Scenarios that passed. */
  readonly passed: number;
  /** Scenarios that failed as the baseline expects. */
  readonly expectedFailures: number;
}

/** The verdict of a run. */
export interface Comparison {
  /** One per target, in the order given. */
  readonly targets: readonly TargetVerdict[];
  /** Everything that fails the run, target by target. */
  readonly problems: readonly Problem[];
}

/**
 * Compares `runs` with `baseline`. Entries naming targets outside `knownTargets` are problems;
 * entries of known targets that were not run (a `--target` selection) are ignored.
 */
export function compareWithBaseline(
  runs: readonly TargetResults[],
  baseline: readonly LocatedBaselineEntry[],
  knownTargets: readonly string[],
): Comparison {
  const problems: Problem[] = baseline
    .filter((entry) => entry.target !== ALL_TARGETS && !knownTargets.includes(entry.target))
    .map((entry) => ({ kind: 'unknown-target', target: entry.target, line: entry.line }));
  const targets = runs.map((run) => {
    const expected = new Map(
      baseline
        .filter((entry) => entry.target === ALL_TARGETS || entry.target === run.target)
        .map((entry) => [entry.scenario, entry]),
    );
    const byScenario = new Map(run.results.map((result) => [result.scenario, result]));
    let passed = 0;
    let expectedFailures = 0;
    for (const scenario of run.required) {
      const entry = expected.get(scenario);
      if (entry !== undefined) {
        problems.push({
          kind: 'required-in-baseline',
          target: run.target,
          scenario,
          line: entry.line,
        });
      }
      if (!byScenario.has(scenario))
        problems.push({ kind: 'required-not-run', target: run.target, scenario });
    }
    for (const result of run.results) {
      const entry = expected.get(result.scenario);
      if (result.passed) {
        passed += 1;
        if (entry !== undefined && !run.required.includes(result.scenario)) {
          problems.push({
            kind: 'stale',
            target: run.target,
            scenario: result.scenario,
            line: entry.line,
            outcome: 'passed',
          });
        }
      } else if (entry === undefined || run.required.includes(result.scenario)) {
        problems.push({
          kind: 'new-failure',
          target: run.target,
          scenario: result.scenario,
          messages: result.messages,
        });
      } else {
        expectedFailures += 1;
      }
    }
    for (const [scenario, entry] of expected) {
      if (!byScenario.has(scenario) && !run.required.includes(scenario)) {
        problems.push({
          kind: 'stale',
          target: run.target,
          scenario,
          line: entry.line,
          outcome: 'not-run',
        });
      }
    }
    return { target: run.target, passed, expectedFailures };
  });
  return { targets, problems };
}
