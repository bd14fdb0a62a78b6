/**
 * The machine-readable report (`--format json`).
 *
 * @module
 */

import type { ConformanceReport } from './report.js';

/**
 * The report as JSON, ending with a newline. The shape is a contract other tools rely on:
 * `{summary: {passed, failed, skipped, notApplicable, mustFailed, mustSkipped, mustSkipReasons:
 * [{reason, count}], profile?: {the same counts}}, targets: [{target, era, note?, specs, results: [{id,
 * era, spec, section, level, profile?, status, message}]}]}` and nothing else (`status` is
 * `pass`, `fail`, `skip` or `not-applicable`); `era` is
 * `modern`, `legacy`, or `null` for a driver. The top-level counts are the specs'; a profile's
 * results carry `profile` and are counted in `summary.profile`.
 */
export function formatJsonReport(report: ConformanceReport): string {
  const plain = {
    summary: {
      passed: report.summary.passed,
      failed: report.summary.failed,
      skipped: report.summary.skipped,
      notApplicable: report.summary.notApplicable,
      mustFailed: report.summary.mustFailed,
      mustSkipped: report.summary.mustSkipped,
      mustSkipReasons: report.summary.mustSkipReasons.map((entry) => ({ ...entry })),
      ...(report.summary.profile === undefined ? {} : { profile: { ...report.summary.profile } }),
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
        ...(result.profile === undefined ? {} : { profile: result.profile }),
        status: result.status,
        message: result.message,
      })),
    })),
  };
  return `${JSON.stringify(plain, null, 2)}\n`;
}
