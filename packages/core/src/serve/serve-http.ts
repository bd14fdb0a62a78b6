/**
 * Streamable HTTP serving: `serveHttp`.
 *
 * @module
 */

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isInitializeRequest } from '@modelcontextprotocol/server';
import { CoreError } from '../errors.js';
import { withEmptyListings } from './empty-listings.js';
import { isLegacyPost } from './era-routing.js';
import { createHttpAuthenticator, type HttpAuthenticator } from './http-auth.js';
import {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_JSON_DEPTH,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_SESSIONS_PER_CALLER,
  DEFAULT_PATH,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_SESSION_IDLE_MS,
  DEFAULT_SESSION_STORE_TTL_MS,
  validateHttpOptions,
} from './http-options.js';
import { HttpErrorCode, sendJsonRpcError } from './http-responses.js';
import {
  createHttpSessionRegistry,
  type HttpCaller,
  type HttpSessionRegistry,
  type SessionBound,
} from './http-sessions.js';
import { describeInvalidInitialize } from './invalid-initialize.js';
import { withShortInvalidParams } from './invalid-params.js';
import { holdIdleConnections } from './keep-alive.js';
import { DEFAULT_LISTEN_HOST, formatHost } from './listen-address.js';
import { createModernHandler, type ModernHandler } from './modern-handler.js';
import { validateOAuthOptions } from './oauth/oauth-options.js';
import { createOAuthResourceServer, type OAuthResourceServer } from './oauth/resource-server.js';
import { DEFAULT_MAX_MESSAGE_BYTES } from './outgoing-bound.js';
import { readJsonBody } from './request-body.js';
import { createRequestGuard, type RequestGuard } from './request-guard.js';
import { withRequestTelemetry } from './request-telemetry.js';
import { createServerTelemetry, type ServerTelemetry } from './server-telemetry.js';
import { createSessionRecords } from './session-records.js';
import { createBearerCheck, type Tokens, validateTokens } from './tokens.js';
import type {
  HttpRouteHandler,
  HttpServeOptions,
  RunningHttpServer,
  ServerFactory,
} from './types.js';

/** Everything one request handler needs, resolved once. */
interface HttpContext {
  readonly path: string;
  readonly maxBodyBytes: number;
  readonly maxJsonDepth: number;
  readonly maxSessions: number;
  readonly maxSessionsPerCaller: number;
  readonly guard: RequestGuard;
  readonly auth: HttpAuthenticator;
  readonly routes: ReadonlyMap<string, { handler: HttpRouteHandler; requireAuth: boolean }>;
  readonly sessions: HttpSessionRegistry;
  readonly modern: ModernHandler;
  readonly telemetry: ServerTelemetry;
}

