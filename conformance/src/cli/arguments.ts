/**
 * Parses the command line of `x-conformance`.
 *
 * @module
 */

import { parseArgs } from 'node:util';
import { ConformanceError, describeError } from '../errors.js';
import { createCommandLineTarget, createTarget, type TargetDefinition } from '../target.js';

/** The report formats. */
export type ReportFormat = 'text' | 'json' | 'junit';

const FORMATS: readonly ReportFormat[] = ['text', 'json', 'junit'];

/** What the command line asks for. */
export type CliCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'list'; readonly format: ReportFormat }
  | {
      readonly kind: 'run';
      /** The target given on the command line; absent means every reference target. */
      readonly target: TargetDefinition | undefined;
      readonly specs: readonly string[] | undefined;
      readonly format: ReportFormat;
      readonly output: string | undefined;
      readonly timeoutMs: number | undefined;
    };

/** The usage text of `--help`. */
export const USAGE = `Usage:
  x-conformance [target] [--spec NAME]... [--format text|json|junit] [--output FILE] [--timeout MS]
  x-conformance --list [--format text|json]

Targets (default: every reference target of the repository):
  --server "<command line>"   a stdio server, run as sh -c 'exec <command line>'
  --url <url>                 a Streamable HTTP endpoint, e.g. http://127.0.0.1:3000/mcp
  --header "Name: value"      an HTTP header for --url (repeatable)

Options:
  --spec NAME       check only this spec (repeatable; default: the specs the target implements)
  --format FORMAT   text (default), json or junit
  --output FILE     write the report to FILE instead of stdout
  --timeout MS      time limit of each check (default 10000)
  --list            print the requirement catalog
  --help            print this text

Exit status: 0 when no MUST fails, 1 when a MUST fails, 2 on usage errors or when a target
cannot be started.`;

function usageError(message: string): ConformanceError {
  return new ConformanceError({ code: 'USAGE', message });
}

function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon < 0 ? '' : text.slice(0, colon).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
    throw usageError(`--header must look like "Name: value", got "${text}"`);
  }
  return [name, text.slice(colon + 1).trim()];
}

function parseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw usageError(`--url is not a URL: "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(`--url must be http or https, got "${url.protocol}"`);
  }
  return url.href;
}

function parseFormat(text: string | undefined): ReportFormat {
  if (text === undefined) return 'text';
  const format = FORMATS.find((candidate) => candidate === text);
  if (format === undefined)
    throw usageError(`--format must be one of ${FORMATS.join(', ')}, got "${text}"`);
  return format;
}

function parseTimeout(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value <= 0) {
    throw usageError(`--timeout must be a positive number of milliseconds, got "${text}"`);
  }
  return value;
}

/** Turns `argv` (without node and the script) into a command; throws `USAGE` errors. */
export function parseCliArguments(argv: readonly string[]): CliCommand {
  // `pnpm conformance -- --format json` may pass the separator through.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(args).values;
  } catch (error) {
    throw usageError(describeError(error));
  }
  if (values.help === true) return { kind: 'help' };
  const format = parseFormat(values.format);
  if (values.list === true) {
    if (format === 'junit') throw usageError('--list prints text or json');
    return { kind: 'list', format };
  }
  if (values.server !== undefined && values.url !== undefined) {
    throw usageError('give either --server or --url, not both');
  }
  if (values.header !== undefined && values.url === undefined)
    throw usageError('--header needs --url');
  let target: TargetDefinition | undefined;
  if (values.server !== undefined) {
    if (values.server.trim() === '') throw usageError('--server needs a command line');
    target = createCommandLineTarget(values.server);
  } else if (values.url !== undefined) {
    const url = parseUrl(values.url);
    const headers = Object.fromEntries((values.header ?? []).map(parseHeader));
    target = createTarget(url, { kind: 'http', url, headers });
  }
  return {
    kind: 'run',
    target,
    specs: values.spec,
    format,
    output: values.output,
    timeoutMs: parseTimeout(values.timeout),
  };
}

function parse(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      server: { type: 'string' },
      url: { type: 'string' },
      header: { type: 'string', multiple: true },
      spec: { type: 'string', multiple: true },
      format: { type: 'string' },
      output: { type: 'string' },
      timeout: { type: 'string' },
      list: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
