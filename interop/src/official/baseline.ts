/**
 * The expected-failures baseline: one line per scenario (or single check of a scenario)
 * expected to fail, on one target or on every target (`*`), at one specification revision or
 * at both (`*`), with the reason.
 *
 * ```
 * # scenario[:check]                                  target  revision    reason
 * tools-call-simple-text                              *       *           fixture-only: calls test_simple_text
 * server-stateless:sep-2575-server-no-log-without-loglevel  *  2026-07-28  fixture-only: needs test_logging_tool
 * ```
 *
 * A scenario line expects the whole scenario to fail; a check line expects one check of it
 * (by the id the suite saves in `checks.json`) to fail, and the scenario then counts as passed
 * when every check that failed is listed. Hand-written rather than YAML: the suite's own
 * baseline format (YAML lists of scenario names) has no per-target or per-check entries and no
 * reasons, and four fields per line need no library.
 *
 * @module
 */

import { InteropError } from '../errors.js';
import { isSpecRevision, type SpecRevision } from './revisions.js';

/** One expected failure. */
export interface BaselineEntry {
  /** The scenario name, e.g. `tools-call-simple-text`. */
  readonly scenario: string;
  /** One check id of the scenario, or `undefined` for the whole scenario. */
  readonly check?: string;
  /** A target name, or `*` for every target. */
  readonly target: string;
  /** A revision, or `*` for every revision. */
  readonly revision: SpecRevision | typeof ALL;
  /** Why it is expected to fail (one line). */
  readonly reason: string;
}

/** A {@link BaselineEntry} with the line it was read from (1-based). */
export interface LocatedBaselineEntry extends BaselineEntry {
  /** The line number in the file. */
  readonly line: number;
}

/** Every target, or every revision. */
export const ALL = '*';

const NAME = /^[a-z0-9][a-z0-9-]*$/;
const ENTRY = /^(\S+)[ \t]+(\S+)[ \t]+(\S+)[ \t]+(\S.*)$/;

/** Whether `entry` applies to `target` at `revision`. */
export function appliesTo(entry: BaselineEntry, target: string, revision: SpecRevision): boolean {
  return (
    (entry.target === ALL || entry.target === target) &&
    (entry.revision === ALL || entry.revision === revision)
  );
}

/** `scenario` or `scenario:check`, as written in the file. */
export function entryLabel(entry: Pick<BaselineEntry, 'scenario' | 'check'>): string {
  return entry.check === undefined ? entry.scenario : `${entry.scenario}:${entry.check}`;
}

/**
 * Parses a baseline. Blank lines and lines starting with `#` are skipped.
 *
 * Round trip: `parseBaseline(formatBaseline(entries))` gives `entries` back (with line numbers)
 * for any valid entries.
 *
 * @throws InteropError `BASELINE_INVALID` listing every bad line: a missing field, a name
 * outside `[a-z0-9-]`, an unknown revision, or a scenario (or check) listed twice for one
 * target and revision (directly, through `*`, or as a check of a scenario listed whole).
 */
export function parseBaseline(text: string): LocatedBaselineEntry[] {
  const entries: LocatedBaselineEntry[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (content === '' || content.startsWith('#')) return;
    const [, label, target, revision, reason] = ENTRY.exec(content) ?? [];
    if (label === undefined || target === undefined || revision === undefined || !reason) {
      problems.push(
        `line ${line}: expected "<scenario>[:<check>] <target|*> <revision|*> <reason>"`,
      );
      return;
    }
    const [scenario = '', check, ...extra] = label.split(':');
    if (!NAME.test(scenario)) problems.push(`line ${line}: bad scenario name "${scenario}"`);
    else if (extra.length > 0 || (check !== undefined && !NAME.test(check))) {
      problems.push(`line ${line}: bad check id in "${label}"`);
    } else if (target !== ALL && !NAME.test(target)) {
      problems.push(`line ${line}: bad target name "${target}"`);
    } else if (revision !== ALL && !isSpecRevision(revision)) {
      problems.push(`line ${line}: unknown revision "${revision}"`);
    } else {
      entries.push({
        scenario,
        ...(check === undefined ? {} : { check }),
        target,
        revision,
        reason: reason.trim(),
        line,
      });
    }
  });
  problems.push(...findOverlaps(entries));
  if (problems.length > 0) {
    throw new InteropError({
      code: 'BASELINE_INVALID',
      message: `invalid expected-failures baseline:\n${problems.join('\n')}`,
    });
  }
  return entries;
}

const overlap = (left: string, right: string) => left === right || left === ALL || right === ALL;

/** Each entry that repeats an earlier one for some target and revision. */
function findOverlaps(entries: readonly LocatedBaselineEntry[]): string[] {
  const problems: string[] = [];
  entries.forEach((entry, index) => {
    const earlier = entries
      .slice(0, index)
      .find(
        (other) =>
          other.scenario === entry.scenario &&
          (other.check === undefined || entry.check === undefined || other.check === entry.check) &&
          overlap(other.target, entry.target) &&
          overlap(other.revision, entry.revision),
      );
    if (earlier !== undefined) {
      problems.push(
        `line ${entry.line}: ${entryLabel(entry)} on ${entry.target} at ${entry.revision} is already expected on line ${earlier.line}`,
      );
    }
  });
  return problems;
}

/** Writes entries as aligned lines, in the order given, with a header comment. */
export function formatBaseline(entries: readonly BaselineEntry[]): string {
  const labelWidth = Math.max(
    '# scenario[:check]'.length,
    ...entries.map((entry) => entryLabel(entry).length),
  );
  const targetWidth = Math.max('target'.length, ...entries.map((entry) => entry.target.length));
  const revisionWidth = Math.max(
    'revision'.length,
    ...entries.map((entry) => entry.revision.length),
  );
  const row = (label: string, target: string, revision: string, reason: string) =>
    `${label.padEnd(labelWidth)} ${target.padEnd(targetWidth)} ${revision.padEnd(revisionWidth)} ${reason}`;
  return [
    row('# scenario[:check]', 'target', 'revision', 'reason'),
    ...entries.map((entry) => row(entryLabel(entry), entry.target, entry.revision, entry.reason)),
    '',
  ].join('\n');
}