/** The longest interval between Node's checks of the header and request timeouts. */
const MAX_TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * Serves MCP over Streamable HTTP in both protocol eras from one factory.
 *
 * Every request first passes the `Host`/`Origin` check (403), then, on the MCP path, the bearer
 * check when `tokens` or `oauth` is set (401 with `WWW-Authenticate: Bearer`, 503 while an OAuth
 * issuer cannot be reached; see `http-auth.ts`), then the body limits (413
 * above `maxBodyBytes`, 400 with -32600 when nested too deep, 400 with -32700 when not JSON), then
 * the OAuth tool scopes (403 `insufficient_scope`).
 *
 * A 2026-07-28 request (per-request `_meta` envelope) is answered statelessly by the SDK's
 * `createMcpHandler`, one instance per request, scope `principal:<fingerprint>` or `anonymous`:
 * any instance behind one address answers it, and it gets the revision's own checks (header
 * mismatch -32020, unsupported version -32022, caching hints). 2025-era traffic keeps its
 * sessions: a POST without `mcp-session-id` must be `initialize` and opens a session (scope
 * `principal:<fingerprint>` with a token, shared by the caller's sessions, else `session:<id>`); an unknown session id gets 404, a session id with another token than the one
 * that opened it 403. GET and DELETE without a session id get 405. Extra `routes` answer GET only
 * and are public unless marked `requireAuth`: a manifest is public metadata that a client reads
 * before it has a token; with `oauth`, the RFC 9728 metadata is such a route. Refusals carry a
 * JSON-RPC error body.
 *
 * @throws CoreError `INVALID_ARGUMENT` for options outside their domain, `UNAVAILABLE` when the
 * address cannot be bound.
 */
export async function serveHttp(
  factory: ServerFactory,
  options: HttpServeOptions,
): Promise<RunningHttpServer> {
  const host = options.host ?? DEFAULT_LISTEN_HOST;
  const path = options.path ?? DEFAULT_PATH;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  validateHttpOptions(options, path, maxBodyBytes);
  const tokens = options.tokens === undefined ? undefined : validateTokens(options.tokens);
  if (tokens !== undefined && options.oauth !== undefined) {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: 'Invalid serveHttp options: tokens and oauth exclude each other.',
    });
  }
  const oauthOptions =
    options.oauth === undefined ? undefined : validateOAuthOptions(options.oauth);
  const onError = options.onError ?? (() => {});
  const maxJsonDepth = options.maxJsonDepth ?? DEFAULT_MAX_JSON_DEPTH;
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;

  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const httpServer = createServer({
    headersTimeout,
    requestTimeout,
    // Node checks both timeouts on this interval (30 s by default), which would let a slow
    // client hold a connection up to 30 s past them.
    connectionsCheckingInterval: Math.min(
      MAX_TIMEOUT_CHECK_INTERVAL_MS,
      headersTimeout,
      requestTimeout,
    ),
  });
  httpServer.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const advertiseKeepAlive = holdIdleConnections(
    httpServer,
    options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  );
  const port = await listen(httpServer, host, options.port);
  httpServer.on('error', onError);
  let context: HttpContext;
  try {
    const listingFactory = options.emptyListings === false ? factory : withEmptyListings(factory);
    const observed = withRequestTelemetry(
      withShortInvalidParams(listingFactory),
      options.onRequest,
    );
    const oauth =
      oauthOptions === undefined
        ? undefined
        : createOAuthResourceServer(oauthOptions, {
            servedUrl: `http://${formatHost(host)}:${port}${path}`,
            callTargets: options.oauthCallTargets,
          });
    context = createContext(observed, options, {
      host,
      port,
      path,
      maxBodyBytes,
      maxJsonDepth,
      maxSessions,
      tokens,
      oauth,
      onError,
    });
  } catch (error) {
    // The allowedHosts/allowedOrigins check needs the bound port: release it on failure.
    httpServer.close();
    throw error;
  }

  let closing: Promise<void> | undefined;
  httpServer.on('request', (request: IncomingMessage, response: ServerResponse) => {
    advertiseKeepAlive(response);
    const handled =
      closing === undefined
        ? handleRequest(context, request, response)
        : Promise.resolve(refuse(response, 503, 'Service Unavailable: shutting down'));
    handled.catch((error: unknown) => {
      if (closing === undefined) onError(error);
      sendJsonRpcError(
        response,
        closing === undefined ? 500 : 503,
        HttpErrorCode.INTERNAL_ERROR,
        'Internal error',
      );
    });
  });

  return {
    url: new URL(`http://${formatHost(host)}:${port}${path}`),
    host,
    port,
    sessionCount: () => context.sessions.count(),
    close() {
      closing ??= (async () => {
        httpServer.closeIdleConnections();
        await Promise.all([context.sessions.closeAll(), context.modern.close()]);
        context.telemetry.close();
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          httpServer.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

function createContext(
  factory: ServerFactory,
  options: HttpServeOptions,
  resolved: {
    host: string;
    port: number;
    path: string;
    maxBodyBytes: number;
    maxJsonDepth: number;
    maxSessions: number;
    tokens: Tokens | undefined;
    oauth: OAuthResourceServer | undefined;
    onError: (error: unknown) => void;
  },
): HttpContext {
  const { host, port, path, maxBodyBytes, maxJsonDepth, maxSessions, tokens } = resolved;
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const telemetry = createServerTelemetry('http', () => sessions.count());
  const onSessionClosed = options.onSessionClosed;
  const maxSessionsPerCaller = options.maxSessionsPerCaller ?? DEFAULT_MAX_SESSIONS_PER_CALLER;
  const sessions = createHttpSessionRegistry({
    factory,
    sessionIdleMs: options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS,
    maxSessions,
    maxSessionsPerCaller,
    records:
      options.sessionStore === undefined
        ? undefined
        : createSessionRecords(
            options.sessionStore,
            options.sessionStoreTtlMs ?? DEFAULT_SESSION_STORE_TTL_MS,
          ),
    onSessionClosed: (sessionId, reason) => {
      telemetry.sessionClosed(reason);
      onSessionClosed?.(sessionId, reason);
    },
    onError: resolved.onError,
    maxMessageBytes,
  });
  return {
    path,
    maxBodyBytes,
    maxJsonDepth,
    maxSessions,
    maxSessionsPerCaller,
    guard: createRequestGuard({
      host,
      port,
      ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
      ...(options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins }),
    }),
    auth: createHttpAuthenticator(
      tokens === undefined ? undefined : createBearerCheck(tokens),
      resolved.oauth,
      resolved.onError,
    ),
    routes: new Map([
      ...Object.entries(options.routes ?? {}).map(
        ([routePath, route]) =>
          [
            routePath,
            typeof route === 'function'
              ? { handler: route, requireAuth: false }
              : { handler: route.handler, requireAuth: route.requireAuth },
          ] as const,
      ),
      ...metadataRoutes(resolved.oauth),
    ]),
    modern: createModernHandler(factory, resolved.onError, maxMessageBytes),
    sessions,
    telemetry,
  };
}

async function handleRequest(
  context: HttpContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const refusal = context.guard(request.headers);
  if (refusal !== undefined) return refuse(response, 403, refusal);
  const pathname = (request.url ?? '/').split('?', 1)[0] ?? '/';
  const route = context.routes.get(pathname);
  if (route !== undefined) {
    if (request.method !== 'GET') {
      return refuse(response, 405, 'Method Not Allowed', { allow: 'GET' });
    }
    if (route.requireAuth && (await context.auth.authenticate(request, response)) === undefined) {
      return;
    }
    return route.handler(request, response);
  }
  if (pathname !== context.path) return refuse(response, 404, 'Not Found');
  const caller = await context.auth.authenticate(request, response);
  if (caller === undefined) return;
  context.telemetry.noteCaller(caller.token ?? 'anonymous');
  const method = request.method ?? '';
  if (method !== 'POST' && method !== 'GET' && method !== 'DELETE') {
    return refuse(response, 405, 'Method Not Allowed', { allow: 'GET, POST, DELETE' });
  }

  const sessionHeader = request.headers['mcp-session-id'];
  const sessionId = Array.isArray(sessionHeader) ? sessionHeader.join(', ') : sessionHeader;
  if (sessionId === undefined) {
    if (method !== 'POST') {
      return refuse(response, 405, 'Method Not Allowed: no session to stream or end', {
        allow: 'POST',
      });
    }
    const body = await readBody(context, request, response);
    if (body === undefined || !context.auth.permits(caller, body.value, response)) return;
    if (Array.isArray(body.value) && body.value.length === 0) {
      return sendJsonRpcError(
        response,
        400,
        HttpErrorCode.INVALID_REQUEST,
        'Invalid Request: an empty batch',
      );
    }
    if (!isLegacyPost(request.headers, body.value)) {
      return context.modern.handle(request, response, body.value, caller);
    }
    const invalidInitialize = describeInvalidInitialize(body.value);
    if (invalidInitialize !== undefined) {
      const { id, message } = invalidInitialize;
      return sendJsonRpcError(response, 400, HttpErrorCode.INVALID_PARAMS, message, {}, id);
    }
    if (!startsSession(body.value)) {
      return refuse(response, 400, 'Bad Request: missing mcp-session-id header');
    }
    const room = await context.sessions.makeRoom(caller);
    if (room.outcome === 'full') return refuseFull(context, response, room.bound);
    return context.sessions.open(request, response, body.value, caller);
  }
  const lookup = await context.sessions.find(sessionId, caller);
  if (lookup.outcome === 'not-found') {
    return sendJsonRpcError(response, 404, HttpErrorCode.SESSION_NOT_FOUND, 'Session not found');
  }
  if (lookup.outcome === 'forbidden') {
    return refuse(response, 403, 'Forbidden: the session was opened with another token');
  }
  if (lookup.outcome === 'full') return refuseFull(context, response, lookup.bound);
  if (lookup.outcome === 'unavailable') {
    return refuse(response, 503, 'Service Unavailable: the session store is unavailable', {
      'retry-after': '1',
    });
  }
  if (method !== 'POST') return context.sessions.handle(lookup.session, request, response);
  const body = await readBody(context, request, response);
  if (body !== undefined && context.auth.permits(caller, body.value, response)) {
    return context.sessions.handle(lookup.session, request, response, body.value);
  }
}

/** 503 with `Retry-After` for a new or rebuilt session past a bound, naming the bound. */
function refuseFull(context: HttpContext, response: ServerResponse, bound: SessionBound): void {
  refuse(
    response,
    503,
    bound === 'caller'
      ? `Service Unavailable: this caller holds its maximum of ${context.maxSessionsPerCaller} sessions on this server, each with a request in progress (maxSessionsPerCaller); end one with DELETE or retry`
      : `Service Unavailable: this server holds its maximum of ${context.maxSessions} sessions (maxSessions), none of them this caller's to give up; other callers' sessions are never closed to make room`,
    { 'retry-after': '1' },
  );
}

/** Whether a body may open a session: an `initialize` request, alone or in a batch (the SDK refuses the batch). */
function startsSession(body: unknown): boolean {
  return isInitializeRequest(body) || (Array.isArray(body) && body.some(isInitializeRequest));
}

/** The parsed JSON body, or `undefined` once a 413 or a 400 has been sent. */
async function readBody(
  context: HttpContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<{ value: unknown } | undefined> {
  const body = await readJsonBody(request, context.maxBodyBytes, context.maxJsonDepth);
  if (body.outcome === 'parsed') return { value: body.value };
  if (body.outcome === 'aborted') {
    response.destroy();
  } else if (body.outcome === 'too-deep') {
    sendJsonRpcError(
      response,
      400,
      HttpErrorCode.INVALID_REQUEST,
      `Invalid Request: the body nests objects and arrays deeper than ${context.maxJsonDepth} levels`,
    );
  } else if (body.outcome === 'too-large') {
    refuse(
      response,
      413,
      `Payload Too Large: the body must not exceed ${context.maxBodyBytes} bytes`,
      {
        connection: 'close',
      },
    );
  } else {
    sendJsonRpcError(
      response,
      400,
      HttpErrorCode.PARSE_ERROR,
      'Parse error: the body is not valid JSON',
    );
  }
  return undefined;
}

/** The public GET routes of the protected-resource metadata (RFC 9728 §3). */
function metadataRoutes(
  oauth: OAuthResourceServer | undefined,
): [string, { handler: HttpRouteHandler; requireAuth: boolean }][] {
  if (oauth === undefined) return [];
  const body = JSON.stringify(oauth.metadata);
  const handler: HttpRouteHandler = (_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'max-age=300',
    });
    response.end(body);
  };
  return oauth.metadataPaths.map((metadataPath) => [metadataPath, { handler, requireAuth: false }]);
}

function refuse(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJsonRpcError(response, status, HttpErrorCode.REFUSED, message, headers);
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        new CoreError({
          code: 'UNAVAILABLE',
          message: `Cannot listen on ${formatHost(host)}:${port} (${error.code ?? error.message}).`,
          data: { host, port },
          cause: error,
        }),
      );
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
