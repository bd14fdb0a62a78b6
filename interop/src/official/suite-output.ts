/**
 * Reads what the official suite printed (its summary) and saved (`-o DIR`: one
 * `server-<scenario>-<timestamp>/checks.json` per scenario).
 *
 * @module
 */

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One failed check of a scenario, as saved by the suite. */
export interface FailedCheck {
  /** The check's id, e.g. `sep-2575-server-implements-discover` (ids may repeat in a scenario). */
  readonly id: string;
  /** `<name>: <error message>` for the report. */
  readonly message: string;
}

/** The outcome of one scenario on one server. */
export interface ScenarioResult {
  /** The scenario name, e.g. `tools-list`. */
  readonly scenario: string;
  /** True when the suite marked it ✓ (no failed check; warnings do not fail a scenario). */
  readonly passed: boolean;
  /** The failed checks (empty when it passed). */
  readonly failures: readonly FailedCheck[];
}

const SUMMARY_LINE = /^([✓✗]) ([a-z0-9][a-z0-9-]*): \d+ passed, \d+ failed(?:, \d+ warnings?)?$/;

/**
 * The scenarios of the suite's `=== SUMMARY ===`, in its order: `✓ name: 1 passed, 0 failed`.
 * Returns `undefined` when the output holds no summary (the suite crashed).
 */
export function parseSummary(stdout: string): { scenario: string; passed: boolean }[] | undefined {
  const start = stdout.lastIndexOf('=== SUMMARY ===');
  if (start === -1) return undefined;
  const results: { scenario: string; passed: boolean }[] = [];
  for (const line of stdout.slice(start).split('\n')) {
    const match = SUMMARY_LINE.exec(line.trim());
    if (match?.[2] !== undefined) results.push({ scenario: match[2], passed: match[1] === '✓' });
  }
  return results;
}

const RESULT_FOLDER = /^server-([a-z0-9][a-z0-9-]*)-(\d{4}-\d{2}-\d{2}T[0-9-]+Z)$/;

interface SavedCheck {
  id?: unknown;
  status?: unknown;
  name?: unknown;
  errorMessage?: unknown;
  description?: unknown;
}

/**
 * The failed checks saved in `directory`, by scenario. A scenario saved twice keeps its latest
 * folder (timestamps sort as text).
 */
export async function readFailedChecks(directory: string): Promise<Map<string, FailedCheck[]>> {
  const latest = new Map<string, string>();
  for (const entry of (await readdir(directory)).sort()) {
    const match = RESULT_FOLDER.exec(entry);
    if (match?.[1] !== undefined) latest.set(match[1], entry);
  }
  const failed = new Map<string, FailedCheck[]>();
  for (const [scenario, folder] of latest) {
    const text = await readFile(join(directory, folder, 'checks.json'), 'utf8').catch(() => '[]');
    const checks = JSON.parse(text) as SavedCheck[];
    failed.set(
      scenario,
      checks
        .filter((check) => check.status === 'FAILURE')
        .map((check) => ({
          id: String(check.id),
          message: `${String(check.name)}: ${String(check.errorMessage ?? check.description)}`,
        })),
    );
  }
  return failed;
}

/** Stands in for the checks of a failed scenario whose `checks.json` is missing or empty. */
export const NO_DETAILS: FailedCheck = { id: 'no-details', message: 'no details saved' };

/** The summary's outcomes with the saved failed checks of each failed scenario. */
export function mergeResults(
  summary: readonly { scenario: string; passed: boolean }[],
  failed: ReadonlyMap<string, readonly FailedCheck[]>,
): ScenarioResult[] {
  return summary.map(({ scenario, passed }) => {
    const saved = failed.get(scenario) ?? [];
    return {
      scenario,
      passed,
      failures: passed ? [] : saved.length > 0 ? [...saved] : [NO_DETAILS],
    };
  });
}
