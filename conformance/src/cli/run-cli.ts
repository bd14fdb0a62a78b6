/**
 * The `x-conformance` command, separate from the process so tests can drive it.
 *
 * @module
 */

import { writeFile } from 'node:fs/promises';
import { type Progress, startProgress } from '@x/core/progress';
import { ConformanceError, describeError } from '../errors.js';
import { formatCatalogJson, formatCatalogText } from '../report/catalog.js';
import { formatCoverageJson, formatCoverageMarkdown } from '../report/coverage.js';
import { formatJsonReport } from '../report/json.js';
import { formatJunitReport } from '../report/junit.js';
import type { ConformanceReport } from '../report/report.js';
import { formatTargetList } from '../report/target-list.js';
import { formatMustSkips, formatSummary, formatTextReport } from '../report/text.js';
import { X_PROFILE } from '../requirement.js';
import { type ProgressEvent, runConformance } from '../runner/run-conformance.js';
import { specCatalog } from '../specs/index.js';
import { selectReferenceTargets } from '../targets.js';
import { parseCliArguments, type ReportFormat, USAGE } from './arguments.js';

/** Where the command writes. */
export interface CliIo {
  /** Receives the report (or the catalog, or the usage text). */
  writeStdout(text: string): void;
  /** Receives errors, and progress when `progress` is true. */
  writeStderr(text: string): void;
  /**
   * Show a status line on stderr, redrawn after each check (the CLI sets it when stderr is a
   * TTY); it is cleared before the report is written.
   */
  readonly progress: boolean;
  /** The terminal's width, when known: the status line is cut to fit. */
  readonly columns?: number;
}

/** Exit statuses of the command. */
export const EXIT = { ok: 0, mustFailed: 1, usage: 2 } as const;

function formatReport(report: ConformanceReport, format: ReportFormat): string {
  if (format === 'json') return formatJsonReport(report);
  if (format === 'junit') return formatJunitReport(report);
  return formatTextReport(report);
}

/** The status line of a run: counts finished checks and names the last one. */
interface CheckCounter {
  /** Called after each check. */
  onProgress(event: ProgressEvent): void;
  /** `N checks, F failed`. */
  describe(): string;
}

function createCheckCounter(status: Progress): CheckCounter {
  let checks = 0;
  let failed = 0;
  const describe = () => `${checks} checks, ${failed} failed`;
  return {
    describe,
    onProgress(event) {
      checks += 1;
      if (event.status === 'fail') failed += 1;
      status.update(
        `x-conformance: ${describe()} · ${event.target}: ${event.requirement} ${event.status}`,
      );
    },
  };
}

/**
 * Runs the command for `argv` and returns the exit status: 0 when no MUST fails, 1 when one
 * does (a profile's MUSTs count when the profile ran), 2 on a usage error or a target that cannot be started.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const command = parseCliArguments(argv);
    if (command.kind === 'help') {
      io.writeStdout(`${USAGE}\n`);
      return EXIT.ok;
    }
    if (command.kind === 'list') {
      io.writeStdout(
        command.format === 'json'
          ? formatCatalogJson(specCatalog())
          : formatCatalogText(specCatalog()),
      );
      return EXIT.ok;
    }
    if (command.kind === 'coverage') {
      io.writeStdout(
        command.format === 'json'
          ? formatCoverageJson(specCatalog())
          : formatCoverageMarkdown(specCatalog()),
      );
      return EXIT.ok;
    }
    if (command.kind === 'list-targets') {
      io.writeStdout(formatTargetList(command.format));
      return EXIT.ok;
    }
    const targets =
      command.targetNames === undefined ? undefined : selectReferenceTargets(command.targetNames);
    const status = startProgress(
      {
        isTTY: io.progress,
        ...(io.columns === undefined ? {} : { columns: io.columns }),
        write: io.writeStderr,
      },
      'x-conformance: starting the first target',
    );
    const counter = createCheckCounter(status);
    const report = await runConformance({
      ...(command.target === undefined ? {} : { targets: [command.target] }),
      ...(command.driver === undefined ? {} : { targets: [command.driver] }),
      ...(targets === undefined ? {} : { targets }),
      ...(command.specs === undefined ? {} : { specs: command.specs }),
      // The reference targets are this project's apps: they get its profile unless told otherwise.
      profiles:
        command.profiles ??
        (command.target === undefined && command.driver === undefined ? [X_PROFILE] : []),
      ...(command.timeoutMs === undefined ? {} : { timeoutMs: command.timeoutMs }),
      era: command.era,
      onProgress: (event) => counter.onProgress(event),
    }).finally(() => status.finish(`x-conformance: ${counter.describe()}`));
    const text = formatReport(report, command.format);
    if (command.output === undefined) {
      io.writeStdout(text);
    } else {
      await writeFile(command.output, text).catch((error: unknown) => {
        throw new ConformanceError({
          code: 'USAGE',
          message: `cannot write ${command.output}: ${describeError(error)}`,
        });
      });
      io.writeStdout(
        `Summary: ${formatSummary(report.summary)} (report in ${command.output})\n${formatMustSkips(report.summary)}\n`,
      );
    }
    const profileMustFailed = report.summary.profile?.mustFailed ?? 0;
    return report.summary.mustFailed + profileMustFailed > 0 ? EXIT.mustFailed : EXIT.ok;
  } catch (error) {
    io.writeStderr(`x-conformance: ${describeError(error)}\n`);
    if (ConformanceError.isInstance(error) && error.code === 'USAGE') {
      io.writeStderr('Run x-conformance --help for usage.\n');
    }
    return EXIT.usage;
  }
}
