import type {
  CallToolRequest,
  CallToolResult,
  ListResourcesRequest,
  ListResourcesResult,
  ListResourceTemplatesRequest,
  ListResourceTemplatesResult,
  ReadResourceRequest,
  ReadResourceResult,
  Server,
  ServerContext,
  Tool,
} from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { resourceDescription } from './guidance.js';
import { recordListingSavings } from './listing-savings.js';
import type { AccessContext, DisclosureRuntime } from './options.js';
import { MAX_TOOL_NAME_LENGTH } from './options.js';
import { answerDescriptionRead } from './read-descriptions.js';
import {
  parseToolDescriptionsUri,
  TOOL_DESCRIPTIONS_RESOURCE_NAME,
  TOOL_DESCRIPTIONS_URI,
  TOOL_DESCRIPTIONS_URI_TEMPLATE,
} from './resource-uri.js';
import { toMinimalTool } from './stage-one.js';
import { toolDescriptionRequired, type WireError } from './wire-errors.js';

/** What a request handler receives besides the request. */
export type HandlerExtra = ServerContext;

/** The MCP error code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

/** The tools behind a disclosure layer: a wrapped server's own handlers, or upstreams. */
export interface ToolSource {
  /** Every tool with its full description and complete schema, over all pages. */
  listTools(extra: HandlerExtra): Promise<Tool[]>;
  /** Runs a call of a listed tool. */
  callTool(request: CallToolRequest, extra: HandlerExtra): Promise<CallToolResult>;
}

/** The server's own resource handlers, answered next to the `tool_descriptions` resource. */
export interface InnerResourceHandlers {
  list?: (request: ListResourcesRequest, extra: HandlerExtra) => Promise<ListResourcesResult>;
  templates?: (
    request: ListResourceTemplatesRequest,
    extra: HandlerExtra,
  ) => Promise<ListResourceTemplatesResult>;
  read?: (request: ReadResourceRequest, extra: HandlerExtra) => Promise<ReadResourceResult>;
}

/** The caller a server instance serves, as far as this layer needs to know. */
export interface SessionBinding {
  /**
   * The caller scope the description-read limit counts under (`CallerContext.scope`): one stdio
   * connection, one 2025-era session without a token, or one principal (all its sessions and
   * 2026-07-28 requests), or the shared anonymous scope.
   */
  readonly scopeKey: string;
  /** The key grants are kept under, per session (see `grantKeyOf`). */
  readonly grantKey: string;
  /** The protocol era of the instance: a `modern` instance lives for one request only. */
  readonly era: 'legacy' | 'modern';
  /** The caller's role, for the authorization hook. */
  readonly role: string | undefined;
  /** Every grant key seen, so closing the server can forget their grants. */
  readonly seenKeys: Set<string>;
}

/** How `tools/list` may be narrowed per request (the tools stay callable). */
export interface DisclosureListing {
  /**
   * For one request, which tool names `tools/list` leaves out (`undefined`: none), e.g. tools
   * scoped to groups for a client that declared the groups extension.
   */
  hidden?: (extra: HandlerExtra) => ((name: string) => boolean) | undefined;
}

/** What {@link installDisclosure} gives back. */
export interface InstalledDisclosure {
  /** The tools as `tools/list` shows them to the caller of `extra` (stage 1), before `hidden`. */
  stageOneTools(extra: HandlerExtra): Promise<Tool[]>;
}

/** A `tools/call` answer carrying a wire error as its text (the exact JSON of §6). */
function wireErrorResult(error: WireError): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(error) }], isError: true };
}

/**
 * Installs the handlers of `tools/list`, `tools/call`, `resources/list`,
 * `resources/templates/list` and `resources/read` on `server`, replacing any there, and declares
 * the `tools` and `resources` capabilities. Call before `connect`.
 *
 * A tool that the authorization hook refuses, or that does not exist, answers a call with a
 * JSON-RPC `-32602` error "Tool 'x' not found", the same for both, so nothing leaks. A listed tool
 * not yet granted in the session answers with the `TOOL_DESCRIPTION_REQUIRED` payload as an
 * `isError` result, which a model reads. A hook that throws counts as a refusal.
 */
