/**
 * Runs the official suite's server scenarios of one specification revision against one URL.
 *
 * @module
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InteropError, tail } from '../errors.js';
import { runCommand } from './process-output.js';
import type { SpecRevision } from './revisions.js';
import {
  mergeResults,
  NO_DETAILS,
  parseSummary,
  readFailedChecks,
  type ScenarioResult,
} from './suite-output.js';
import type { OfficialToolchain } from './toolchain.js';

/**
 * Runs `conformance server --url <url> --suite all --spec-version <revision>` with the
 * toolchain's Node 22 and returns one result per scenario, in the suite's order. The suite
 * speaks `revision` on the wire. `--suite all` because the suite's default (active) set leaves
 * out scenarios still marked pending or draft, among them the 2026-07-28 ones every app must
 * pass (`server-stateless`, `caching`, `http-header-validation`). The suite's exit status is not
 * used: it is 1 whenever a scenario fails, expected or not.
 *
 * @throws InteropError `SUITE_FAILED` when the suite prints no summary.
 */
export async function runOfficialSuite(
  toolchain: OfficialToolchain,
  url: URL,
  revision: SpecRevision,
): Promise<ScenarioResult[]> {
  const output = await mkdtemp(join(tmpdir(), 'x-official-conformance-'));
  try {
    const result = await runCommand(toolchain.nodePath, [
      toolchain.suiteEntry,
      'server',
      '--url',
      url.href,
      '--suite',
      'all',
      '--spec-version',
      revision,
      '--output-dir',
      output,
    ]);
    const summary = parseSummary(result.stdout);
    if (summary === undefined || summary.length === 0) {
      throw new InteropError({
        code: 'SUITE_FAILED',
        message: `the official suite printed no summary (exit ${result.exitCode}):\n${tail(`${result.stdout}\n${result.stderr}`)}`,
      });
    }
    return mergeResults(summary, await readFailedChecks(output));
  } finally {
    await rm(output, { recursive: true, force: true });
  }
}

/**
 * Runs one extension scenario at `revision`: `conformance server --url <url> --scenario
 * <scenario> --spec-version <revision> --force` (`--force` because the suite keeps extension
 * scenarios off the revision timeline). It passes when its saved `checks.json` holds no failed
 * check; a skipped check is not a failure.
 *
 * @throws InteropError `SUITE_FAILED` when the suite saved nothing for the scenario.
 */
export async function runExtensionScenario(
  toolchain: OfficialToolchain,
  url: URL,
  revision: SpecRevision,
  scenario: string,
): Promise<ScenarioResult> {
  const output = await mkdtemp(join(tmpdir(), 'x-official-conformance-'));
  try {
    const result = await runCommand(toolchain.nodePath, [
      toolchain.suiteEntry,
      'server',
      '--url',
      url.href,
      '--scenario',
      scenario,
      '--spec-version',
      revision,
      '--force',
      '--output-dir',
      output,
    ]);
    const failures = (await readFailedChecks(output)).get(scenario);
    if (failures === undefined) {
      throw new InteropError({
        code: 'SUITE_FAILED',
        message: `the official suite saved no checks for ${scenario} (exit ${result.exitCode}):\n${tail(`${result.stdout}\n${result.stderr}`)}`,
      });
    }
    const passed = failures.length === 0 && result.exitCode === 0;
    return {
      scenario,
      passed,
      failures: passed ? [] : failures.length > 0 ? failures : [NO_DETAILS],
    };
  } finally {
    await rm(output, { recursive: true, force: true });
  }
}
