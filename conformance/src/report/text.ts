/**
 * The readable report: one table per target and a summary line.
 *
 * @module
 */

import { eraLabel } from '../era/era.js';
import {
  type ConformanceReport,
  type ReportSummary,
  summarize,
  type TargetReport,
} from './report.js';
import { formatTable } from './table.js';

/** One line of counts: `12 passed, 1 failed (1 MUST), 2 skipped`. */
export function formatSummary(summary: ReportSummary): string {
  return `${summary.passed} passed, ${summary.failed} failed (${summary.mustFailed} MUST), ${summary.skipped} skipped`;
}

/** `name [era 2026-07-28]`, or the bare name of a driver target. */
export function targetHeading(target: TargetReport): string {
  return target.era === undefined
    ? target.target
    : `${target.target} [era ${eraLabel(target.era)}]`;
}

/**
 * The lines that close every report: how many MUST checks were skipped, and each reason with
 * its count, so a skip never reads as a pass.
 */
export function formatMustSkips(summary: ReportSummary): string {
  if (summary.mustSkipped === 0) return 'MUST checks skipped: 0';
  return [
    `MUST checks skipped: ${summary.mustSkipped} (not passed; why:)`,
    ...summary.mustSkipReasons.map((entry) => `  ${entry.count} × ${entry.reason}`),
  ].join('\n');
}

/** The whole report as text, ending with a newline. */
export function formatTextReport(report: ConformanceReport): string {
  const sections = report.targets.map((target) => {
    const heading = `${targetHeading(target)} (specs: ${target.specs.join(', ') || 'none'})`;
    if (target.note !== undefined) return `${heading}\n  ${target.note}`;
    const rows = target.results.map((result) => [
      result.id,
      result.level,
      result.era === undefined ? '-' : eraLabel(result.era),
      result.status,
      result.message,
    ]);
    return [
      heading,
      formatTable(['ID', 'LEVEL', 'ERA', 'STATUS', 'MESSAGE'], rows, '  '),
      `  ${formatSummary(summarize(target.results))}`,
    ].join('\n');
  });
  const count = new Set(report.targets.map((target) => target.target)).size;
  const targets = count === 1 ? '1 target' : `${count} targets`;
  return `${[
    ...sections,
    `Summary: ${targets}, ${formatSummary(report.summary)}\n${formatMustSkips(report.summary)}`,
  ].join('\n\n')}\n`;
}
