/**
 * Checks of the answer to a request without a token: the 401, its Bearer challenge and the way
 * to the protected resource metadata.
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, pass } from '../../../outcome.js';
import { authInapplicable } from '../applicability.js';
import { discoveredMetadata } from '../metadata-discovery.js';
import { unauthenticatedAnswer } from '../probe.js';
import { bearerChallenge } from '../www-authenticate.js';

/** A request without a token gets HTTP 401. */
export const unauthenticatedCheck: Check = {
  requirement: 'auth.unauthenticated.401',
  definedIn: import.meta.url,
  async run(context) {
    const inapplicable = await authInapplicable(context);
    if (inapplicable !== undefined) return inapplicable;
    const answer = await unauthenticatedAnswer(context);
    return answer.status === 401
      ? pass('a request without a token gets HTTP 401')
      : fail(`a request without a token gets HTTP ${answer.status}, not 401`);
  },
};

/** The 401 carries a Bearer challenge. */
export const bearerChallengeCheck: Check = {
  requirement: 'auth.challenge.bearer',
  definedIn: import.meta.url,
  async run(context) {
    const inapplicable = await authInapplicable(context);
    if (inapplicable !== undefined) return inapplicable;
    const answer = await unauthenticatedAnswer(context);
    if (answer.wwwAuthenticate === null) {
      return fail(`the HTTP ${answer.status} without a token has no WWW-Authenticate header`);
    }
    return bearerChallenge(answer.wwwAuthenticate) === undefined
      ? fail(`WWW-Authenticate ${JSON.stringify(answer.wwwAuthenticate)} has no Bearer challenge`)
      : pass('the answer without a token carries a Bearer challenge');
  },
};

/** The metadata can be found: from the challenge's resource_metadata, or at a well-known URI. */
export const discoveryCheck: Check = {
  requirement: 'auth.discovery.resource-metadata',
  definedIn: import.meta.url,
  async run(context) {
    const inapplicable = await authInapplicable(context);
    if (inapplicable !== undefined) return inapplicable;
    const found = await discoveredMetadata(context);
    if ('missing' in found) return fail(found.missing);
    if (found.problem !== undefined)
      return fail(`resource_metadata points nowhere: ${found.problem}`);
    return pass(
      found.source === 'challenge'
        ? `the 401 challenge names its metadata, ${found.url}`
        : `the metadata is at the well-known ${found.url}`,
    );
  },
};
