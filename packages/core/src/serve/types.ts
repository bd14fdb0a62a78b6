/**
 * The shapes shared by the stdio and Streamable HTTP entry points.
 *
 * @module
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable, Writable } from 'node:stream';
import type { McpServer } from '@modelcontextprotocol/server';
import type { SessionStore } from '../sessions/index.js';
import type { OAuthResourceOptions } from './oauth/oauth-options.js';
import type { CallTargets } from './oauth/tool-scopes.js';

/**
 * The MCP protocol era a server instance serves: `legacy` for the revisions that open with
 * `initialize` (2024-10-07 to 2025-11-25), `modern` for 2026-07-28, which has no handshake and
 * no session (MCP 2026-07-28, Basic › Lifecycle).
 */
export type ProtocolEra = 'legacy' | 'modern';

/**
 * Who is on the other end of one server instance, and the scope its per-caller state lives in.
 *
 * The `scope` replaces the MCP session as the anchor of state that a spec promises "per
 * session" (grants, seen sets, artifacts, rate-limit windows), because the 2026-07-28 revision
 * has no session: `stdio:<uuid>` for one stdio connection, `principal:<fingerprint>` for an
 * HTTP caller with a bearer token in either era (the token's fingerprint, never the token: all
 * of its 2025 sessions and 2026-07-28 requests share the scope), `session:<id>` for one 2025-era
 * HTTP session without a token, and `anonymous` for every 2026-07-28 HTTP caller without one
 * (they share it: turn on tokens for per-caller guarantees). State of a `session:` scope ends
 * with its session (see `isSessionScope`); the others outlive every instance. Keep state keyed
 * by scope in a `SessionStore` so that any instance behind one address can serve the caller.
 */
export interface CallerContext {
  /** The 2025-era HTTP session id (`mcp-session-id`); `undefined` over stdio and in the modern era. */
  sessionId: string | undefined;
  /**
   * The role mapped from the caller's bearer token (static tokens) or OAuth access token (the
   * `oauth` role mapping); `undefined` when neither is configured or the mapping names none.
   */
  role: string | undefined;
  /** The transport the instance serves. */
  transport: 'stdio' | 'http';
  /** The protocol era of the connection (stdio, 2025 HTTP session) or of the request (2026-07-28 HTTP). */
  era: ProtocolEra;
  /** The caller scope that per-caller state is keyed by (see above). */
  scope: string;
}

/** @deprecated use {@link CallerContext} (renamed: it is the caller scope, not an MCP session). */
export type SessionContext = CallerContext;

/**
 * Builds one McpServer per server instance: stdio, one per connection; 2025-era HTTP, one per
 * session id; 2026-07-28 HTTP, one per request (so keep the factory cheap, build shared things
 * once outside it, and keep per-caller state in a store keyed by `context.scope`).
 *
 * Each call must return a new server with its own state: instances never share a server.
 */
