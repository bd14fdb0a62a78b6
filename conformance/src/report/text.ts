/**
 * The readable report: one table per target and a summary line.
 *
 * @module
 */

import type { ConformanceReport, ReportSummary } from './report.js';
import { formatTable } from './table.js';

/** One line of counts: `12 passed, 1 failed (1 MUST), 2 skipped`. */
export function formatSummary(summary: ReportSummary): string {
  return `${summary.passed} passed, ${summary.failed} failed (${summary.mustFailed} MUST), ${summary.skipped} skipped`;
}

/** The whole report as text, ending with a newline. */
export function formatTextReport(report: ConformanceReport): string {
  const sections = report.targets.map((target) => {
    const rows = target.results.map((result) => [
      result.id,
      result.level,
      result.status,
      result.message,
    ]);
    const counts = formatSummary({
      passed: target.results.filter((result) => result.status === 'pass').length,
      failed: target.results.filter((result) => result.status === 'fail').length,
      skipped: target.results.filter((result) => result.status === 'skip').length,
      mustFailed: target.results.filter(
        (result) => result.status === 'fail' && result.level === 'MUST',
      ).length,
    });
    return [
      `${target.target} (specs: ${target.specs.join(', ') || 'none'})`,
      formatTable(['ID', 'LEVEL', 'STATUS', 'MESSAGE'], rows, '  '),
      `  ${counts}`,
    ].join('\n');
  });
  const targets = report.targets.length === 1 ? '1 target' : `${report.targets.length} targets`;
  return `${[...sections, `Summary: ${targets}, ${formatSummary(report.summary)}`].join('\n\n')}\n`;
}
