/**
 * Parses the command line of `x-mcs`.
 *
 * @module
 */

import { type CommandLineValues, parseCommandLine, UsageError } from '@x/core/cli';
import { NATIVE_TOOL_FORMATS, type NativeToolFormat } from '@x/mcs';
import { type DriverOptions, DriverOptionsSchema } from './driver-options.js';

/** A command-line mistake; the CLI prints it with a pointer to `--help` and exits 2. */
export { UsageError } from '@x/core/cli';

/** The usage text of `x-mcs --help`. */
export const USAGE = `Usage:
  x-mcs describe DRIVER [--model NAME] [--format FORMAT | --native FORMAT]
  x-mcs system-message DRIVER [--model NAME] [--format FORMAT]
  x-mcs exec DRIVER [--detailed] < model-output.txt
  x-mcs serve-demo [--port N] [--api-key KEY]

DRIVER, one of:
  --openapi FILE|URL        a REST API from its OpenAPI 3.x or Swagger 2 document
  --mcp "<command line>"    an MCP server over stdio, run as sh -c 'exec <command line>'
  --mcp-url URL             an MCP server over Streamable HTTP
  --cash "<command line>"|URL
                            a CaSH server (call, help, skill): over stdio, run like --mcp,
                            or over Streamable HTTP when the value is an http(s):// URL

Driver options:
  --base-url URL            REST: where requests go (default: the document's server)
  --header "Name: value"    REST requests, or MCP / CaSH HTTP requests (repeatable)
  --bearer TOKEN            REST: send Authorization: Bearer TOKEN
  --timeout MS              per request (REST) or per tool call (MCP, CaSH)
  --format FORMAT           the description: REST openapi (default), functions, condensed;
                            MCP and CaSH mcp (default), functions, condensed
  --style STYLE             inline (default: every schema in the prompt) or schema-only (one
                            line per function and function_details, answered by the driver)
  --strict                  REST: refuse a document that needs a workaround (printed as a
                            warning otherwise: an invalid document, a foreign regex, a
                            schema that does not compile)
  --include-tag TAG, --exclude-tag TAG, --include-path GLOB, --exclude-path GLOB,
  --include-method METHOD, --exclude-method METHOD
                            REST: the operations offered (repeatable; in a path glob * is
                            one segment, ** any number)

Commands:
  describe          print the function description (mcs §3.1); --native openai, anthropic
                    or gemini prints the tool definitions of that API instead, --native auto
                    the one of --model's family
  system-message    print the system message for --model (mcs §3.2)
  exec              read a model's output on stdin, execute its call(s), print the raw
                    result as JSON (mcs §3.3); a text without a call is printed unchanged;
                    --detailed prints {status, calls, result | issues, retryPrompt} instead
  serve-demo        serve the demo bookshop (/v1, document at /openapi.yaml) and the Swagger
                    Petstore (/v2) on 127.0.0.1 until interrupted; --api-key locks them

Exit status: 0 done; 1 the model's call was invalid or failed (the retry prompt for the
model is printed on stdout); 2 usage error, or the driver could not be built.`;

/** What the command line asks for. */
export type CliCommand =
  | { readonly kind: 'help' }
  | {
      readonly kind: 'describe' | 'system-message';
      readonly driver: DriverOptions;
      readonly model: string | undefined;
      /** `describe --native`: a native tool format, or `auto` for the model's family. */
      readonly native?: NativeToolFormat | 'auto';
    }
  | { readonly kind: 'exec'; readonly driver: DriverOptions; readonly detailed: boolean }
  | { readonly kind: 'serve-demo'; readonly port: number; readonly apiKey: string | undefined };

const COMMANDS = ['describe', 'system-message', 'exec', 'serve-demo'] as const;

const OPTIONS = {
  openapi: { type: 'string' },
  mcp: { type: 'string' },
  'mcp-url': { type: 'string' },
  cash: { type: 'string' },
  'base-url': { type: 'string' },
  header: { type: 'string', multiple: true },
  bearer: { type: 'string' },
  timeout: { type: 'string' },
  format: { type: 'string' },
  style: { type: 'string' },
  strict: { type: 'boolean' },
  'include-tag': { type: 'string', multiple: true },
  'exclude-tag': { type: 'string', multiple: true },
  'include-path': { type: 'string', multiple: true },
  'exclude-path': { type: 'string', multiple: true },
  'include-method': { type: 'string', multiple: true },
  'exclude-method': { type: 'string', multiple: true },
  native: { type: 'string' },
  model: { type: 'string' },
  detailed: { type: 'boolean' },
  port: { type: 'string' },
  'api-key': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = CommandLineValues<typeof OPTIONS>;

function parseHeader(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon < 0 ? '' : text.slice(0, colon).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
    throw new UsageError(`--header must look like "Name: value", got "${text}"`);
  }
  return [name, text.slice(colon + 1).trim()];
}

function parseInteger(flag: string, text: string, minimum: number, maximum: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < minimum || value > maximum) {
    throw new UsageError(
      `--${flag} must be an integer from ${minimum} to ${maximum}, got "${text}"`,
    );
  }
  return value;
}

