/**
 * The `x-conformance` command, separate from the process so tests can drive it.
 *
 * @module
 */

import { writeFile } from 'node:fs/promises';
import { ConformanceError, describeError } from '../errors.js';
import { formatCatalogJson, formatCatalogText } from '../report/catalog.js';
import { formatJsonReport } from '../report/json.js';
import { formatJunitReport } from '../report/junit.js';
import type { ConformanceReport } from '../report/report.js';
import { formatSummary, formatTextReport } from '../report/text.js';
import { runConformance } from '../runner/run-conformance.js';
import { specCatalog } from '../specs/index.js';
import { selectReferenceTargets } from '../targets.js';
import { parseCliArguments, type ReportFormat, USAGE } from './arguments.js';

/** Where the command writes. */
export interface CliIo {
  /** Receives the report (or the catalog, or the usage text). */
  writeStdout(text: string): void;
  /** Receives errors, and progress when `progress` is true. */
  writeStderr(text: string): void;
  /** Print one line per finished check on stderr (the CLI sets it when stderr is a TTY). */
  readonly progress: boolean;
}

/** Exit statuses of the command. */
export const EXIT = { ok: 0, mustFailed: 1, usage: 2 } as const;

function formatReport(report: ConformanceReport, format: ReportFormat): string {
  if (format === 'json') return formatJsonReport(report);
  if (format === 'junit') return formatJunitReport(report);
  return formatTextReport(report);
}

/**
 * Runs the command for `argv` and returns the exit status: 0 when no MUST fails, 1 when one
 * does, 2 on a usage error or a target that cannot be started.
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
    const report = await runConformance({
      ...(command.target === undefined ? {} : { targets: [command.target] }),
      ...(command.driver === undefined ? {} : { targets: [command.driver] }),
      ...(command.targetNames === undefined
        ? {}
        : { targets: selectReferenceTargets(command.targetNames) }),
      ...(command.specs === undefined ? {} : { specs: command.specs }),
      ...(command.timeoutMs === undefined ? {} : { timeoutMs: command.timeoutMs }),
      ...(io.progress
        ? {
            onProgress: (event) =>
              io.writeStderr(
                `x-conformance: ${event.target}: ${event.requirement} ${event.status}\n`,
              ),
          }
        : {}),
    });
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
      io.writeStdout(`Summary: ${formatSummary(report.summary)} (report in ${command.output})\n`);
    }
    return report.summary.mustFailed > 0 ? EXIT.mustFailed : EXIT.ok;
  } catch (error) {
    io.writeStderr(`x-conformance: ${describeError(error)}\n`);
    if (ConformanceError.isInstance(error) && error.code === 'USAGE') {
      io.writeStderr('Run x-conformance --help for usage.\n');
    }
    return EXIT.usage;
  }
}
