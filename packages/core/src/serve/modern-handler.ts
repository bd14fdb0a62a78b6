/**
 * 2026-07-28 requests over Streamable HTTP: the SDK's `createMcpHandler`, one server instance per
 * request from our factory, behind our own guards (Host/Origin, bearer tokens, size and depth
 * limits), which run before this handler sees a request.
 *
 * The caller's role and token fingerprint travel to the factory as the request's `AuthInfo`
 * (the pass-through seam the SDK documents), and become the instance's `CallerContext` with
 * the principal scope. 2025-era traffic never reaches this handler (`legacy: 'reject'`): the
 * session registry serves it.
 *
 * @module
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type NodeIncomingMessageLike,
  type NodeServerResponseLike,
  toNodeHandler,
} from '@modelcontextprotocol/node';
import { type AuthInfo, createMcpHandler, ProtocolError } from '@modelcontextprotocol/server';
import { principalScope } from './caller-scope.js';
import type { HttpCaller } from './http-sessions.js';
import { boundOutgoingResponse } from './outgoing-bound.js';
import type { ServerFactory } from './types.js';

/** What the factory reads back from `AuthInfo.extra`. */
interface CallerExtra {
  readonly role: string | undefined;
  readonly fingerprint: string | undefined;
}

/** The 2026-07-28 face of one `serveHttp` server. */
export interface ModernHandler {
  /** Answers one already guarded and parsed 2026-07-28 request. */
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
    caller: HttpCaller,
  ): Promise<void>;
  /** Aborts requests in flight and closes their instances. */
  close(): Promise<void>;
}

function toAuthInfo(caller: HttpCaller): AuthInfo {
  const extra: CallerExtra = { role: caller.role, fingerprint: caller.token };
  return {
    token: caller.token ?? '',
    clientId: caller.role ?? 'anonymous',
    scopes: [...(caller.scopes ?? [])],
    extra: { ...extra },
  };
}

function callerOf(authInfo: AuthInfo | undefined): CallerExtra {
  const extra = (authInfo?.extra ?? {}) as Partial<CallerExtra>;
  return { role: extra.role, fingerprint: extra.fingerprint };
}

/**
 * Creates the 2026-07-28 handler of one HTTP server; no message it sends is above
 * `maxMessageBytes` (see {@link boundOutgoingResponse}).
 */
export function createModernHandler(
  factory: ServerFactory,
  onError: (error: unknown) => void,
  maxMessageBytes: number,
): ModernHandler {
  const handler = createMcpHandler(
    ({ authInfo }) => {
      const caller = callerOf(authInfo);
      return factory({
        sessionId: undefined,
        role: caller.role,
        transport: 'http',
        era: 'modern',
        scope: principalScope(caller.fingerprint),
      });
    },
    {
      legacy: 'reject',
      // Requests the SDK refuses are the client's problem, answered on the wire; report the rest.
      onerror: (error) => {
        if (!(error instanceof ProtocolError)) onError(error);
      },
    },
  );
  return {
    async handle(request, response, body, caller) {
      (request as IncomingMessage & { auth?: AuthInfo }).auth = toAuthInfo(caller);
      const bounded = {
        fetch: async (webRequest: Request, options?: Parameters<typeof handler.fetch>[1]) =>
          boundOutgoingResponse(
            await handler.fetch(webRequest, options),
            body,
            maxMessageBytes,
            onError,
          ),
      };
      await toNodeHandler(bounded, { onerror: onError })(
        request as NodeIncomingMessageLike,
        response as NodeServerResponseLike,
        body,
      );
    },
    close: () => handler.close(),
  };
}
