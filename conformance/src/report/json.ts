/**
 * The machine-readable report (`--format json`).
 *
 * @module
 */

import type { ConformanceReport } from './report.js';

/**
 * The report as JSON, ending with a newline. The shape is a contract other tools rely on:
 * `{summary: {passed, failed, skipped, mustFailed}, targets: [{target, specs, results: [{id,
 * spec, section, level, status, message}]}]}` and nothing else.
 */
export function formatJsonReport(report: ConformanceReport): string {
  const plain = {
    summary: {
      passed: report.summary.passed,
      failed: report.summary.failed,
      skipped: report.summary.skipped,
      mustFailed: report.summary.mustFailed,
    },
    targets: report.targets.map((target) => ({
      target: target.target,
      specs: [...target.specs],
      results: target.results.map((result) => ({
        id: result.id,
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
