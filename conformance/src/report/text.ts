/**
 * The readable report: one table per target and a summary line.
 *
 * @module
 */

import { eraLabel } from '../era/era.js';
import {
  type ConformanceReport,
  type ReportSummary,
  type RequirementResult,
  type ResultCounts,
  summarizeResults,
  type TargetReport,
} from './report.js';
import { formatTable } from './table.js';

function formatCounts(counts: ResultCounts): string {
  return `${counts.passed} passed, ${counts.failed} failed (${counts.mustFailed} MUST), ${counts.skipped} skipped, ${counts.notApplicable} not applicable`;
}

/**
 * One line of counts: `12 passed, 1 failed (1 MUST), 2 skipped, 3 not applicable`, then the
 * profile's apart (`; profile: 3 passed, ...`) when any of its checks ran.
 */
export function formatSummary(summary: ReportSummary): string {
  const profile =
    summary.profile === undefined ? '' : `; profile: ${formatCounts(summary.profile)}`;
  return `${formatCounts(summary)}${profile}`;
}

function resultTable(results: readonly RequirementResult[]): string {
  const rows = results.map((result) => [
    result.id,
    result.level,
    result.era === undefined ? '-' : eraLabel(result.era),
    result.status,
    result.message,
  ]);
  return formatTable(['ID', 'LEVEL', 'ERA', 'STATUS', 'MESSAGE'], rows, '  ');
}

/** `name [era 2026-07-28]`, or the bare name of a driver target. */
export function targetHeading(target: TargetReport): string {
  return target.era === undefined
    ? target.target
    : `${target.target} [era ${eraLabel(target.era)}]`;
}

function mustSkipLines(label: string, counts: ResultCounts): string[] {
  if (counts.mustSkipped === 0) return [`${label}: 0`];
  return [
    `${label}: ${counts.mustSkipped} (not passed; why:)`,
    ...counts.mustSkipReasons.map((entry) => `  ${entry.count} × ${entry.reason}`),
  ];
}

/**
 * The lines that close every report: how many MUST checks were skipped, and each reason with
 * its count, so a skip never reads as a pass; the profile's MUST skips follow apart when any of
 * its checks ran.
 */
export function formatMustSkips(summary: ReportSummary): string {
  return [
    ...mustSkipLines('MUST checks skipped', summary),
    ...(summary.profile === undefined
      ? []
      : mustSkipLines('profile MUST checks skipped', summary.profile)),
  ].join('\n');
}

/** The whole report as text, ending with a newline. */
export function formatTextReport(report: ConformanceReport): string {
  const sections = report.targets.map((target) => {
    const heading = `${targetHeading(target)} (specs: ${target.specs.join(', ') || 'none'})`;
    if (target.note !== undefined) return `${heading}\n  ${target.note}`;
    const profile = target.results.filter((result) => result.profile !== undefined);
    return [
      heading,
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
  const count = new Set(report.targets.map((target) => target.target)).size;
  const targets = count === 1 ? '1 target' : `${count} targets`;
  return `${[
    ...sections,
    `Summary: ${targets}, ${formatSummary(report.summary)}\n${formatMustSkips(report.summary)}`,
  ].join('\n\n')}\n`;
}
