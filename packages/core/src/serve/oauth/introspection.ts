/**
 * Opaque access tokens checked by RFC 7662 introspection: the resource server authenticates with
 * HTTP Basic (RFC 7662 §2.1), and an active answer must name the issuer (when it names one) and
 * the resource as audience (RFC 8707 §2).
 *
 * @module
 */

import type { IntrospectionOptions } from './oauth-options.js';
import type { TokenVerdict } from './token-verdict.js';
import { parseScopes } from './www-authenticate.js';

/** How long one introspection request may take before the check is `unavailable`. */
const INTROSPECTION_TIMEOUT_MS = 5_000;

/** Checks one opaque token. */
export type Introspector = (token: string) => Promise<TokenVerdict>;

/** What {@link createIntrospector} needs besides {@link IntrospectionOptions}. */
export interface IntrospectorContext {
  /** The expected issuer. */
  readonly issuer: string;
  /** The audience an active token must name. */
  readonly audience: string;
  /** The client secret, read from the environment. */
  readonly clientSecret: string;
  /** Seconds of clock skew tolerated on `exp`. */
  readonly clockToleranceSeconds: number;
}

/** Builds an introspector for `options`. */
export function createIntrospector(
  options: IntrospectionOptions,
  context: IntrospectorContext,
): Introspector {
  const credentials = Buffer.from(
    `${encodeURIComponent(options.clientId)}:${encodeURIComponent(context.clientSecret)}`,
  ).toString('base64');
  return async (token) => {
    let answer: Record<string, unknown>;
    try {
      const response = await fetch(options.endpoint, {
        method: 'POST',
        headers: {
          authorization: `Basic ${credentials}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
        signal: AbortSignal.timeout(INTROSPECTION_TIMEOUT_MS),
      });
      if (!response.ok) {
        return { outcome: 'unavailable', reason: `introspection answered HTTP ${response.status}` };
      }
      answer = (await response.json()) as Record<string, unknown>;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { outcome: 'unavailable', reason: `introspection failed: ${reason}` };
    }
    return judge(answer, context);
  };
}

function judge(answer: Record<string, unknown>, context: IntrospectorContext): TokenVerdict {
  if (answer.active !== true) return { outcome: 'invalid', reason: 'the token is not active' };
  if (answer.iss !== undefined && answer.iss !== context.issuer) {
    return { outcome: 'invalid', reason: "the token's iss claim is not accepted" };
  }
  const audiences = Array.isArray(answer.aud) ? answer.aud : [answer.aud];
  if (!audiences.includes(context.audience)) {
    return { outcome: 'invalid', reason: "the token's aud claim is not accepted" };
  }
  const now = Date.now() / 1000;
  if (typeof answer.exp === 'number' && answer.exp + context.clockToleranceSeconds <= now) {
    return { outcome: 'invalid', reason: 'the token has expired' };
  }
  const subject = answer.sub ?? answer.client_id;
  if (typeof subject !== 'string' || subject === '') {
    return { outcome: 'invalid', reason: 'the token names no sub or client_id' };
  }
  return {
    outcome: 'accepted',
    token: { issuer: context.issuer, subject, scopes: parseScopes(answer.scope), claims: answer },
  };
}
