/**
 * Parses the command line of `x-conformance`.
 *
 * @module
 */

import { parseArgs } from 'node:util';
import { type ProbeCall, ProbeCallSchema, resolveDriverModule } from '../driver/driver-module.js';
import { createDriverTarget, type DriverTargetDefinition } from '../driver/driver-target.js';
import { ERA_CHOICES, type EraChoice } from '../era/era.js';
import { ConformanceError, describeError } from '../errors.js';
import { parseCashFlags } from '../specs/cash/settings.js';
import { parseGatewayFlags } from '../specs/gateway/flags.js';
import { PD_SETTINGS_KEY, pdSettingsFromFlags } from '../specs/progressive-disclosure/settings.js';
import { createCommandLineTarget, createTarget, type TargetDefinition } from '../target.js';

/** The report formats. */
export type ReportFormat = 'text' | 'json' | 'junit';

const FORMATS: readonly ReportFormat[] = ['text', 'json', 'junit'];

/** What the command line asks for. */
export type CliCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'list'; readonly format: ReportFormat }
  | { readonly kind: 'list-targets'; readonly format: ReportFormat }
  | { readonly kind: 'coverage'; readonly format: ReportFormat }
  | {
      readonly kind: 'run';
      /** The server given on the command line; with no driver either, every reference target. */
      readonly target: TargetDefinition | undefined;
      /** The driver module given on the command line (`--driver`). */
      readonly driver: DriverTargetDefinition | undefined;
      /** Reference targets chosen by name (`--target`); undefined means all of them. */
      readonly targetNames: readonly string[] | undefined;
      readonly specs: readonly string[] | undefined;
      /** The profiles asked for (`--profile`; `none` gives `[]`); undefined means the default. */
      readonly profiles: readonly string[] | undefined;
      readonly format: ReportFormat;
      readonly output: string | undefined;
      readonly timeoutMs: number | undefined;
      /** The protocol era(s) to check servers in (`--era`, default `auto`). */
      readonly era: EraChoice;
    };

/** The usage text of `--help`. */
export const USAGE = `Usage:
  x-conformance [target] [--spec NAME]... [--era auto|modern|legacy|both]
                [--profile NAME]... [--format text|json|junit] [--output FILE] [--timeout MS]
  x-conformance --list [--format text|json]
  x-conformance --list-targets [--format text|json]
  x-conformance --coverage [--format text|json]

Targets (default: every reference target of the repository):
  --server "<command line>"   a stdio server, run as sh -c 'exec <command line>'
  --url <url>                 a Streamable HTTP endpoint, e.g. http://127.0.0.1:3000/mcp
  --header "Name: value"      an HTTP header for --url (repeatable)
  --target NAME               a reference target by name (repeatable), e.g. --target memory;
                              a hyphen matches a space (--target x-pd-demo is "x-pd demo")
  --cash-large "NS.FN [JSON]" cash: a call of --server/--url whose response exceeds the gate
                              threshold, with optional kwargs, e.g. "orders.list {}"
  --cash-upstreams a,b,c      cash: the upstream labels of an aggregator given as --server/--url
  --cash-probe-upstreams a,b  cash: labels under which that aggregator runs the conformance probe
                              upstream (x-conformance-probe-upstream), one process each
  --cash-skill-probe-upstreams a
                              cash: labels under which that aggregator runs the probe's CaSH
                              face (x-conformance-probe-upstream --cash), whose skill it must list
  --gateway-tool ID           gateway: a tool of the gateway or proxy given as --server/--url,
                              e.g. everything:echo (the three --gateway flags go together)
  --gateway-large-args JSON   gateway: arguments of that tool whose result is large enough for
                              the context firewall to store it
  --gateway-invalid-args JSON gateway: arguments that break that tool's input schema
  --pd-caller "Name: value"   progressive-disclosure: a header that makes one more distinct
                              caller of --url, one that has read no description yet (repeatable,
                              three in all; a 2026-07-28 server keys grants by caller)
  --pd-restricted-caller "Name: value"
                              progressive-disclosure: a header of a caller whose authorization
                              shows it fewer tools than --header's
  --gateway-probe-upstreams a,b
                              gateway: namespaces under which that gateway or proxy runs the
                              conformance probe upstream (x-conformance-probe-upstream); alone,
                              it also gives the three flags above (the first probe's echo)
  --driver MODULE             an MCS driver module (a path, or a package specifier): its
                              createDriver(options) or default export (see the README)
  --driver-options JSON       the options object passed to the module's factory
  --probe-call JSON           a call the driver may execute, {"name", "arguments",
                              "resultContains"?, "resultMatches"?} (repeatable; default:
                              the module's probeCalls export)

Options:
  --spec NAME       check only this spec (repeatable; default: the specs the target implements)
  --era ERA         the protocol era to check servers in: auto (default; server/discover, else
                    the 2025 initialize handshake), modern (2026-07-28), legacy (2025), or both
                    (every era the target serves, each reported apart)
  --profile NAME    also run this profile's checks, this project's own choices beyond the specs
                    (x-profile; repeatable; "none" for the specs alone). Default: x-profile for
                    the reference targets, none for --server, --url and --driver
  --format FORMAT   text (default), json or junit
  --output FILE     write the report to FILE instead of stdout
  --timeout MS      time limit of each check (default 10000)
  --list            print the requirement catalog
  --list-targets    print the reference targets and the specs each implements
  --coverage        print how the catalog covers each spec's statements (text is Markdown)
  --help            print this text

Every report ends with how many MUST checks were skipped and why: a skip is not a pass.

Exit status: 0 when no MUST fails, 1 when a MUST fails (a profile's too, when it ran), 2 on
usage errors or when a target cannot be started.`;

