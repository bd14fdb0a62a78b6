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
import { readCapabilities, requiredScenarios } from './required-scenarios.js';
import { runOfficialSuite } from './run-suite.js';
import { startTarget } from './start-target.js';
import { type OfficialTarget, officialTargets } from './targets.js';
import { ensureOfficialToolchain, type OfficialToolchain } from './toolchain.js';

/** The committed expected-failures baseline. */
export const BASELINE_FILE = join(PACKAGE_ROOT, 'official-suite', 'expected-failures.txt');

/** The help text. */
export const USAGE = `Usage: x-official-conformance [--target NAME]...

Runs the official MCP conformance suite (@modelcontextprotocol/conformance, on Node 22, both
installed from the npm registry into node_modules/.cache) against each reference app over
Streamable HTTP on 127.0.0.1, and compares the outcome with ${relative(REPOSITORY_ROOT, BASELINE_FILE)}.

Targets: ${officialTargets.map((target) => target.name).join(', ')}

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
    const targets = selectTargets(argv);
    if (targets === undefined) {
      io.writeStdout(USAGE);
      return 0;
    }
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
      for (const [index, target] of targets.entries()) {
        status.update(`x-official-conformance: ${target.name} (${index + 1}/${targets.length})`);
        runs.push(await checkTarget(target, toolchain));
      }
    } finally {
      status.finish(`x-official-conformance: ran ${runs.length} of ${targets.length} targets`);
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

/** The targets named by `--target` (all without it), or `undefined` for `--help`. */
function selectTargets(argv: readonly string[]): readonly OfficialTarget[] | undefined {
  let values: { target?: string[]; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { target: { type: 'string', multiple: true }, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new InteropError({ code: 'USAGE', message: (error as Error).message });
  }
  if (values.help === true) return undefined;
  if (values.target === undefined) return officialTargets;
  const unknown = values.target.filter(
    (name) => !officialTargets.some((target) => target.name === name),
  );
  if (unknown.length > 0) {
    throw new InteropError({
      code: 'USAGE',
      message: `unknown --target ${unknown.join(', ')} (known: ${officialTargets.map((target) => target.name).join(', ')})`,
    });
  }
  return officialTargets.filter((target) => values.target?.includes(target.name));
}

async function checkTarget(
  target: OfficialTarget,
  toolchain: OfficialToolchain,
): Promise<TargetResults> {
  const started = await startTarget(target);
  try {
    const required = requiredScenarios(await readCapabilities(started.url));
    const results = await runOfficialSuite(toolchain, started.url);
    return { target: target.name, required, results };
  } finally {
    await started.stop();
  }
}
