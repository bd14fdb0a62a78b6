/**
 * The readable report: one table per target and a summary line.
 *
 * @module
 */

import {
  type ConformanceReport,
  type ReportSummary,
  type RequirementResult,
  type ResultCounts,
  summarizeResults,
} from './report.js';
import { formatTable } from './table.js';

function formatCounts(counts: ResultCounts): string {
  return `${counts.passed} passed, ${counts.failed} failed (${counts.mustFailed} MUST), ${counts.skipped} skipped`;
}

/**
 * One line of counts: `12 passed, 1 failed (1 MUST), 2 skipped`, then the profile's apart
 * (`; x-profile: 3 passed, ...`) when any of its checks ran.
 */
export function formatSummary(summary: ReportSummary): string {
  const profile =
    summary.profile === undefined ? '' : `; profile: ${formatCounts(summary.profile)}`;
  return `${formatCounts(summary)}${profile}`;
}

function resultTable(results: readonly RequirementResult[]): string {
  const rows = results.map((result) => [result.id, result.level, result.status, result.message]);
  return formatTable(['ID', 'LEVEL', 'STATUS', 'MESSAGE'], rows, '  ');
}

/** The whole report as text, ending with a newline. */
export function formatTextReport(report: ConformanceReport): string {
  const sections = report.targets.map((target) => {
    const profile = target.results.filter((result) => result.profile !== undefined);
    return [
      `${target.target} (specs: ${target.specs.join(', ') || 'none'})`,
      resultTable(target.results.filter((result) => result.profile === undefined)),
      ...(profile.length === 0
        ? []
        : [
            `  profile (this project's choices, not the specs'): ${[...new Set(profile.map((result) => result.profile))].join(', ')}`,
            resultTable(profile),
          ]),
      `  ${formatSummary(summarizeResults(target.results))}`,
    ].join('\n');
  });
  const targets = report.targets.length === 1 ? '1 target' : `${report.targets.length} targets`;
  return `${[...sections, `Summary: ${targets}, ${formatSummary(report.summary)}`].join('\n\n')}\n`;
}
