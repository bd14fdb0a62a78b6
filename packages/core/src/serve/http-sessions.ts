/**
 * The open MCP sessions of one `serveHttp` server: one transport and one McpServer each, routed
 * by session id, closed on DELETE, idle expiry or shutdown; with a shared store, also recorded
 * there and rebuilt on an instance that did not start them.
 *
 * @module
 */

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/server';
import {
  isInitializeRequest,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { legacySessionScope } from './caller-scope.js';
import { HttpErrorCode, sendJsonRpcError } from './http-responses.js';
import { handleNodeRequest } from './node-transport.js';
import { boundTransportMessages } from './outgoing-bound.js';
import type { SessionRecord, SessionRecords } from './session-records.js';
import { replayInitialize } from './session-replay.js';
import type { HttpSessionCloseReason, ServerFactory } from './types.js';

/** One MCP session over HTTP. */
export interface HttpSession {
  /** The `mcp-session-id` of the session. */
  readonly id: string;
  /** The fingerprint of the bearer token that opened the session (`undefined` without tokens). */
  readonly token: string | undefined;
}

/** Who sends a request: the role and token fingerprint from the bearer check. */
export interface HttpCaller {
  /** The role of the caller's token. */
  role: string | undefined;
  /** The fingerprint of the caller's token (with OAuth: of its principal). */
  token: string | undefined;
  /** The scopes an OAuth token grants (absent with static tokens or none). */
  scopes?: readonly string[];
}

/** The outcome of {@link HttpSessionRegistry.find}. */
export type HttpSessionLookup =
  | { outcome: 'found'; session: HttpSession }
  | { outcome: 'not-found' }
  | { outcome: 'forbidden' }
  | { outcome: 'full'; bound: SessionBound }
  | { outcome: 'unavailable' };

/**
 * Which bound refused a new session: the caller's own (`maxSessionsPerCaller`, every one of its
 * sessions busy) or the instance's (`maxSessions`, the caller holding no idle session to give up).
 */
export type SessionBound = 'caller' | 'instance';

/** What {@link HttpSessionRegistry.makeRoom} found: room, or the bound that refuses. */
export type SessionRoom = { outcome: 'room' } | { outcome: 'full'; bound: SessionBound };

/** What {@link createHttpSessionRegistry} needs. */
export interface HttpSessionRegistryOptions {
  /** Builds each session's server. */
  factory: ServerFactory;
  /** Closes a session after this long without a request in progress. */
  sessionIdleMs: number | undefined;
  /** The most sessions open at once on this instance. */
  maxSessions: number;
  /** The most sessions one caller (one token, or every caller without one) holds on this instance. */
  maxSessionsPerCaller: number;
  /** Where sessions are recorded for other instances; `undefined` keeps them local. */
  records: SessionRecords | undefined;
  /** Told about every initialized session that closes, once. */
  onSessionClosed: ((sessionId: string, reason: HttpSessionCloseReason) => void) | undefined;
  /** Told about a session store or rebuild failure (the caller gets 503), or a dropped message. */
  onError: (error: unknown) => void;
  /** The largest message sent to a client, in bytes. */
  maxMessageBytes: number;
}

/** The sessions of one HTTP server. */
export interface HttpSessionRegistry {
  /** How many sessions are initialized and open. */
  count(): number;
  /**
   * Makes room for one more session of `caller`: at the caller's bound or the instance's, closes
   * the caller's own least recently used session without a request in progress, never another
   * caller's. Full, naming the bound, when the caller has no idle session to give up.
   */
  makeRoom(caller: HttpCaller): Promise<SessionRoom>;
  /**
   * Starts a session from an `initialize` request: records it (with a store), builds its server,
   * then lets the SDK transport answer. The session is kept only if the transport initialized it.
   */
  open(
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
    caller: HttpCaller,
  ): Promise<void>;
  /**
   * The session with this id for `caller`: local, or rebuilt from the store. With a store, every
   * lookup restarts the record's time to live, and a session the store no longer has is closed.
   */
  find(sessionId: string, caller: HttpCaller): Promise<HttpSessionLookup>;
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

interface LiveSession extends HttpSession {
  readonly server: McpServer;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  initialized: boolean;
  closed: boolean;
  activeRequests: number;
  idleTimer: NodeJS.Timeout | undefined;
  /** When the session last started a request, as a counter (larger is more recent). */
  lastUsed: number;
}

/** The `params` of the `initialize` request in `body` (alone or in a batch). */
function initializeParams(body: unknown): Record<string, unknown> {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  const message = messages.find(isInitializeRequest);
  return (message?.params ?? {}) as Record<string, unknown>;
}

/** Creates the session registry of one HTTP server. */
export function createHttpSessionRegistry(
  options: HttpSessionRegistryOptions,
): HttpSessionRegistry {
  const { records } = options;
  /** Initialized sessions, by id. */
  const initialized = new Map<string, LiveSession>();
  /** Every session not yet closed, initialized or still starting. */
  const live = new Set<LiveSession>();
  /** Rebuilds in progress, by id, so concurrent requests of one session rebuild it once. */
  const rebuilding = new Map<string, Promise<LiveSession>>();
  let closingAll = false;
  let useCounter = 0;

  /** The least recently used session without a request in progress that `matches`. */
  function leastRecentlyUsedIdle(matches: (session: LiveSession) => boolean) {
    let victim: LiveSession | undefined;
    for (const session of live) {
      if (session.activeRequests > 0 || !session.initialized || !matches(session)) continue;
      if (victim === undefined || session.lastUsed < victim.lastUsed) victim = session;
    }
    return victim;
  }

  async function closeSession(session: LiveSession, reason: HttpSessionCloseReason): Promise<void> {
    if (session.closed) return;
    session.closed = true;
    clearTimeout(session.idleTimer);
    live.delete(session);
    initialized.delete(session.id);
    // Closes the transport too (ending its SSE streams); a transport closed first (DELETE) is a no-op.
    await session.server.close();
    if (session.initialized) options.onSessionClosed?.(session.id, reason);
  }

  function trackRequest(session: LiveSession, response: ServerResponse): void {
    session.activeRequests += 1;
    useCounter += 1;
    session.lastUsed = useCounter;
    clearTimeout(session.idleTimer);
    session.idleTimer = undefined;
    response.once('close', () => {
      session.activeRequests -= 1;
      const idleMs = options.sessionIdleMs;
      if (session.activeRequests > 0 || session.closed || idleMs === undefined) return;
      session.idleTimer = setTimeout(() => void closeSession(session, 'idle'), idleMs);
      session.idleTimer.unref();
    });
  }

  /** A session with its server connected to a new transport bound to `id`. */
  async function connectSession(
    id: string,
    token: string | undefined,
    server: McpServer,
  ): Promise<LiveSession> {
    const session: LiveSession = {
      id,
      token,
      server,
      transport: new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => id,
        // Runs before the response goes out, so the client's next request finds the session.
        onsessioninitialized: () => {
          session.initialized = true;
          initialized.set(id, session);
        },
        // A DELETE: the session ends for every instance. Awaited before the transport closes.
        onsessionclosed: async () => {
          await records?.remove(id).catch(options.onError);
        },
      }),
      initialized: false,
      closed: false,
      activeRequests: 0,
      idleTimer: undefined,
      lastUsed: 0,
    };
    live.add(session);
    if (closingAll) {
      await closeSession(session, 'shutdown');
      throw new Error('The HTTP server is shutting down.');
    }
    boundTransportMessages(session.transport, options.maxMessageBytes, options.onError);
    // Set before connect: the SDK chains its own handler after this one. Only a DELETE closes
    // the transport by itself; every other close starts in closeSession, which runs once.
    session.transport.onclose = () => void closeSession(session, 'deleted');
    await server.connect(session.transport);
    return session;
  }

  async function rebuild(id: string, record: SessionRecord): Promise<LiveSession> {
    const server = await options.factory({
      sessionId: id,
      role: record.role,
      transport: 'http',
      era: 'legacy',
      scope: legacySessionScope(id, record.token),
    });
    const session = await connectSession(id, record.token, server);
    try {
      await replayInitialize(session.transport, id, record.initialize);
      return session;
    } catch (error) {
      await closeSession(session, 'shutdown');
      throw error;
    }
  }

  async function makeRoom(caller: HttpCaller): Promise<SessionRoom> {
    const mine = (session: LiveSession) => session.token === caller.token;
    let held = 0;
    for (const session of live) if (mine(session)) held += 1;
    const atCallerBound = held >= options.maxSessionsPerCaller;
    const atInstanceBound = live.size >= options.maxSessions;
    if (!atCallerBound && !atInstanceBound) return { outcome: 'room' };
    // Only the caller's own session may go: another caller's sessions (and the artifacts and
    // windows of their scope) are never closed to make room.
    const victim = leastRecentlyUsedIdle(mine);
    if (victim === undefined)
      return { outcome: 'full', bound: atCallerBound ? 'caller' : 'instance' };
    await closeSession(victim, 'evicted');
    return { outcome: 'room' };
  }

  function unavailable(error: unknown): HttpSessionLookup {
    options.onError(error);
    return { outcome: 'unavailable' };
  }

  return {
    count: () => initialized.size,
    makeRoom,

    async open(request, response, body, caller) {
      const id = randomUUID();
      if (records !== undefined) {
        try {
          await records.save(id, {
            initialize: initializeParams(body),
            ...(caller.role === undefined ? {} : { role: caller.role }),
            ...(caller.token === undefined ? {} : { token: caller.token }),
          });
        } catch (error) {
          options.onError(error);
          return sendJsonRpcError(
            response,
            503,
            HttpErrorCode.REFUSED,
            'Service Unavailable: the session store is unavailable',
          );
        }
      }
      let session: LiveSession | undefined;
      try {
        const server = await options.factory({
          sessionId: id,
          role: caller.role,
          transport: 'http',
          era: 'legacy',
          scope: legacySessionScope(id, caller.token),
        });
        session = await connectSession(id, caller.token, server);
        trackRequest(session, response);
        await handleNodeRequest(session.transport, request, response, body);
      } finally {
        if (session?.initialized !== true) {
          if (session !== undefined) await closeSession(session, 'shutdown');
          await records?.remove(id).catch(options.onError);
        }
      }
    },

    async find(sessionId, caller) {
      const local = initialized.get(sessionId);
      if (local !== undefined && local.token !== caller.token) return { outcome: 'forbidden' };
      if (records === undefined) {
        return local === undefined
          ? { outcome: 'not-found' }
          : { outcome: 'found', session: local };
      }
      let record: SessionRecord | undefined;
      try {
        record = await records.touch(sessionId);
      } catch (error) {
        return unavailable(error);
      }
      if (record === undefined) {
        // Ended on another instance (DELETE) or expired: this instance's copy goes too.
        if (local !== undefined) await closeSession(local, 'expired');
        return { outcome: 'not-found' };
      }
      if (local !== undefined) return { outcome: 'found', session: local };
      if (record.token !== caller.token) return { outcome: 'forbidden' };
      let pending = rebuilding.get(sessionId);
      if (pending === undefined) {
        const room = await makeRoom(caller);
        if (room.outcome === 'full') return room;
        pending = rebuild(sessionId, record).finally(() => rebuilding.delete(sessionId));
        rebuilding.set(sessionId, pending);
      }
      try {
        return { outcome: 'found', session: await pending };
      } catch (error) {
        return unavailable(error);
      }
    },

    async handle(session, request, response, body) {
      const local = initialized.get(session.id);
      // The session may have closed while the body was read.
      if (local === undefined) {
        return sendJsonRpcError(
          response,
          404,
          HttpErrorCode.SESSION_NOT_FOUND,
          'Session not found',
        );
      }
      trackRequest(local, response);
      await handleNodeRequest(local.transport, request, response, body);
    },

    async closeAll() {
      closingAll = true;
      await Promise.all([...live].map((session) => closeSession(session, 'shutdown')));
    },
  };
}