export function installDisclosure(
  server: Server,
  runtime: DisclosureRuntime,
  source: ToolSource,
  inner: InnerResourceHandlers,
  binding: SessionBinding,
  listing: DisclosureListing = {},
): InstalledDisclosure {
  const grantKeyOf = (_extra: HandlerExtra): string => {
    binding.seenKeys.add(binding.grantKey);
    return binding.grantKey;
  };
  const accessOf = (extra: HandlerExtra): AccessContext => ({
    sessionId: extra.sessionId,
    role: binding.role,
    authInfo: extra.http?.authInfo,
  });

  async function visibleTools(extra: HandlerExtra): Promise<Tool[]> {
    const tools = await source.listTools(extra);
    const authorize = runtime.authorize;
    if (authorize === undefined) return tools;
    const access = accessOf(extra);
    const verdicts = await Promise.all(
      tools.map(async (tool) => {
        try {
          return (await authorize(tool, access)) === true;
        } catch {
          return false;
        }
      }),
    );
    return tools.filter((_, index) => verdicts[index] === true);
  }

  function stageOneDescription(tool: Tool): string {
    const override = runtime.override(tool.name);
    if (override?.summary !== undefined) return runtime.summarize(override.summary, true);
    return runtime.summarize(override?.description ?? tool.description ?? '');
  }

  function descriptor(tools: Tool[]) {
    return {
      name: TOOL_DESCRIPTIONS_RESOURCE_NAME,
      title: 'Tool descriptions (read before calling a tool)',
      description: resourceDescription(tools.slice(0, 2).map((tool) => tool.name)),
      mimeType: 'application/json',
    };
  }

  server.registerCapabilities({ tools: { listChanged: true }, resources: {} });

  function stageOneOf(tools: readonly Tool[]): Tool[] {
    return tools.map((tool) =>
      toMinimalTool(tool, stageOneDescription(tool), runtime.schemaStyle, runtime.keepClientHints),
    );
  }

  async function stageOneTools(extra: HandlerExtra): Promise<Tool[]> {
    return stageOneOf(await visibleTools(extra));
  }

  server.setRequestHandler('tools/list', async (request, ctx) => {
    if (request.params?.cursor !== undefined) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'Invalid cursor: every tool is on the first page',
      );
    }
    const hidden = listing.hidden?.(ctx);
    const all = await visibleTools(ctx);
    const tools = hidden === undefined ? all : all.filter((tool) => !hidden(tool.name));
    const minimal = stageOneOf(tools);
    recordListingSavings(tools, minimal);
    return { tools: minimal };
  });

  server.setRequestHandler('tools/call', async (request, ctx) => {
    const name = request.params.name;
    const tool = (await visibleTools(ctx)).find((candidate) => candidate.name === name);
    if (tool === undefined)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool '${name}' not found`);
    if (!(await runtime.grants.use(grantKeyOf(ctx), name))) {
      return wireErrorResult(toolDescriptionRequired(name));
    }
    return source.callTool(request, ctx);
  });

  server.setRequestHandler('resources/list', async (request, ctx) => {
    const own = inner.list === undefined ? { resources: [] } : await inner.list(request, ctx);
    if (request.params?.cursor !== undefined) return own;
    const ours = { uri: TOOL_DESCRIPTIONS_URI, ...descriptor(await visibleTools(ctx)) };
    return { ...own, resources: [ours, ...own.resources] };
  });

  server.setRequestHandler('resources/templates/list', async (request, ctx) => {
    const own =
      inner.templates === undefined
        ? { resourceTemplates: [] }
        : await inner.templates(request, ctx);
    if (request.params?.cursor !== undefined) return own;
    const ours = {
      uriTemplate: TOOL_DESCRIPTIONS_URI_TEMPLATE,
      ...descriptor(await visibleTools(ctx)),
    };
    return { ...own, resourceTemplates: [ours, ...own.resourceTemplates] };
  });

  server.setRequestHandler('resources/read', async (request, ctx) => {
    const uri = request.params.uri;
    const selection = parseToolDescriptionsUri(uri, {
      maxTools: runtime.maxToolsPerRead,
      maxNameLength: MAX_TOOL_NAME_LENGTH,
    });
    if (selection.kind === 'other') {
      if (inner.read !== undefined) return inner.read(request, ctx);
      throw new ProtocolError(RESOURCE_NOT_FOUND, `Resource ${uri} not found`, { uri });
    }
    const keys = { limit: binding.scopeKey, grant: grantKeyOf(ctx) };
    const body = await answerDescriptionRead(selection, runtime, keys, () => visibleTools(ctx));
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(body) }] };
  });
  return { stageOneTools };
}