export type ServerFactory = (context: CallerContext) => McpServer | Promise<McpServer>;

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
  /** When true, the route demands a bearer token (static or OAuth) like the MCP endpoint does. */
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
   * The OAuth 2.1 resource server (MCP Authorization; see `OAuthResourceOptionsSchema`): every MCP
   * request needs a bearer access token of `issuer` for the canonical `resource` (401 with a
   * challenge naming the RFC 9728 metadata otherwise, 503 while the issuer's keys cannot be read),
   * the metadata is served at `/.well-known/oauth-protected-resource[/path]`, a token's principal
   * (`iss` and `sub`) is the caller scope and binds 2025 sessions, and `toolScopes` answer a
   * `tools/call` short of scope with 403 `insufficient_scope`. Excludes `tokens`.
   */
  oauth?: OAuthResourceOptions;
  /**
   * The tools a `tools/call` of `name` reaches besides itself (a gateway's `tool_execute` naming
   * its target), so that `oauth.toolScopes` also guard them.
   */
  oauthCallTargets?: CallTargets;
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
   * The largest message sent to a client, in bytes (default 10 MiB, as on stdio): a JSON body
   * whole, or one event of an event stream. A larger result is answered with a JSON-RPC error
   * to the same request (-32603, `data.reason: 'RESULT_TOO_LARGE'`) naming the limit; any other
   * larger message is dropped and reported through `onError`.
   */
  maxMessageBytes?: number | undefined;
  /**
   * The deepest nesting of objects and arrays accepted in a request body (default 64); deeper
   * bodies get 400 with JSON-RPC code -32600 before they are parsed.
   */
  maxJsonDepth?: number;
  /**
   * The most 2025-era MCP sessions this instance holds open at once (default 10 000). A caller
   * that opens one more at the bound gives up its own least recently used idle session; another
   * caller's session is never closed to make room. A caller with no idle session of its own gets
   * 503 with `Retry-After` naming `maxSessions` (for an `initialize`, or a request that would
   * rebuild a stored session), so a load balancer can try another instance.
   */
  maxSessions?: number;
  /**
   * The most 2025-era sessions one caller (one bearer token, or every caller without one) holds
   * open on this instance (default 1 000). A caller at its bound that opens another session
   * closes its own least recently used idle session; when every one of them has a request in
   * progress, the new one is refused with 503 naming `maxSessionsPerCaller`. A flood of
   * `initialize` requests of one caller never closes or locks out another caller's sessions.
   */
  maxSessionsPerCaller?: number;
  /**
   * Closes a 2025-era session after this many milliseconds without any request in progress
   * (default 30 minutes).
   */
  sessionIdleMs?: number;
  /** How long a client may take to send all request headers, in milliseconds (default 10 000). */
  headersTimeoutMs?: number;
  /** How long a client may take to send a whole request, in milliseconds (default 30 000). */
  requestTimeoutMs?: number;
  /**
   * How long an idle kept-alive connection is held open, in milliseconds (default 20 000).
   * Responses advertise a quarter of it (`Keep-Alive: timeout=5` by default) so that clients
   * close first; a connection on which a request has arrived is never closed as idle.
   */
  keepAliveTimeoutMs?: number;
  /** The most TCP connections open at once (default 1 024); further ones are dropped. */
  maxConnections?: number;
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
   * client's DELETE: the session has ended), `idle` (`sessionIdleMs`), `evicted` (closed to make
   * room under `maxSessions` or `maxSessionsPerCaller`), `shutdown` (`close()`),
   * or `expired` (the shared store no longer has it: deleted on another instance or timed out).
   * With a shared store only `deleted` means the session is over for every instance.
   */
  onSessionClosed?: (sessionId: string, reason: HttpSessionCloseReason) => void;
  /**
   * Declares `prompts` and `resources` for a server whose factory declares neither, answering
   * their listings with an empty list and their `get`/`read` with "not found" (default true), so
   * that a client listing every primitive gets results with caching hints instead of -32601. A
   * capability the factory declares is left as it is.
   */
  emptyListings?: boolean;
  /** Called with unexpected errors (a factory or route handler that throws, a server socket error, a session store failure); never with bad requests. */
  onError?: (error: unknown) => void;
  /** Called once for every MCP request answered (for a request log); see {@link AnsweredRequest}. */
  onRequest?: (request: AnsweredRequest) => void;
}

/**
 * One answered MCP request, as `onRequest` hears it: names and the outcome class, never
 * arguments. Names the server did not know (an unknown method or tool) are `other`.
 */
export interface AnsweredRequest {
  /** The JSON-RPC method, `tools/call`. */
  readonly method: string;
  /** The tool of a `tools/call`, else `''`. */
  readonly tool: string;
  /** How it ended: `ok`, `tool_error`, `invalid_params`, ... (see `OutcomeClass` in `@x/core/telemetry`). */
  readonly outcome: string;
  /** Milliseconds from its arrival to its answer. */
  readonly durationMs: number;
  /** The protocol era it was served in. */
  readonly era: ProtocolEra;
  /** The transport it came over. */
  readonly transport: 'stdio' | 'http';
}

/** Why a session closed on one instance; see {@link HttpServeOptions.onSessionClosed}. */
export type HttpSessionCloseReason = 'deleted' | 'idle' | 'evicted' | 'shutdown' | 'expired';

/** Options of `serveStdio`. */
export interface StdioServeOptions {
  /**
   * The largest single message read from stdin or written to stdout, in bytes (default 10 MiB,
   * the bound of the SDK's stdio readers). A larger line on stdin is skipped without being held,
   * answered with a JSON-RPC error (-32600, `data.reason: 'REQUEST_TOO_LARGE'`) when its request
   * id can be read from its ends or else reported on stderr, and serving goes on; a larger result is answered with a JSON-RPC error (-32603, `data.reason: 'RESULT_TOO_LARGE'`)
   * naming the limit, and any other larger outgoing message is dropped and reported.
   */
  maxMessageBytes?: number | undefined;
  /** Where a refused message or transport failure is reported (default: one line on stderr). */
  onError?: (error: Error) => void;
  /** Where messages come from (default `process.stdin`); its end closes the server. */
  stdin?: Readable;
  /** Where messages go (default `process.stdout`). */
  stdout?: Writable;
  /** The role passed to the factory, e.g. from a command-line flag (default `undefined`). */
  role?: string;
  /** Called once when the server has closed, whether by `close()` or by the end of `stdin`. */
  onClosed?: () => void;
  /** Called once for every MCP request answered (for a request log); see {@link AnsweredRequest}. */
  onRequest?: (request: AnsweredRequest) => void;
  /**
   * Declares `prompts` and `resources` for a server whose factory declares neither, answering
   * their listings with an empty list and their `get`/`read` with "not found" (default true), so
   * that a client listing every primitive gets results with caching hints instead of -32601. A
   * capability the factory declares is left as it is.
   */
  emptyListings?: boolean;
}