function usageError(message: string): ConformanceError {
  return new ConformanceError({ code: 'USAGE', message });
}

function parseHeader(text: string, flag = 'header'): [string, string] {
  const colon = text.indexOf(':');
  const name = colon < 0 ? '' : text.slice(0, colon).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
    throw usageError(`--${flag} must look like "Name: value", got "${text}"`);
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

function parseProbeCall(text: string): ProbeCall {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw usageError(`--probe-call is not JSON: ${text}`);
  }
  const parsed = ProbeCallSchema.safeParse(value);
  if (!parsed.success) throw usageError(`--probe-call is invalid: ${describeError(parsed.error)}`);
  return parsed.data;
}

function parseDriverTarget(
  module: string,
  optionsText: string | undefined,
  probeCallTexts: readonly string[] | undefined,
): DriverTargetDefinition {
  if (module.trim() === '') throw usageError('--driver needs a module');
  let options: unknown;
  if (optionsText !== undefined) {
    try {
      options = JSON.parse(optionsText) as unknown;
    } catch {
      throw usageError(`--driver-options is not JSON: ${optionsText}`);
    }
  }
  let url: string;
  try {
    url = resolveDriverModule(module, process.cwd());
  } catch (error) {
    throw usageError(`--driver ${module} cannot be resolved: ${describeError(error)}`);
  }
  return createDriverTarget({
    name: module,
    module: url,
    ...(options === undefined ? {} : { options }),
    ...(probeCallTexts === undefined ? {} : { probeCalls: probeCallTexts.map(parseProbeCall) }),
  });
}

function parseFormat(text: string | undefined): ReportFormat {
  if (text === undefined) return 'text';
  const format = FORMATS.find((candidate) => candidate === text);
  if (format === undefined)
    throw usageError(`--format must be one of ${FORMATS.join(', ')}, got "${text}"`);
  return format;
}

function parseEra(text: string | undefined): EraChoice {
  if (text === undefined) return 'auto';
  const era = ERA_CHOICES.find((candidate) => candidate === text);
  if (era === undefined)
    throw usageError(`--era must be one of ${ERA_CHOICES.join(', ')}, got "${text}"`);
  return era;
}

function parseTimeout(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value <= 0) {
    throw usageError(`--timeout must be a positive number of milliseconds, got "${text}"`);
  }
  return value;
}

