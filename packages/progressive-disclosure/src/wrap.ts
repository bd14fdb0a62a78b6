/**
 * The wrapper: progressive disclosure in front of a server built with the MCP SDK.
 *
 * @module
 */

import { randomUUID } from 'node:crypto';
import { ListToolsResultSchema } from '@modelcontextprotocol/core';
import type {
  CallToolRequest,
  CallToolResult,
  ListToolsResult,
  McpServer,
  Server,
  Tool,
} from '@modelcontextprotocol/server';
import type { CallerContext, ServerFactory } from '@x/core/serve';
import { ProgressiveDisclosureError } from './errors.js';
import { grantKeyOf } from './grant-key.js';
import {
  type CapturedHandler,
  captureRequestHandlers,
  innerResourceHandlers,
} from './handler-capture.js';
import { type HandlerExtra, installDisclosure, type ToolSource } from './handlers.js';
import { createDisclosureRuntime, type ProgressiveDisclosureOptions } from './options.js';

/** The most `tools/list` pages read from a wrapped server before it counts as a runaway cursor. */
const MAX_PAGES = 100;
/** Marks a server that is already wrapped. */
const WRAPPED = Symbol.for('@x/progressive-disclosure.wrapped');

/** Which caller a wrapped server serves; see {@link ProgressiveDisclosure.wrap}. */
export type WrapCaller = Partial<Pick<CallerContext, 'sessionId' | 'role' | 'scope' | 'era'>>;

/** @deprecated use {@link WrapCaller}. */
export type WrapSession = WrapCaller;

/** A progressive-disclosure layer: options, store and caches shared by every session it wraps. */
export interface ProgressiveDisclosure {
  /**
   * Puts progressive disclosure in front of `server` (an `McpServer` or a low-level `Server`)
   * and returns it. Register its tools and resources first, wrap, then connect: the wrapper
   * answers `tools/list`, `tools/call` and the resource methods and delegates to the server's own
   * handlers. `session.role` feeds the authorization hook; grants are keyed by the transport's
   * session id, else by `session.sessionId`, else by an id made for this server.
   *
   * @throws ProgressiveDisclosureError `UNSUPPORTED_SERVER` when the server is connected, has no
   *   tool handlers yet, or is already wrapped.
   */
  wrap<T extends McpServer | Server>(server: T, session?: WrapCaller): T;
  /** A `ServerFactory` that wraps every server `factory` builds, with the session's context. */
  wrapFactory(factory: ServerFactory): ServerFactory;
  /** Drops the grants and rate-limit state of a session now (they also lapse by themselves). */
  forgetSession(sessionKey: string): Promise<void>;
}

function lowLevel(server: McpServer | Server): Server {
  return 'server' in server ? server.server : server;
}

function unsupported(message: string): ProgressiveDisclosureError {
  return new ProgressiveDisclosureError({ code: 'UNSUPPORTED_SERVER', message });
}

/** A {@link ToolSource} over a server's own `tools/list` and `tools/call` handlers. */
function capturedToolSource(list: CapturedHandler, call: CapturedHandler): ToolSource {
  return {
    async listTools(extra: HandlerExtra): Promise<Tool[]> {
      const tools: Tool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const params = cursor === undefined ? {} : { cursor };
        const raw = await list({ method: 'tools/list', params }, extra);
        // Checked, not replaced: parsing rebuilds objects and would reorder schema keys.
        if (!ListToolsResultSchema.safeParse(raw).success) {
          throw new Error("the wrapped server's tools/list answer is not a valid ListToolsResult");
        }
        const result = raw as ListToolsResult;
        tools.push(...result.tools);
        cursor = result.nextCursor;
        if (cursor === undefined) return tools;
      }
      throw new Error(`the wrapped server's tools/list returned more than ${MAX_PAGES} pages`);
    },
    async callTool(request: CallToolRequest, extra: HandlerExtra): Promise<CallToolResult> {
      return (await call(request, extra)) as CallToolResult;
    },
  };
}

/**
 * Creates a progressive-disclosure layer; wrap each session's server with it.
 *
 * @throws ProgressiveDisclosureError `INVALID_OPTIONS` naming the first bad option.
 * @see progressive-disclosure §3, §4, §5
 */
export function createProgressiveDisclosure(
  options: ProgressiveDisclosureOptions = {},
): ProgressiveDisclosure {
  const runtime = createDisclosureRuntime(options);

  function wrap<T extends McpServer | Server>(server: T, session: WrapCaller = {}): T {
    const low = lowLevel(server);
    if ((low as unknown as Record<symbol, unknown>)[WRAPPED] === true) {
      throw unsupported('this server is already wrapped with progressive disclosure');
    }
    if (low.transport !== undefined) {
      throw unsupported('wrap the server before connecting it to a transport');
    }
    const handlers = captureRequestHandlers(low, [
      'tools/list',
      'tools/call',
      'resources/list',
      'resources/templates/list',
      'resources/read',
    ]);
    const list = handlers.get('tools/list');
    const call = handlers.get('tools/call');
    if (list === undefined || call === undefined) {
      throw unsupported('the server has no tools yet: register its tools before wrapping it');
    }
    const scopeKey = session.scope ?? session.sessionId ?? randomUUID();
    const era = session.era ?? 'legacy';
    const binding = {
      scopeKey,
      // Without a scope, the session id (or a key of its own) is the key of everything.
      grantKey:
        session.scope === undefined ? scopeKey : grantKeyOf(scopeKey, session.sessionId, era),
      era,
      role: session.role,
      seenKeys: new Set<string>(),
    };
    installDisclosure(
      low,
      runtime,
      capturedToolSource(list, call),
      innerResourceHandlers(handlers),
      binding,
    );
    Object.defineProperty(low, WRAPPED, { value: true });
    const previousOnClose = low.onclose;
    low.onclose = () => {
      previousOnClose?.();
      // A 2026-07-28 instance serves one request: its close ends nothing of the caller's.
      if (!runtime.forgetOnClose || binding.era === 'modern') return;
      for (const key of binding.seenKeys) void runtime.grants.forget(key).catch(() => {});
    };
    return server;
  }

  return {
    wrap,
    wrapFactory(factory) {
      return async (context) =>
        wrap(await factory(context), {
          sessionId: context.sessionId,
          role: context.role,
          // Without the scope, a 2026-07-28 instance (one request) would key its grants by an
          // id of its own and forget them with the request.
          scope: context.scope,
          era: context.era,
        });
    },
    forgetSession: (sessionKey) => runtime.grants.forget(sessionKey),
  };
}

/**
 * Wraps one server with a layer of its own: the short form of
 * `createProgressiveDisclosure(options).wrap(server)`, for a server that serves one session
 * (stdio). For many sessions, create one layer and wrap each session's server with it.
 *
 * @throws ProgressiveDisclosureError `INVALID_OPTIONS` or `UNSUPPORTED_SERVER`.
 */
export function withProgressiveDisclosure<T extends McpServer | Server>(
  server: T,
  options: ProgressiveDisclosureOptions & { session?: WrapCaller } = {},
): T {
  const { session, ...layerOptions } = options;
  return createProgressiveDisclosure(layerOptions).wrap(server, session);
}
