/**
 * The `mcp-auth` spec: MCP authorization as an HTTP server owes it (the 401 challenge, protected
 * resource metadata, token validation, insufficient scope), in both eras. Detected on an HTTP
 * target that refuses a request without a token; stdio targets and HTTP targets that need no
 * token get not-applicable. The token checks need a target registered with `auth: 'oauth'`.
 *
 * @module
 */

import type { SpecDefinition } from '../../spec.js';
import { detectAuth } from './applicability.js';
import { bearerChallengeCheck, discoveryCheck, unauthenticatedCheck } from './checks/challenge.js';
import { authorizationServersCheck, resourceCheck } from './checks/metadata.js';
import { insufficientScopeCheck } from './checks/scope.js';
import {
  acceptedCheck,
  audienceCheck,
  expiredCheck,
  invalidTokenErrorCheck,
  signatureCheck,
} from './checks/tokens.js';
import { mcpAuthDefects } from './defects.js';
import { mcpAuthRequirements } from './requirements.js';

/** The `mcp-auth` spec, in both eras. */
export const mcpAuthSpec: SpecDefinition = {
  name: 'mcp-auth',
  description:
    'MCP authorization of an HTTP server: 401 challenge, RFC 9728 metadata, token audience, expiry and signature, insufficient scope.',
  requirements: mcpAuthRequirements,
  checks: [
    unauthenticatedCheck,
    bearerChallengeCheck,
    discoveryCheck,
    authorizationServersCheck,
    resourceCheck,
    acceptedCheck,
    audienceCheck,
    expiredCheck,
    signatureCheck,
    invalidTokenErrorCheck,
    insufficientScopeCheck,
  ],
  defects: mcpAuthDefects,
  detect: detectAuth,
};
