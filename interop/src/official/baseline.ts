/**
 * The expected-failures baseline: one line per scenario expected to fail, on one target or on
 * every target (`*`), with the reason.
 *
 * ```
 * # scenario              target        reason
 * tools-call-simple-text  *             fixture-only: calls the suite's own test_simple_text tool
 * resources-list          x-gateway-gateway  the gateway declares no resources capability
 * ```
 *
 * Hand-written rather than YAML: the suite's own baseline format (YAML lists of scenario names)
 * has no per-target entries and no reasons, and three fields per line need no library.
 *
 * @module
 */

import { InteropError } from '../errors.js';

/** One expected failure. */
export interface BaselineEntry {
  /** The scenario name, e.g. `tools-call-simple-text`. */
  readonly scenario: string;
  /** A target name, or `*` for every target. */
  readonly target: string;
  /** Why it is expected to fail (one line). */
  readonly reason: string;
}

/** A {@link BaselineEntry} with the line it was read from (1-based). */
export interface LocatedBaselineEntry extends BaselineEntry {
  /** The line number in the file. */
  readonly line: number;
}

/** Every target. */
export const ALL_TARGETS = '*';

const NAME = /^[a-z0-9][a-z0-9-]*$/;
const ENTRY = /^(\S+)[ \t]+(\S+)[ \t]+(\S.*)$/;

/**
 * Parses a baseline. Blank lines and lines starting with `#` are skipped.
 *
 * Round trip: `parseBaseline(formatBaseline(entries))` gives `entries` back (with line numbers)
 * for any valid entries.
 *
 * @throws InteropError `BASELINE_INVALID` listing every bad line: a missing field, a name
 * outside `[a-z0-9-]`, or a scenario listed twice for a target (directly or through `*`).
 */
export function parseBaseline(text: string): LocatedBaselineEntry[] {
  const entries: LocatedBaselineEntry[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (content === '' || content.startsWith('#')) return;
    const match = ENTRY.exec(content);
    const [, scenario, target, reason] = match ?? [];
    if (scenario === undefined || target === undefined || reason === undefined) {
      problems.push(`line ${line}: expected "<scenario> <target|*> <reason>"`);
      return;
    }
    if (!NAME.test(scenario)) problems.push(`line ${line}: bad scenario name "${scenario}"`);
    else if (target !== ALL_TARGETS && !NAME.test(target)) {
      problems.push(`line ${line}: bad target name "${target}"`);
    } else entries.push({ scenario, target, reason: reason.trim(), line });
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

function findOverlaps(entries: readonly LocatedBaselineEntry[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, LocatedBaselineEntry>();
  for (const entry of entries) {
    const keys = [`${entry.scenario} ${entry.target}`];
    if (entry.target !== ALL_TARGETS) keys.push(`${entry.scenario} ${ALL_TARGETS}`);
    const earlier = keys.map((key) => seen.get(key)).find((found) => found !== undefined);
    if (earlier !== undefined) {
      problems.push(
        `line ${entry.line}: ${entry.scenario} on ${entry.target} is already expected on line ${earlier.line}`,
      );
    }
    seen.set(`${entry.scenario} ${entry.target}`, entry);
  }
  // A `*` line after target lines of the same scenario.
  for (const entry of entries) {
    if (entry.target !== ALL_TARGETS) continue;
    const specific = entries.find(
      (other) =>
        other.scenario === entry.scenario &&
        other.target !== ALL_TARGETS &&
        other.line < entry.line,
    );
    if (specific !== undefined) {
      problems.push(
        `line ${entry.line}: ${entry.scenario} on * repeats line ${specific.line} (${specific.target})`,
      );
    }
  }
  return problems;
}

/** Writes entries as aligned lines, in the order given, with a header comment. */
export function formatBaseline(entries: readonly BaselineEntry[]): string {
  const scenarioWidth = Math.max(
    '# scenario'.length,
    ...entries.map((entry) => entry.scenario.length),
  );
  const targetWidth = Math.max('target'.length, ...entries.map((entry) => entry.target.length));
  const row = (scenario: string, target: string, reason: string) =>
    `${scenario.padEnd(scenarioWidth)} ${target.padEnd(targetWidth)} ${reason}`;
  return [
    row('# scenario', 'target', 'reason'),
    ...entries.map((entry) => row(entry.scenario, entry.target, entry.reason)),
    '',
  ].join('\n');
}
