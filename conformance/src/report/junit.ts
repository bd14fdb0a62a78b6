/**
 * The JUnit XML report (`--format junit`): one testsuite per target, one testcase per result.
 *
 * @module
 */

import type { ConformanceReport, RequirementResult, TargetReport } from './report.js';
import { formatMustSkips, formatSummary, targetHeading } from './text.js';

/** Characters XML 1.0 cannot carry at all. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the control characters XML 1.0 forbids.
const FORBIDDEN_XML_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** `text` safe inside XML text and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(FORBIDDEN_XML_CHARACTERS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function testcase(target: TargetReport, result: RequirementResult): string {
  const open = `    <testcase classname="${escapeXml(targetHeading(target))}" name="${escapeXml(`${result.id} [${result.level}${result.profile === undefined ? '' : ` ${result.profile}`}]`)}"`;
  const message = escapeXml(result.message);
  const reference = escapeXml(`${result.spec} ${result.section}`);
  if (result.status === 'fail') {
    return `${open}>\n      <failure message="${message}" type="${result.level}">${reference}</failure>\n    </testcase>`;
  }
  if (result.status === 'skip')
    return `${open}>\n      <skipped message="${message}"/>\n    </testcase>`;
  // JUnit knows no "not applicable": a skipped testcase whose message says so.
  if (result.status === 'not-applicable')
    return `${open}>\n      <skipped message="not applicable: ${message}"/>\n    </testcase>`;
  return `${open}>\n      <system-out>${message}</system-out>\n    </testcase>`;
}

/** A suite's counts; `skipped` counts the not-applicable results too, JUnit having no other. */
function counts(results: readonly RequirementResult[]): string {
  const failures = results.filter((result) => result.status === 'fail').length;
  const skipped = results.filter(
    (result) => result.status === 'skip' || result.status === 'not-applicable',
  ).length;
  return `tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}"`;
}

/**
 * The report as JUnit XML, ending with a newline; a closing comment gives the counts (not
 * applicable apart from skipped) and the MUST skips.
 */
export function formatJunitReport(report: ConformanceReport): string {
  const suites = report.targets.map((target) =>
    [
      `  <testsuite name="${escapeXml(targetHeading(target))}" ${counts(target.results)}>`,
      ...target.results.map((result) => testcase(target, result)),
      '  </testsuite>',
    ].join('\n'),
  );
  const all = report.targets.flatMap((target) => target.results);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="x-conformance" ${counts(all)}>`,
    ...suites,
    `<!-- ${escapeXml(`${formatSummary(report.summary)}\n${formatMustSkips(report.summary)}`).replaceAll('--', '- -')} -->`,
    '</testsuites>',
    '',
  ].join('\n');
}
