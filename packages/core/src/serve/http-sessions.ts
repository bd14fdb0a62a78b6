/**
 * The open MCP sessions of one `serveHttp` server: one transport and one McpServer each,
 * routed by session id, closed on DELETE, idle expiry or shutdown.
 *
 * @module
 */

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { HttpErrorCode, sendJsonRpcError } from './http-responses.js';
import type { ServerFactory } from './types.js';

/** One MCP session over HTTP. */
export interface HttpSession {
  /** The `mcp-session-id` of the session. */
  readonly id: string;
  /** Which configured bearer token opened the session (`undefined` without tokens). */
  readonly tokenIndex: number | undefined;
}

/** What {@link createHttpSessionRegistry} needs. */
export interface HttpSessionRegistryOptions {
  /** Builds each session's server. */
  factory: ServerFactory;
  /** Closes a session after this long without a request in progress. */
  sessionIdleMs: number | undefined;
  /** Told about every initialized session that closes, once. */
  onSessionClosed: ((sessionId: string) => void) | undefined;
}

/** The sessions of one HTTP server. */
export interface HttpSessionRegistry {
  /** The initialized session with this id, if any. */
  get(sessionId: string): HttpSession | undefined;
  /** How many sessions are initialized and open. */
  count(): number;
  /**
   * Starts a session from an `initialize` request: builds its server, then lets the SDK
   * transport answer. The session is kept only if the transport initialized it.
   */
  open(
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
    caller: { role: string | undefined; tokenIndex: number | undefined },
  ): Promise<void>;
  /** Hands a request for an open session to its transport (`body` for POST only); 404 if it closed meanwhile. */
  handle(
    session: HttpSession,
    request: IncomingMessage,
    response: ServerResponse,
    body?: unknown,
  ): Promise<void>;
  /** Closes every session, initialized or not; later `open` calls close what they build at once. */
  closeAll(): Promise<void>;
}

interface SessionRecord extends HttpSession {
  readonly server: McpServer;
  readonly transport: StreamableHTTPServerTransport;
  initialized: boolean;
  closed: boolean;
  activeRequests: number;
  idleTimer: NodeJS.Timeout | undefined;
}

/** Creates the session registry of one HTTP server. */
export function createHttpSessionRegistry(
  options: HttpSessionRegistryOptions,
): HttpSessionRegistry {
  /** Initialized sessions, by id. */
  const initialized = new Map<string, SessionRecord>();
  /** Every session not yet closed, initialized or still starting. */
  const live = new Set<SessionRecord>();
  let closingAll = false;

  async function closeSession(record: SessionRecord): Promise<void> {
    if (record.closed) return;
    record.closed = true;
    clearTimeout(record.idleTimer);
    live.delete(record);
    initialized.delete(record.id);
    // Closes the transport too (ending its SSE streams); a transport closed first (DELETE) is a no-op.
    await record.server.close();
    if (record.initialized) options.onSessionClosed?.(record.id);
  }

  function trackRequest(record: SessionRecord, response: ServerResponse): void {
    record.activeRequests += 1;
    clearTimeout(record.idleTimer);
    record.idleTimer = undefined;
    response.once('close', () => {
      record.activeRequests -= 1;
      const idleMs = options.sessionIdleMs;
      if (record.activeRequests > 0 || record.closed || idleMs === undefined) return;
      record.idleTimer = setTimeout(() => void closeSession(record), idleMs);
      record.idleTimer.unref();
    });
  }

  return {
    get: (sessionId) => initialized.get(sessionId),
    count: () => initialized.size,

    async open(request, response, body, caller) {
      const id = randomUUID();
      const server = await options.factory({ sessionId: id, role: caller.role, transport: 'http' });
      const record: SessionRecord = {
        id,
        tokenIndex: caller.tokenIndex,
        server,
        transport: new StreamableHTTPServerTransport({
          sessionIdGenerator: () => id,
          // Runs before the response goes out, so the client's next request finds the session.
          onsessioninitialized: () => {
            record.initialized = true;
            initialized.set(id, record);
          },
        }),
        initialized: false,
        closed: false,
        activeRequests: 0,
        idleTimer: undefined,
      };
      live.add(record);
      try {
        if (closingAll) throw new Error('The HTTP server is shutting down.');
        // Set before connect: the SDK chains its own handler after this one.
        record.transport.onclose = () => void closeSession(record);
        await server.connect(record.transport);
        trackRequest(record, response);
        await record.transport.handleRequest(request, response, body);
      } finally {
        if (!record.initialized) await closeSession(record);
      }
    },

    async handle(session, request, response, body) {
      const record = initialized.get(session.id);
      // The session may have closed while the body was read.
      if (record === undefined) {
        return sendJsonRpcError(
          response,
          404,
          HttpErrorCode.SESSION_NOT_FOUND,
          'Session not found',
        );
      }
      trackRequest(record, response);
      await record.transport.handleRequest(request, response, body);
    },

    async closeAll() {
      closingAll = true;
      await Promise.all([...live].map(closeSession));
    },
  };
}
