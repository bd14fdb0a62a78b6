/**
 * The `x-official-conformance` command, separate from the process so tests can drive it.
 *
 * @module
 */

import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { type ProgressStream, startProgress } from '@x/core/progress';
import { InteropError } from '../errors.js';
import { PACKAGE_ROOT, REPOSITORY_ROOT } from '../paths.js';
import { parseBaseline } from './baseline.js';
import { compareWithBaseline, type TargetResults } from './compare.js';
import { formatOfficialReport } from './report.js';
import { extensionScenarios, readCapabilities, requiredScenarios } from './required-scenarios.js';
import { isSpecRevision, SPEC_REVISIONS, type SpecRevision } from './revisions.js';
import { runExtensionScenario, runOfficialSuite } from './run-suite.js';
import { startTarget } from './start-target.js';
import { type OfficialTarget, officialTargets } from './targets.js';
import { ensureOfficialToolchain, type OfficialToolchain } from './toolchain.js';

/** The committed expected-failures baseline. */
export const BASELINE_FILE = join(PACKAGE_ROOT, 'official-suite', 'expected-failures.txt');

/** The help text. */
export const USAGE = `Usage: x-official-conformance [--target NAME]... [--revision REVISION]...

Runs the official MCP conformance suite (@modelcontextprotocol/conformance, on Node 22, both
installed from the npm registry into node_modules/.cache) against each reference app over
Streamable HTTP on 127.0.0.1, once per specification revision (--spec-version), and compares
the outcome with ${relative(REPOSITORY_ROOT, BASELINE_FILE)}.

Targets: ${officialTargets.map((target) => target.name).join(', ')}
Revisions: ${SPEC_REVISIONS.join(', ')}

Exit status: 0 as expected; 1 a new failure, a stale baseline line, or a required scenario in
the baseline; 2 a bad command line, or a tool or app that could not start.
`;

/** Where the command writes. */
export interface OfficialCliIo {
  /** Receives the report. */
  writeStdout(text: string): void;
  /** Receives errors, and a status line when it is a terminal. */
  readonly stderr: ProgressStream;
}

/** Runs the command and returns its exit status. */
export async function runOfficialCli(argv: readonly string[], io: OfficialCliIo): Promise<number> {
  try {
    const selection = parseSelection(argv);
    if (selection === undefined) {
      io.writeStdout(USAGE);
      return 0;
    }
    const { targets, revisions } = selection;
    const total = targets.length * revisions.length;
    const started = Date.now();
    const baseline = parseBaseline(await readFile(BASELINE_FILE, 'utf8'));
    const status = startProgress(
      io.stderr,
      'x-official-conformance: installing Node 22 and the suite',
    );
    const runs: TargetResults[] = [];
    let toolchain: OfficialToolchain;
    try {
      toolchain = await ensureOfficialToolchain();
      for (const target of targets) {
        for (const revision of revisions) {
          status.update(
            `x-official-conformance: ${target.name} at ${revision} (${runs.length + 1}/${total})`,
          );
          runs.push(await checkTarget(target, revision, toolchain));
        }
      }
    } finally {
      status.finish(`x-official-conformance: ran ${runs.length} of ${total} runs`);
    }
    const comparison = compareWithBaseline(
      runs,
      baseline,
      officialTargets.map((target) => target.name),
    );
    io.writeStdout(
      formatOfficialReport(runs, comparison, {
        suiteVersion: toolchain.suiteVersion,
        nodeVersion: toolchain.nodeVersion,
        baselineFile: relative(REPOSITORY_ROOT, BASELINE_FILE),
        elapsedMs: Date.now() - started,
      }),
    );
    return comparison.problems.length === 0 ? 0 : 1;
  } catch (error) {
    io.stderr.write(
      `x-official-conformance: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    if (error instanceof InteropError && error.code === 'BASELINE_INVALID') return 1;
    return 2;
  }
}

/** What to run. */
interface Selection {
  readonly targets: readonly OfficialTarget[];
  readonly revisions: readonly SpecRevision[];
}

/**
 * The targets named by `--target` and the revisions named by `--revision` (all of either
 * without it), or `undefined` for `--help`.
 */
function parseSelection(argv: readonly string[]): Selection | undefined {
  let values: { target?: string[]; revision?: string[]; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        target: { type: 'string', multiple: true },
        revision: { type: 'string', multiple: true },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new InteropError({ code: 'USAGE', message: (error as Error).message });
  }
  if (values.help === true) return undefined;
  const names = officialTargets.map((target) => target.name);
  const unknownTargets = (values.target ?? []).filter((name) => !names.includes(name));
  if (unknownTargets.length > 0) {
    throw new InteropError({
      code: 'USAGE',
      message: `unknown --target ${unknownTargets.join(', ')} (known: ${names.join(', ')})`,
    });
  }
  const unknownRevisions = (values.revision ?? []).filter((name) => !isSpecRevision(name));
  if (unknownRevisions.length > 0) {
    throw new InteropError({
      code: 'USAGE',
      message: `unknown --revision ${unknownRevisions.join(', ')} (known: ${SPEC_REVISIONS.join(', ')})`,
    });
  }
  return {
    targets:
      values.target === undefined
        ? officialTargets
        : officialTargets.filter((target) => values.target?.includes(target.name)),
    revisions:
      values.revision === undefined
        ? SPEC_REVISIONS
        : SPEC_REVISIONS.filter((revision) => values.revision?.includes(revision)),
  };
}

/**
 * Starts `target`, runs the suite at `revision` against it (then the scenarios of each
 * extension it declares), and stops it (a fresh app per run).
 */
async function checkTarget(
  target: OfficialTarget,
  revision: SpecRevision,
  toolchain: OfficialToolchain,
): Promise<TargetResults> {
  const started = await startTarget(target);
  try {
    const capabilities = await readCapabilities(started.url, revision);
    const required = requiredScenarios(capabilities, revision);
    const results = await runOfficialSuite(toolchain, started.url, revision);
    for (const scenario of extensionScenarios(capabilities)) {
      results.push(await runExtensionScenario(toolchain, started.url, revision, scenario));
    }
    return { target: target.name, revision, required, results };
  } finally {
    await started.stop();
  }
}
