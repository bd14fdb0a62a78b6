/**
 * When the `mcp-auth` requirements apply: to a target reached over HTTP that either was
 * registered with `auth: 'oauth'` or refuses a request without a token.
 *
 * @module
 */

import type { OAuthCredentials } from '../../auth/oauth-credentials.js';
import type { CheckContext, CheckOutcome } from '../../check.js';
import { notApplicable, skip } from '../../outcome.js';
import { postOpening, unauthenticatedAnswer } from './probe.js';

/**
 * Not applicable over stdio (MCP 2025-11-25 Authorization §Protocol Requirements: a stdio server
 * takes credentials from its environment), nor on a target not registered with `auth: 'oauth'`
 * that serves a request without a token (it does not require authorization); else undefined.
 */
export async function authInapplicable(context: CheckContext): Promise<CheckOutcome | undefined> {
  if (context.target.kind !== 'http') {
    return notApplicable('authorization is defined for HTTP transports; this target is stdio');
  }
  if (context.target.auth !== undefined) return undefined;
  const answer = await unauthenticatedAnswer(context);
  return answer.status >= 200 && answer.status < 300
    ? notApplicable(
        `the target answers HTTP ${answer.status} without a token: it does not require authorization`,
      )
    : undefined;
}

/** Whether the spec applies (its detection): an HTTP target that asks for authorization. */
export async function detectAuth(context: CheckContext): Promise<boolean> {
  return (await authInapplicable(context)) === undefined;
}

/** What a token check has to work with: the credentials, or the outcome that ends it. */
export type TokenCheckStart = { readonly auth: OAuthCredentials } | CheckOutcome;

/**
 * The credentials of a target with `auth: 'oauth'` whose valid token is served; else the
 * outcome a token check reports (not applicable, or a skip naming why it cannot decide).
 */
export async function tokenCheckStart(
  context: CheckContext,
  needsAcceptedToken = true,
): Promise<TokenCheckStart> {
  const inapplicable = await authInapplicable(context);
  if (inapplicable !== undefined) return inapplicable;
  const auth = context.target.auth;
  if (auth === undefined) {
    return skip(
      "the kit has no tokens for this target: register it with auth: 'oauth' so it trusts the kit's test issuer",
    );
  }
  if (!needsAcceptedToken) return { auth };
  const valid = await validTokenAnswer(context, auth);
  return valid.status >= 200 && valid.status < 300
    ? { auth }
    : skip(
        `a valid token is refused too (HTTP ${valid.status}, see auth.token.accepted): a refusal shows nothing`,
      );
}

/** The answer to the opening request with the valid token, probed once per target and era. */
export function validTokenAnswer(context: CheckContext, auth: OAuthCredentials) {
  return context.memo('mcp-auth:valid', () => postOpening(context, auth.tokens.fresh));
}
