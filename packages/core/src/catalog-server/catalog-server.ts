/**
 * An MCP server that serves a tool catalog with its real schemas and deterministic handlers.
 *
 * @module
 */

import { createRequire } from 'node:module';
import type { Tool } from '@modelcontextprotocol/server';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { CoreError } from '../errors.js';
import { createArgumentValidator } from './argument-validator.js';
import { CatalogBehaviourSchema, MAX_DELAY_MS, MAX_LARGE_SIZE } from './behaviour.js';
import { type CallToolContext, type CatalogCallEvent, callCatalogTool } from './call-tool.js';
import type { Catalog } from './catalog.js';
import { assignToolNames, DuplicateNamePolicySchema, type NamedCatalogTool } from './tool-names.js';
import { listToolsPage } from './tools-page.js';

const packageJson = createRequire(import.meta.url)('../../package.json') as { version: string };

/** Default `pageSize`: small enough that clients must follow cursors on real catalogs. */
export const DEFAULT_PAGE_SIZE = 100;
/** Default `size` of a `large` answer, in characters. */
export const DEFAULT_LARGE_SIZE = 100_000;
/** Default `delayMs` of a `slow` call. */
export const DEFAULT_DELAY_MS = 1_000;

/** Options of {@link createCatalogServer}; unknown keys are rejected. */
export const CatalogServerOptionsSchema = z.strictObject({
  /** Tools per `tools/list` page (default {@link DEFAULT_PAGE_SIZE}); 0 puts all on one page. */
  pageSize: z.int().min(0).optional(),
  /** Name tools `<server>__<name>` (see `assignToolNames`); default false. */
  prefixServer: z.boolean().optional(),
  /** What a repeated tool name does (see `assignToolNames`); default `error`. */
  duplicates: DuplicateNamePolicySchema.optional(),
  /** Serve only the entries of these servers; each must occur in the catalog. */
  servers: z.array(z.string().min(1)).optional(),
  /** What every call does unless it passes `__x_behaviour` (default `echo`). */
  behaviour: CatalogBehaviourSchema.optional(),
  /** Milliseconds every call waits before anything else (default 0). */
  latencyMs: z.int().min(0).max(MAX_DELAY_MS).optional(),
  /** Milliseconds a `slow` call waits unless it passes `__x_delay_ms` (default {@link DEFAULT_DELAY_MS}). */
  delayMs: z.int().min(0).max(MAX_DELAY_MS).optional(),
  /** Characters of a `large` answer unless the call passes `__x_size` (default {@link DEFAULT_LARGE_SIZE}). */
  size: z.int().min(0).max(MAX_LARGE_SIZE).optional(),
  /** `serverInfo.name` (default `x-catalog-server`). */
  name: z.string().min(1).optional(),
  /** `serverInfo.version` (default this package's version). */
  version: z.string().min(1).optional(),
  /** What the `crash` behaviour does (the bin exits); without it `crash` is a JSON-RPC error. */
  onCrash: z.custom<() => void>((value) => typeof value === 'function').optional(),
  /** Told about every finished `tools/call`: tool, behaviour and outcome. */
  onCall: z
    .custom<(event: CatalogCallEvent) => void>((value) => typeof value === 'function')
    .optional(),
});

/** Options of {@link createCatalogServer}; see {@link CatalogServerOptionsSchema}. */
export type CatalogServerOptions = z.input<typeof CatalogServerOptionsSchema>;

function parseOptions(options: CatalogServerOptions) {
  const result = CatalogServerOptionsSchema.safeParse(options);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? '' : ` ${issue.path.join('.')}`;
  throw new CoreError({
    code: 'INVALID_ARGUMENT',
    message: `invalid catalog server option${where}: ${issue?.message ?? 'invalid'}`,
    data: { issues: result.error.issues.map(({ path, message }) => ({ path, message })) },
  });
}

