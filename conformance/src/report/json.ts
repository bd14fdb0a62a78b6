/**
 * The machine-readable report (`--format json`).
 *
 * @module
 */

import type { ConformanceReport } from './report.js';

/**
 * The report as JSON, ending with a newline. The shape is a contract other tools rely on:
 * `{summary: {passed, failed, skipped, mustFailed, mustSkipped, mustSkipReasons: [{reason,
 * count}]}, targets: [{target, era, note?, specs, results: [{id, era, spec, section, level,
 * status, message}]}]}` and nothing else; `era` is `modern`, `legacy`, or `null` for a driver.
 */
export function formatJsonReport(report: ConformanceReport): string {
  const plain = {
    summary: {
      passed: report.summary.passed,
      failed: report.summary.failed,
      skipped: report.summary.skipped,
      mustFailed: report.summary.mustFailed,
      mustSkipped: report.summary.mustSkipped,
      mustSkipReasons: report.summary.mustSkipReasons.map((entry) => ({ ...entry })),
    },
    targets: report.targets.map((target) => ({
      target: target.target,
      era: target.era ?? null,
      ...(target.note === undefined ? {} : { note: target.note }),
      specs: [...target.specs],
      results: target.results.map((result) => ({
        id: result.id,
        era: result.era ?? null,
        spec: result.spec,
        section: result.section,
        level: result.level,
        status: result.status,
        message: result.message,
      })),
    })),
  };
  return `${JSON.stringify(plain, null, 2)}\n`;
}
