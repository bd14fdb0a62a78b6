/**
 * The text report of an official conformance run.
 *
 * @module
 */

import type { Comparison, Problem, TargetResults } from './compare.js';

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

/** The table of targets, then every problem with what to do about it, then the verdict. */
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
  lines.push(`${'target'.padEnd(width)}  passed  expected failures  must pass`);
  for (const verdict of comparison.targets) {
    const required = runs.find((run) => run.target === verdict.target)?.required ?? [];
    lines.push(
      `${verdict.target.padEnd(width)}  ${String(verdict.passed).padStart(6)}  ${String(verdict.expectedFailures).padStart(17)}  ${required.join(', ')}`,
    );
  }
  lines.push('');
  for (const problem of comparison.problems)
    lines.push(...describeProblem(problem, context.baselineFile));
  const seconds = (context.elapsedMs / 1000).toFixed(1);
  lines.push(
    comparison.problems.length === 0
      ? `OK: every required scenario passed and every expected failure still fails (${runs.length} targets, ${seconds} s).`
      : `FAILED: ${comparison.problems.length} problem(s) (${runs.length} targets, ${seconds} s).`,
  );
  return `${lines.join('\n')}\n`;
}

function describeProblem(problem: Problem, baselineFile: string): string[] {
  switch (problem.kind) {
    case 'new-failure':
      return [
        `NEW FAILURE ${problem.target}: ${problem.scenario}`,
        ...problem.messages.map((message) => `    ${message}`),
        `  Fix the app; if the failure is expected and not a required scenario, add a line to ${baselineFile} saying why.`,
        '',
      ];
    case 'stale':
      return [
        problem.outcome === 'passed'
          ? `STALE ${problem.target}: ${problem.scenario} now passes, but line ${problem.line} of ${baselineFile} expects it to fail.`
          : `STALE ${problem.target}: ${problem.scenario} was not run by the suite, but line ${problem.line} of ${baselineFile} expects it to fail.`,
        '  Remove the line, or narrow a "*" line to the targets that still fail.',
        '',
      ];
    case 'required-in-baseline':
      return [
        `REQUIRED ${problem.target}: ${problem.scenario} must pass (the server declares what it checks), but line ${problem.line} of ${baselineFile} expects it to fail.`,
        '  Remove the line (or narrow a "*" line) and fix the app.',
        '',
      ];
    case 'required-not-run':
      return [
        `NOT RUN ${problem.target}: the suite did not run the required scenario ${problem.scenario}.`,
        '',
      ];
    case 'unknown-target':
      return [
        `UNKNOWN TARGET: line ${problem.line} of ${baselineFile} names ${problem.target}, which is no target.`,
        '',
      ];
  }
}
