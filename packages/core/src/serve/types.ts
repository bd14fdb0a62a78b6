/**
 * The shapes shared by the stdio and Streamable HTTP entry points.
 *
 * @module
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable, Writable } from 'node:stream';
import type { McpServer } from '@modelcontextprotocol/server';
import type { SessionStore } from '../sessions/index.js';

/** Who is on the other end of one MCP session. */
export interface SessionContext {
  /** The HTTP session id (`mcp-session-id`); `undefined` over stdio. */
  sessionId: string | undefined;
  /** The role mapped from the caller's bearer token; `undefined` when no tokens are configured. */
  role: string | undefined;
  /** The transport the session runs on. */
  transport: 'stdio' | 'http';
}

/**
 * Builds one McpServer per MCP session (stdio: exactly one; HTTP: one per session id).
 *
 * Each call must return a new server with its own state: sessions never share a server.
 */
export type ServerFactory = (context: SessionContext) => McpServer | Promise<McpServer>;

/** A server started by `serveStdio` or `serveHttp`. */
export interface RunningServer {
  /** Closes every session and releases what the server holds; idempotent (later calls return the first call's promise). */
  close(): Promise<void>;
}

/** A server started by `serveHttp`. */
export interface RunningHttpServer extends RunningServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`, with the port actually bound. */
  url: URL;
  /** The host the server is bound to (IPv6 without brackets). */
  host: string;
  /** The port actually bound (the ephemeral one when `port` was 0). */
  port: number;
  /** How many MCP sessions are open. */
  sessionCount(): number;
}

/** Answers one extra GET route of `serveHttp`. */
export type HttpRouteHandler = (
  request: IncomingMessage,
  response: ServerResponse,
) => void | Promise<void>;

/**
 * An extra GET route: a bare handler is public (Host and Origin are still checked, bearer
 * tokens are not); `{ handler, requireAuth: true }` also demands a configured bearer token.
 */
export type HttpRoute = HttpRouteHandler | HttpRouteWithAuth;

/** An extra GET route with an explicit bearer-token requirement. */
export interface HttpRouteWithAuth {
  /** Answers the request. */
  handler: HttpRouteHandler;
  /** When true, the route demands a configured bearer token like the MCP endpoint does. */
  requireAuth: boolean;
}

/** Options of `serveHttp`. */
export interface HttpServeOptions {
  /** The interface to bind (default `'127.0.0.1'`); IPv6 without brackets. */
  host?: string;
  /** The port to bind; 0 picks an ephemeral one (see {@link RunningHttpServer.port}). */
  port: number;
  /** The MCP endpoint path (default `'/mcp'`). */
  path?: string;
  /**
   * Bearer token to role. When set, every MCP request needs `Authorization: Bearer <token>`
   * with one of these tokens (401 otherwise), and a session only answers the token that
   * opened it (403 otherwise). Tokens follow the `readTokensFile` rules.
   */
  tokens?: Record<string, string>;
  /**
   * Extra `Host` values accepted besides the bound host, `localhost`, `127.0.0.1` and `[::1]`
   * with the bound port. An entry with a port (`'mcp.example:8443'`) matches exactly; one without
   * (`'mcp.example'`) matches that name on any port, as behind a reverse proxy.
   */
  allowedHosts?: string[];
  /**
   * `Origin` values accepted besides loopback origins (`http(s)://localhost|127.0.0.1|[::1]` on
   * any port). A request without `Origin` (a non-browser client) is accepted.
   */
  allowedOrigins?: string[];
  /** Extra GET routes by exact path, e.g. `'/.well-known/cash-mcp.yaml'`; public unless marked (see {@link HttpRoute}). */
  routes?: Record<string, HttpRoute>;
  /** The largest request body accepted, in bytes (default 4 MiB); larger ones get 413. */
  maxBodyBytes?: number;
  /**
   * The deepest nesting of objects and arrays accepted in a request body (default 64); deeper
   * bodies get 400 with JSON-RPC code -32600 before they are parsed.
   */
  maxJsonDepth?: number;
  /**
   * The most MCP sessions this instance holds open at once (default 10 000). At the bound an
   * `initialize`, or a request that would rebuild a stored session, gets 503 with `Retry-After`
   * (a load balancer can try another instance).
   */
  maxSessions?: number;
  /** Closes a session after this many milliseconds without any request in progress. */
  sessionIdleMs?: number;
  /**
   * Records every MCP session in this store (usually Redis, shared by several instances behind
   * one address) so that any instance can serve any request of the session: an instance that
   * does not hold the session rebuilds it from the record (a new server from `factory`, with the
   * stored role, initialized with the session's own `initialize` parameters). A session closed
   * on one instance by idle expiry or shutdown lives on in the store; a DELETE ends it
   * everywhere. When the store cannot be reached, requests get 503.
   */
  sessionStore?: SessionStore;
  /** How long a stored session lives after its last request, in milliseconds (default 1 hour). */
  sessionStoreTtlMs?: number;
  /**
   * Called once for every session that closes on this instance, with why: `deleted` (the
   * client's DELETE: the session has ended), `idle` (`sessionIdleMs`), `shutdown` (`close()`),
   * or `expired` (the shared store no longer has it: deleted on another instance or timed out).
   * With a shared store only `deleted` means the session is over for every instance.
   */
  onSessionClosed?: (sessionId: string, reason: HttpSessionCloseReason) => void;
  /** Called with unexpected errors (a factory or route handler that throws, a server socket error, a session store failure); never with bad requests. */
  onError?: (error: unknown) => void;
}

/** Why a session closed on one instance; see {@link HttpServeOptions.onSessionClosed}. */
export type HttpSessionCloseReason = 'deleted' | 'idle' | 'shutdown' | 'expired';

/** Options of `serveStdio`. */
export interface StdioServeOptions {
  /** Where messages come from (default `process.stdin`); its end closes the server. */
  stdin?: Readable;
  /** Where messages go (default `process.stdout`). */
  stdout?: Writable;
  /** The role passed to the factory, e.g. from a command-line flag (default `undefined`). */
  role?: string;
  /** Called once when the server has closed, whether by `close()` or by the end of `stdin`. */
  onClosed?: () => void;
}
