/**
 * Which driver to build, from command-line flags or a conformance run's options, and building
 * it.
 *
 * @module
 */

import type { DetailedDriver } from '@x/mcs';
import { createMcpDriver, type McpDescriptionFormat } from '@x/mcs/mcp';
import { createOpenApiDriver } from '@x/mcs/rest';
import { z } from 'zod';
import { startDemoService } from './demo/demo-service.js';

const HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The driver to build: exactly one of `openapi` (a REST API from its document, a file path or
 * URL), `mcp` (an MCP server's command line, run as `sh -c 'exec <line>'`), `mcpUrl` (an MCP
 * server over Streamable HTTP) or `demo` (the demo bookshop, started on 127.0.0.1 for the
 * driver's lifetime).
 *
 * - `baseUrl`, `bearer`: REST only. `headers`: REST requests, or the MCP HTTP requests.
 * - `timeoutMs`: per request (REST) or per tool call (MCP).
 * - `format`: the description format; REST `openapi` (default), `functions` or `condensed`,
 *   MCP `mcp` (default), `functions` or `condensed`.
 */
export const DriverOptionsSchema = z
  .strictObject({
    openapi: z.string().min(1).optional(),
    mcp: z.string().trim().min(1).optional(),
    mcpUrl: z.url({ protocol: /^https?$/ }).optional(),
    demo: z.literal(true).optional(),
    baseUrl: z.url({ protocol: /^https?$/ }).optional(),
    headers: z.record(z.string().regex(HEADER_NAME_PATTERN), z.string()).optional(),
    bearer: z.string().min(1).optional(),
    timeoutMs: z.int().min(1).max(600_000).optional(),
    format: z.literal(['openapi', 'functions', 'condensed', 'mcp']).optional(),
  })
  .superRefine((options, context) => {
    const sources = (['openapi', 'mcp', 'mcpUrl', 'demo'] as const).filter(
      (key) => options[key] !== undefined,
    );
    if (sources.length !== 1) {
      context.addIssue({
        code: 'custom',
        message: 'give exactly one of openapi, mcp, mcpUrl or demo',
      });
    }
    const rest = options.openapi !== undefined || options.demo === true;
    if (!rest && (options.baseUrl !== undefined || options.bearer !== undefined)) {
      context.addIssue({ code: 'custom', message: 'baseUrl and bearer are for a REST driver' });
    }
    if (rest && options.format === 'mcp') {
      context.addIssue({ code: 'custom', message: 'the mcp format is for an MCP driver' });
    }
    if (!rest && options.format === 'openapi') {
      context.addIssue({ code: 'custom', message: 'the openapi format is for a REST driver' });
    }
  });

/** Which driver to build, as validated by {@link DriverOptionsSchema}. */
export type DriverOptions = z.infer<typeof DriverOptionsSchema>;

/** A built driver and what ends it (an MCP connection, the demo service). */
export interface OpenedDriver {
  /** The driver. */
  readonly driver: DetailedDriver;
  /** Releases what the driver holds; idempotent. */
  close(): Promise<void>;
}

function mcpFormat(format: DriverOptions['format']): McpDescriptionFormat {
  return format === 'functions' || format === 'condensed' ? format : 'mcp';
}

/**
 * Builds the driver `options` name.
 *
 * @throws McsError from the driver (`DOCUMENT_INVALID`, `UNAVAILABLE`, `CONFIG_INVALID`, ...).
 */
export async function openDriver(options: DriverOptions): Promise<OpenedDriver> {
  if (options.mcp !== undefined || options.mcpUrl !== undefined) {
    const driver = await createMcpDriver({
      server:
        options.mcp !== undefined
          ? { command: 'sh', args: ['-c', `exec ${options.mcp}`] }
          : {
              url: options.mcpUrl as string,
              ...(options.headers ? { headers: options.headers } : {}),
            },
      descriptionFormat: mcpFormat(options.format),
      upstream: { stderr: 'ignore', reconnect: { maxAttempts: 2 } },
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });
    return { driver, close: () => driver.close() };
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
    });
    let closing: Promise<void> | undefined;
    return { driver, close: () => (closing ??= demo?.close() ?? Promise.resolve()) };
  } catch (error) {
    await demo?.close();
    throw error;
  }
}