function parseProfiles(names: readonly string[] | undefined): readonly string[] | undefined {
  if (names === undefined) return undefined;
  if (names.includes('none')) {
    if (names.length > 1) throw usageError('--profile none cannot be combined with a profile');
    return [];
  }
  return names;
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
  if (values.coverage === true) {
    if (format === 'junit') throw usageError('--coverage prints text or json');
    return { kind: 'coverage', format };
  }
  if (values['list-targets'] === true) {
    if (format === 'junit') throw usageError('--list-targets prints text or json');
    return { kind: 'list-targets', format };
  }
  const given = (['server', 'url', 'driver', 'target'] as const).filter(
    (flag) => values[flag] !== undefined,
  );
  if (given.length > 1) {
    throw usageError(`give either --${given[0]} or --${given[1]}, not both`);
  }
  if (values.header !== undefined && values.url === undefined)
    throw usageError('--header needs --url');
  if (
    (values['driver-options'] !== undefined || values['probe-call'] !== undefined) &&
    values.driver === undefined
  ) {
    throw usageError(
      `--${values['driver-options'] === undefined ? 'probe-call' : 'driver-options'} needs --driver`,
    );
  }
  let target: TargetDefinition | undefined;
  if (values.server !== undefined) {
    if (values.server.trim() === '') throw usageError('--server needs a command line');
    target = createCommandLineTarget(values.server);
  } else if (values.url !== undefined) {
    const url = parseUrl(values.url);
    const headers = Object.fromEntries((values.header ?? []).map((text) => parseHeader(text)));
    target = createTarget(url, { kind: 'http', url, headers });
  }
  const cash = parseCashFlags(
    values['cash-large'],
    values['cash-upstreams'],
    values['cash-probe-upstreams'],
    values['cash-skill-probe-upstreams'],
  );
  if (cash !== undefined) {
    if (target === undefined) throw usageError('the --cash flags need a target');
    target = { ...target, settings: { ...target.settings, cash } };
  }
  const gateway = parseGatewayFlags({
    tool: values['gateway-tool'],
    largeArgs: values['gateway-large-args'],
    invalidArgs: values['gateway-invalid-args'],
    probeUpstreams: values['gateway-probe-upstreams'],
  });
  if (gateway !== undefined) {
    if (target === undefined) throw usageError('the --gateway flags need --server or --url');
    target = { ...target, settings: { ...target.settings, gateway } };
  }
  const pd = pdSettingsFromFlags(
    values['pd-caller']?.map((text) => parseHeader(text, 'pd-caller')),
    values['pd-restricted-caller'] === undefined
      ? undefined
      : parseHeader(values['pd-restricted-caller'], 'pd-restricted-caller'),
  );
  if (pd !== undefined) {
    if (target === undefined || values.url === undefined)
      throw usageError('--pd-caller and --pd-restricted-caller need --url');
    target = { ...target, settings: { ...target.settings, [PD_SETTINGS_KEY]: pd } };
  }
  const driver =
    values.driver === undefined
      ? undefined
      : parseDriverTarget(values.driver, values['driver-options'], values['probe-call']);
  return {
    kind: 'run',
    target,
    driver,
    targetNames: values.target,
    specs: values.spec,
    profiles: parseProfiles(values.profile),
    format,
    output: values.output,
    timeoutMs: parseTimeout(values.timeout),
    era: parseEra(values.era),
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
      target: { type: 'string', multiple: true },
      header: { type: 'string', multiple: true },
      'cash-large': { type: 'string' },
      'cash-upstreams': { type: 'string' },
      'cash-probe-upstreams': { type: 'string' },
      'cash-skill-probe-upstreams': { type: 'string' },
      'gateway-tool': { type: 'string' },
      'gateway-large-args': { type: 'string' },
      'gateway-invalid-args': { type: 'string' },
      'pd-caller': { type: 'string', multiple: true },
      'pd-restricted-caller': { type: 'string' },
      'gateway-probe-upstreams': { type: 'string' },
      era: { type: 'string' },
      driver: { type: 'string' },
      'driver-options': { type: 'string' },
      'probe-call': { type: 'string', multiple: true },
      spec: { type: 'string', multiple: true },
      profile: { type: 'string', multiple: true },
      format: { type: 'string' },
      output: { type: 'string' },
      timeout: { type: 'string' },
      list: { type: 'boolean' },
      'list-targets': { type: 'boolean' },
      coverage: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
