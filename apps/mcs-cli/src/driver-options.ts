/**
 * Which driver to build, from command-line flags or a conformance run's options, and building
 * it.
 *
 * @module
 */

import type { BaseDriver, DriverWarning } from '@x/mcs';
import { createCashDriver } from '@x/mcs/cash';
import { createMcpDriver, type McpDescriptionFormat, type McpServerEntry } from '@x/mcs/mcp';
import { createOpenApiDriver, OperationFilterSchema } from '@x/mcs/rest';
import { z } from 'zod';
import { startDemoService } from './demo/demo-service.js';

const HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A `cash` value that is a Streamable HTTP endpoint rather than a command line. */
const HTTP_URL_PATTERN = /^https?:\/\//i;

/**
 * The driver to build: exactly one of `openapi` (a REST API from its document, a file path or
 * URL), `mcp` (an MCP server's command line, run as `sh -c 'exec <line>'`), `mcpUrl` (an MCP
 * server over Streamable HTTP), `cash` (a CaSH server: an `http(s)://` URL is its Streamable
 * HTTP endpoint, anything else its command line, run like `mcp`) or `demo` (the demo
 * bookshop, started on 127.0.0.1 for the driver's lifetime).
 *
 * - `baseUrl`, `bearer`: REST only. `headers`: REST requests, or the MCP / CaSH HTTP requests.
 * - `timeoutMs`: per request (REST) or per tool call (MCP, CaSH).
 * - `format`: the description format; REST `openapi` (default), `functions` or `condensed`,
 *   MCP and CaSH `mcp` (default), `functions` or `condensed`.
 * - `style`: the prompt style of mcs §7, `inline` (default) or `schema-only`; every driver.
 * - `strict`, `include`, `exclude`: REST only; refuse a document that needs a workaround,
 *   and choose operations by tag, path glob and method (see `OperationFilterSchema`).
 */
export const DriverOptionsSchema = z
  .strictObject({
    openapi: z.string().min(1).optional(),
    mcp: z.string().trim().min(1).optional(),
    mcpUrl: z.url({ protocol: /^https?$/ }).optional(),
    cash: z
      .string()
      .trim()
      .min(1)
      .refine((value) => !HTTP_URL_PATTERN.test(value) || URL.canParse(value), 'not a valid URL')
      .optional(),
    demo: z.literal(true).optional(),
    baseUrl: z.url({ protocol: /^https?$/ }).optional(),
    headers: z.record(z.string().regex(HEADER_NAME_PATTERN), z.string()).optional(),
    bearer: z.string().min(1).optional(),
    timeoutMs: z.int().min(1).max(600_000).optional(),
    format: z.literal(['openapi', 'functions', 'condensed', 'mcp']).optional(),
    style: z.literal(['inline', 'schema-only']).optional(),
    strict: z.boolean().optional(),
    include: OperationFilterSchema.optional(),
    exclude: OperationFilterSchema.optional(),
  })
  .superRefine((options, context) => {
    const sources = (['openapi', 'mcp', 'mcpUrl', 'cash', 'demo'] as const).filter(
      (key) => options[key] !== undefined,
    );
    if (sources.length !== 1) {
      context.addIssue({
        code: 'custom',
        message: 'give exactly one of openapi, mcp, mcpUrl, cash or demo',
      });
    }
    const rest = options.openapi !== undefined || options.demo === true;
    const restOnly = (['baseUrl', 'bearer', 'strict', 'include', 'exclude'] as const).filter(
      (key) => options[key] !== undefined,
    );
    if (!rest && restOnly.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `${restOnly.join(', ')} ${restOnly.length === 1 ? 'is' : 'are'} for a REST driver`,
      });
    }
    if (rest && options.format === 'mcp') {
      context.addIssue({
        code: 'custom',
        message: 'the mcp format is for an MCP or CaSH driver',
      });
    }
    if (!rest && options.format === 'openapi') {
      context.addIssue({ code: 'custom', message: 'the openapi format is for a REST driver' });
    }
  });

/** Which driver to build, as validated by {@link DriverOptionsSchema}. */
export type DriverOptions = z.infer<typeof DriverOptionsSchema>;

/** A built driver and what ends it (an MCP or CaSH connection, the demo service). */
export interface OpenedDriver {
  /** The driver. */
  readonly driver: BaseDriver;
  /** What the driver worked around to read its document (REST); empty for the others. */
  readonly warnings: readonly DriverWarning[];
  /** Releases what the driver holds; idempotent. */
  close(): Promise<void>;
}

function mcpFormat(format: DriverOptions['format']): McpDescriptionFormat {
  return format === 'functions' || format === 'condensed' ? format : 'mcp';
}

/** The server entry of an MCP or CaSH driver: a command line over stdio, or a URL; else none. */
function bridgeEntry(options: DriverOptions): McpServerEntry | undefined {
  const commandLine =
    options.mcp ?? (HTTP_URL_PATTERN.test(options.cash ?? '') ? undefined : options.cash);
  if (commandLine !== undefined) return { command: 'sh', args: ['-c', `exec ${commandLine}`] };
  const url = options.mcpUrl ?? options.cash;
  if (url === undefined) return undefined;
  return { url, ...(options.headers ? { headers: options.headers } : {}) };
}

/**
 * Builds the driver `options` name.
 *
 * @throws McsError from the driver (`DOCUMENT_INVALID`, `UNAVAILABLE`, `CONFIG_INVALID`, ...).
 */
export async function openDriver(options: DriverOptions): Promise<OpenedDriver> {
  const server = bridgeEntry(options);
  if (server !== undefined) {
    const bridgeOptions = {
      server,
      descriptionFormat: mcpFormat(options.format),
      upstream: { stderr: 'ignore', reconnect: { maxAttempts: 2 } },
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.style === undefined ? {} : { prompts: { style: options.style } }),
    } as const;
    const driver =
      options.cash === undefined
        ? await createMcpDriver(bridgeOptions)
        : await createCashDriver(bridgeOptions);
    return { driver, warnings: [], close: () => driver.close() };
  }
  const demo = options.demo === true ? await startDemoService() : undefined;
  try {
    const driver = await createOpenApiDriver({
      document: demo?.documentUrl ?? (options.openapi as string),
      ...(options.format === undefined || options.format === 'mcp'
        ? {}
        : { descriptionFormat: options.format }),
      ...(demo === undefined ? {} : { healthcheckPath: '/health' }),
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
      ...(options.bearer === undefined ? {} : { auth: { type: 'bearer', token: options.bearer } }),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.style === undefined ? {} : { prompts: { style: options.style } }),
      ...(options.strict === undefined ? {} : { strict: options.strict }),
      ...(options.include === undefined ? {} : { include: options.include }),
      ...(options.exclude === undefined ? {} : { exclude: options.exclude }),
    });
    let closing: Promise<void> | undefined;
    return {
      driver,
      warnings: driver.warnings,
      close: () => (closing ??= demo?.close() ?? Promise.resolve()),
    };
  } catch (error) {
    await demo?.close();
    throw error;
  }
}
