/**
 * Checks of token validation: the kit's valid token is served, and each token that differs from
 * it in one way (audience, expiry, signature) is refused with 401.
 *
 * @module
 */

import type { OAuthTestTokens } from '../../../auth/oauth-credentials.js';
import type { Check } from '../../../check.js';
import { fail, pass, skip } from '../../../outcome.js';
import { tokenCheckStart, validTokenAnswer } from '../applicability.js';
import { postOpening } from '../probe.js';
import { bearerChallenge } from '../www-authenticate.js';

/** A valid token in the Authorization header gets the request served. */
export const acceptedCheck: Check = {
  requirement: 'auth.token.accepted',
  definedIn: import.meta.url,
  async run(context) {
    const start = await tokenCheckStart(context, false);
    if ('status' in start) return start;
    const answer = await validTokenAnswer(context, start.auth);
    return answer.status >= 200 && answer.status < 300
      ? pass(`a valid token for ${start.auth.resource} is served (HTTP ${answer.status})`)
      : fail(`a valid token for ${start.auth.resource} gets HTTP ${answer.status}`);
  },
};

/** A check that the token `variant` is refused with 401. */
function refusalCheck(
  requirement: string,
  variant: Exclude<keyof OAuthTestTokens, 'valid' | 'fresh' | 'limitedScope'>,
  what: string,
): Check {
  return {
    requirement,
    definedIn: import.meta.url,
    async run(context) {
      const start = await tokenCheckStart(context);
      if ('status' in start) return start;
      const answer = await postOpening(context, start.auth.tokens[variant]);
      return answer.status === 401
        ? pass(`a token ${what} is refused with HTTP 401`)
        : fail(`a token ${what} gets HTTP ${answer.status}, not 401`);
    },
  };
}

/** A token for another resource is refused. */
export const audienceCheck = refusalCheck(
  'auth.token.audience',
  'wrongAudience',
  'for another resource',
);

/** An expired token is refused. */
export const expiredCheck = refusalCheck('auth.token.expired', 'expired', 'that has expired');

/** A token with a bad signature is refused. */
export const signatureCheck = refusalCheck(
  'auth.token.signature',
  'badSignature',
  'signed by a key the issuer does not publish',
);

/** The 401 of a refused token says error="invalid_token". */
export const invalidTokenErrorCheck: Check = {
  requirement: 'auth.token.invalid-token-error',
  definedIn: import.meta.url,
  async run(context) {
    const start = await tokenCheckStart(context);
    if ('status' in start) return start;
    const answer = await postOpening(context, start.auth.tokens.expired);
    if (answer.status !== 401) {
      return skip(`the expired token gets HTTP ${answer.status}, not 401 (see auth.token.expired)`);
    }
    const challenge = bearerChallenge(answer.wwwAuthenticate);
    if (challenge === undefined) return fail('the 401 of an expired token has no Bearer challenge');
    const error = challenge.params.error;
    return error === 'invalid_token'
      ? pass('the 401 of an expired token says error="invalid_token"')
      : fail(
          `the 401 of an expired token says ${error === undefined ? 'no error' : `error="${error}"`}, not error="invalid_token"`,
        );
  },
};
