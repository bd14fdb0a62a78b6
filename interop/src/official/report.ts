/**
 * The text report of an official conformance run.
 *
 * @module
 */

import type { Comparison, Problem, TargetResults, UnknownTarget } from './compare.js';

/** What the report's header names. */
export interface ReportContext {
  /** The suite's version. */
  readonly suiteVersion: string;
  /** The Node version the suite ran on. */
  readonly nodeVersion: string;
  /** The baseline file, as shown to the reader (relative to the repository). */
  readonly baselineFile: string;
  /** How long the run took, in milliseconds. */
  readonly elapsedMs: number;
}

/** The table of targets and revisions, then every problem with what to do about it, then the verdict. */
export function formatOfficialReport(
  runs: readonly TargetResults[],
  comparison: Comparison,
  context: ReportContext,
): string {
  const lines = [
    `Official MCP conformance: @modelcontextprotocol/conformance ${context.suiteVersion} on Node ${context.nodeVersion}`,
    '',
  ];
  const width = Math.max('target'.length, ...runs.map((run) => run.target.length));
  lines.push(
    `${'target'.padEnd(width)}  revision    suite ✓  suite ✗  expected checks  expected failures  must pass`,
  );
  comparison.targets.forEach((verdict, index) => {
    const required = runs[index]?.required ?? [];
    lines.push(
      [
        verdict.target.padEnd(width),
        verdict.revision.padEnd(10),
        String(verdict.suitePassed).padStart(7),
        String(verdict.suiteFailed).padStart(7),
        String(verdict.passedWithExpectedChecks).padStart(15),
        String(verdict.expectedFailures).padStart(17),
        required.join(', '),
      ].join('  '),
    );
  });
  lines.push(
    '',
    '"expected checks": scenarios whose only failed checks are baseline check lines (they count as passed).',
    '',
  );
  for (const problem of comparison.problems)
    lines.push(...describeProblem(problem, context.baselineFile));
  const seconds = (context.elapsedMs / 1000).toFixed(1);
  lines.push(
    comparison.problems.length === 0
      ? `OK: every required scenario passed and every expected failure still fails (${runs.length} runs, ${seconds} s).`
      : `FAILED: ${comparison.problems.length} problem(s) (${runs.length} runs, ${seconds} s).`,
  );
  return `${lines.join('\n')}\n`;
}

function describeProblem(problem: Problem | UnknownTarget, baselineFile: string): string[] {
  if (problem.kind === 'unknown-target') {
    return [
      `UNKNOWN TARGET: line ${problem.line} of ${baselineFile} names ${problem.target}, which is no target.`,
      '',
    ];
  }
  const where = `${problem.target} at ${problem.revision}`;
  switch (problem.kind) {
    case 'new-failure':
      return [
        `NEW FAILURE ${where}: ${problem.scenario}`,
        ...problem.failures.map((failure) => `    [${failure.id}] ${failure.message}`),
        `  Fix the app; if a failure is expected (a fixture-only check, or a scenario that is not required), add a line to ${baselineFile} saying why.`,
        '',
      ];
    case 'stale':
      return [
        problem.outcome === 'passed'
          ? `STALE ${where}: ${problem.label} now passes, but line ${problem.line} of ${baselineFile} expects it to fail.`
          : `STALE ${where}: ${problem.label} was not run by the suite, but line ${problem.line} of ${baselineFile} expects it to fail.`,
        '  Remove the line, or narrow a "*" to the targets and revisions that still fail.',
        '',
      ];
    case 'required-in-baseline':
      return [
        `REQUIRED ${where}: ${problem.scenario} must pass (the server declares what it checks), but line ${problem.line} of ${baselineFile} expects it to fail as a whole.`,
        '  Remove the line (or narrow a "*") and fix the app; only single fixture-only checks of it may be listed.',
        '',
      ];
    case 'required-not-run':
      return [
        `NOT RUN ${where}: the suite did not run the required scenario ${problem.scenario}.`,
        '',
      ];
  }
}
