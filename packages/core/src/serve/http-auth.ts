/**
 * Who sends an HTTP request: the bearer check of `serveHttp`, with static tokens (`tokens`) or
 * the OAuth resource server (`oauth`), and the 401, 403 and 503 answers it gives.
 *
 * With OAuth, a request without a token gets 401 with a challenge naming the protected-resource
 * metadata (RFC 9728 §5.1, MCP 2025-11-25 Authorization "Authorization Server Location"); a token
 * that is refused adds `error="invalid_token"` (RFC 6750 §3.1); an issuer that cannot be reached
 * gets 503, since the caller's token may well be good. A tool call outside the token's scopes gets
 * 403 `insufficient_scope` naming the scopes to ask for. The token itself is never logged or
 * echoed.
 *
 * @module
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpErrorCode, sendJsonRpcError } from './http-responses.js';
import type { HttpCaller } from './http-sessions.js';
import type { OAuthResourceServer } from './oauth/resource-server.js';
import type { BearerCheck } from './tokens.js';

const REALM = 'Bearer realm="mcp"';

/** Checks a request's caller, answering the refusal itself. */
export interface HttpAuthenticator {
  /** The caller behind `request`, or `undefined` once a 401 or 503 has been sent. */
  authenticate(request: IncomingMessage, response: ServerResponse): Promise<HttpCaller | undefined>;
  /**
   * Whether `body` may go on for `caller`: `false` once a 403 `insufficient_scope` has been sent
   * (always `true` without OAuth).
   */
  permits(caller: HttpCaller, body: unknown, response: ServerResponse): boolean;
}

/** The authenticator of a server with static tokens, OAuth, or neither. */
export function createHttpAuthenticator(
  checkBearer: ((headers: IncomingMessage['headers']) => BearerCheck) | undefined,
  oauth: OAuthResourceServer | undefined,
  onError: (error: unknown) => void,
): HttpAuthenticator {
  if (oauth !== undefined) return oauthAuthenticator(oauth, onError);
  return {
    async authenticate(request, response) {
      if (checkBearer === undefined) return { role: undefined, token: undefined };
      const check = checkBearer(request.headers);
      if (check.outcome === 'accepted') return { role: check.role, token: check.fingerprint };
      if (check.outcome === 'missing') {
        refuse(response, 401, 'Unauthorized: a bearer token is required', {
          'www-authenticate': REALM,
        });
      } else {
        refuse(response, 401, 'Unauthorized: invalid bearer token', {
          'www-authenticate': `${REALM}, error="invalid_token"`,
        });
      }
      return undefined;
    },
    permits: () => true,
  };
}

function oauthAuthenticator(
  oauth: OAuthResourceServer,
  onError: (error: unknown) => void,
): HttpAuthenticator {
  return {
    async authenticate(request, response) {
      const check = await oauth.authenticate(request.headers.authorization);
      if (check.outcome === 'accepted') {
        return { role: check.role, token: check.fingerprint, scopes: check.scopes };
      }
      if (check.outcome === 'missing') {
        refuse(response, 401, 'Unauthorized: a bearer token is required', {
          'www-authenticate': oauth.challenge(),
        });
      } else if (check.outcome === 'invalid') {
        refuse(response, 401, `Unauthorized: ${check.reason}`, {
          'www-authenticate': oauth.challenge({
            error: 'invalid_token',
            errorDescription: check.reason,
          }),
        });
      } else {
        onError(new Error(`OAuth token check unavailable: ${check.reason}`));
        refuse(response, 503, 'Service Unavailable: the authorization server cannot be reached', {
          'retry-after': '1',
        });
      }
      return undefined;
    },
    permits(caller, body, response) {
      const missing = oauth.missingScopes(body, caller.scopes ?? []);
      if (missing.length === 0) return true;
      refuse(response, 403, `Forbidden: this call needs the scope ${missing.join(' ')}`, {
        'www-authenticate': oauth.challenge({ error: 'insufficient_scope', scopes: missing }),
      });
      return false;
    },
  };
}

function refuse(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string>,
): void {
  sendJsonRpcError(response, status, HttpErrorCode.REFUSED, message, headers);
}