function refuse(values: Values, flags: readonly (keyof Values)[], command: string): void {
  const given = flags.filter((flag) => values[flag] !== undefined);
  if (given.length > 0) throw new UsageError(`${command} does not take --${given.join(', --')}`);
}

/** `include` or `exclude` from the `--include-*` or `--exclude-*` flags, when any is given. */
function operationFilter(values: Values, side: 'include' | 'exclude'): Record<string, unknown> {
  const tags = values[`${side}-tag`];
  const paths = values[`${side}-path`];
  const methods = values[`${side}-method`]?.map((method) => method.toUpperCase());
  if (tags === undefined && paths === undefined && methods === undefined) return {};
  return {
    [side]: {
      ...(tags === undefined ? {} : { tags }),
      ...(paths === undefined ? {} : { paths }),
      ...(methods === undefined ? {} : { methods }),
    },
  };
}

function parseNative(text: string | undefined): NativeToolFormat | 'auto' | undefined {
  if (text === undefined) return undefined;
  const known = [...NATIVE_TOOL_FORMATS, 'auto'] as const;
  const format = known.find((candidate) => candidate === text);
  if (format === undefined) {
    throw new UsageError(`--native must be one of ${known.join(', ')}, got "${text}"`);
  }
  return format;
}

function driverOptions(values: Values): DriverOptions {
  const sources = (['openapi', 'mcp', 'mcp-url', 'cash'] as const).filter(
    (flag) => values[flag] !== undefined,
  );
  if (sources.length !== 1) {
    throw new UsageError(
      sources.length === 0
        ? 'give a driver: --openapi FILE|URL, --mcp "<command line>", --mcp-url URL or --cash "<command line>"|URL'
        : `give one driver, not --${sources.join(' and --')}`,
    );
  }
  const input = {
    ...(values.openapi === undefined ? {} : { openapi: values.openapi }),
    ...(values.mcp === undefined ? {} : { mcp: values.mcp }),
    ...(values['mcp-url'] === undefined ? {} : { mcpUrl: values['mcp-url'] }),
    ...(values.cash === undefined ? {} : { cash: values.cash }),
    ...(values['base-url'] === undefined ? {} : { baseUrl: values['base-url'] }),
    ...(values.header === undefined
      ? {}
      : { headers: Object.fromEntries(values.header.map(parseHeader)) }),
    ...(values.bearer === undefined ? {} : { bearer: values.bearer }),
    ...(values.timeout === undefined
      ? {}
      : { timeoutMs: parseInteger('timeout', values.timeout, 1, 600_000) }),
    ...(values.format === undefined ? {} : { format: values.format }),
    ...(values.style === undefined ? {} : { style: values.style }),
    ...(values.strict === undefined ? {} : { strict: values.strict }),
    ...operationFilter(values, 'include'),
    ...operationFilter(values, 'exclude'),
  };
  const parsed = DriverOptionsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const flag = issue?.path[0];
    const names: Record<string, string> = {
      mcpUrl: 'mcp-url',
      baseUrl: 'base-url',
      headers: 'header',
    };
    const where = typeof flag === 'string' ? `--${names[flag] ?? flag}: ` : '';
    throw new UsageError(`${where}${issue?.message ?? 'invalid driver options'}`);
  }
  return parsed.data;
}

/** Turns `argv` (without node and the script) into a command. @throws UsageError */
export function parseCliArguments(argv: readonly string[]): CliCommand {
  const { help, command, rest: extra, values } = parseCommandLine(argv, OPTIONS);
  if (help) return { kind: 'help' };
  if (command === undefined)
    throw new UsageError('give a command: describe, system-message, exec or serve-demo');
  const known = COMMANDS.find((candidate) => candidate === command);
  if (known === undefined) throw new UsageError(`unknown command "${command}"`);
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  if (known === 'serve-demo') {
    refuse(
      values,
      [
        'openapi',
        'mcp',
        'mcp-url',
        'cash',
        'base-url',
        'header',
        'bearer',
        'timeout',
        'format',
        'style',
        'strict',
        'include-tag',
        'exclude-tag',
        'include-path',
        'exclude-path',
        'include-method',
        'exclude-method',
        'native',
        'model',
        'detailed',
      ],
      known,
    );
    return {
      kind: 'serve-demo',
      port: values.port === undefined ? 8080 : parseInteger('port', values.port, 0, 65_535),
      apiKey: values['api-key'],
    };
  }
  refuse(values, ['port', 'api-key'], known);
  if (known === 'exec') {
    refuse(values, ['model', 'native'], known);
    return { kind: 'exec', driver: driverOptions(values), detailed: values.detailed === true };
  }
  refuse(values, ['detailed'], known);
  if (known === 'system-message') refuse(values, ['native'], known);
  const native = parseNative(values.native);
  if (native !== undefined && values.format !== undefined) {
    throw new UsageError('give --format or --native, not both');
  }
  if (native === 'auto' && values.model === undefined) {
    throw new UsageError('--native auto needs --model');
  }
  return {
    kind: known,
    driver: driverOptions(values),
    model: values.model,
    ...(native === undefined ? {} : { native }),
  };
}