function selectServers(catalog: Catalog, servers: readonly string[] | undefined): Catalog {
  if (servers === undefined) return catalog;
  const known = new Set(catalog.map((entry) => entry.server));
  const unknown = servers.filter((server) => !known.has(server));
  if (unknown.length > 0) {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `no catalog entry belongs to server(s) ${unknown.map((server) => JSON.stringify(server)).join(', ')}`,
      data: { unknown },
    });
  }
  const wanted = new Set(servers);
  return catalog.filter((entry) => entry.server !== undefined && wanted.has(entry.server));
}

function toListedTool({ name, entry }: NamedCatalogTool): Tool {
  // The schema object is the catalog's own, so tools/list serializes it byte for byte.
  return entry.description === undefined
    ? { name, inputSchema: entry.inputSchema }
    : { name, description: entry.description, inputSchema: entry.inputSchema };
}

/**
 * Prepares a catalog once and returns a function that builds one server per MCP session.
 *
 * Naming, the tool list and the compiled-schema cache are shared by every server it builds,
 * so a new HTTP session costs almost nothing. The returned function fits `ServerFactory` of
 * `@x/core/serve` (it ignores the caller context).
 *
 * @throws CoreError `INVALID_ARGUMENT` for bad options, `CONFIG_INVALID` for duplicate names.
 */
export function createCatalogServerFactory(
  catalog: Catalog,
  options: CatalogServerOptions = {},
): () => McpServer {
  const settings = parseOptions(options);
  const named = assignToolNames(selectServers(catalog, settings.servers), {
    prefixServer: settings.prefixServer ?? false,
    duplicates: settings.duplicates ?? 'error',
  });
  const listed = named.map(toListedTool);
  const pageSize = settings.pageSize ?? DEFAULT_PAGE_SIZE;
  const context: CallToolContext = {
    tools: new Map(named.map((tool) => [tool.name, tool])),
    validator: createArgumentValidator(),
    behaviour: settings.behaviour ?? 'echo',
    latencyMs: settings.latencyMs ?? 0,
    delayMs: settings.delayMs ?? DEFAULT_DELAY_MS,
    size: settings.size ?? DEFAULT_LARGE_SIZE,
    onCrash: settings.onCrash,
    onCall: settings.onCall,
  };
  const serverInfo = {
    name: settings.name ?? 'x-catalog-server',
    version: settings.version ?? packageJson.version,
  };
  return () => {
    // Raw handlers on the low-level server: McpServer.registerTool wants zod shapes and would
    // rewrite the catalog's JSON Schemas. The capability is declared here, not in McpServer's
    // options, which would install McpServer's own tool handlers. Do not register tools
    // through McpServer on top of these.
    const server = new McpServer(serverInfo);
    server.server.registerCapabilities({ tools: {} });
    server.server.setRequestHandler('tools/list', (request) =>
      listToolsPage(listed, pageSize, request.params?.cursor),
    );
    server.server.setRequestHandler('tools/call', (request, ctx) =>
      callCatalogTool(context, request.params, ctx.mcpReq.signal),
    );
    return server;
  };
}

/**
 * Builds an MCP server that lists `catalog`'s tools with their schemas and answers calls.
 *
 * `tools/list` serves each entry's `inputSchema` object as loaded (byte-faithful JSON), pages
 * of `pageSize`. `tools/call` validates the arguments with ajv against that schema and echoes
 * them (`{tool, arguments}` as sorted-key JSON text, and as `structuredContent`), unless a
 * behaviour says otherwise. Invalid arguments give an `isError` result, an unknown tool a
 * JSON-RPC -32602 error. For one server per session, use {@link createCatalogServerFactory}.
 *
 * @throws CoreError `INVALID_ARGUMENT` for bad options, `CONFIG_INVALID` for duplicate names.
 */
export function createCatalogServer(
  catalog: Catalog,
  options: CatalogServerOptions = {},
): McpServer {
  return createCatalogServerFactory(catalog, options)();
}
