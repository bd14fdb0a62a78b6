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
