/**
 * The requirements of the `mcp-auth` spec: what MCP's authorization asks of an HTTP server acting
 * as an OAuth 2.1 resource server, and the RFCs it builds on (RFC 9728 protected resource
 * metadata, RFC 8707 audiences, RFC 6750 bearer tokens), in our own words.
 *
 * Each MCP statement cites the 2025-11-25 revision's "Authorization" page by heading; its note
 * says where the 2026-07-28 revision, which split the page, keeps the same statement.
 *
 * @module
 */

import type { Requirement } from '../../requirement.js';
import { MCP_REVISION } from '../mcp-base/requirements.js';

/** RFC 6750, The OAuth 2.0 Authorization Framework: Bearer Token Usage. */
const RFC_6750 = 'rfc-6750';

/** RFC 9728, OAuth 2.0 Protected Resource Metadata. */
const RFC_9728 = 'rfc-9728';

/** Where 2026-07-28 keeps a statement of the 2025-11-25 "Authorization" page. */
function in2026(page: string, heading: string): string {
  return `Unchanged in MCP 2026-07-28 "${page}" §${heading}.`;
}

/** Every requirement of `mcp-auth`, in report order. */
export const mcpAuthRequirements: readonly Requirement[] = [
  {
    id: 'auth.unauthenticated.401',
    spec: MCP_REVISION,
    section: 'Authorization §Error Handling',
    level: 'MUST',
    summary:
      'A request that needs authorization and carries no token is answered HTTP 401 Unauthorized.',
    phrase: '401 when authorization is required',
    note: in2026('Authorization', 'Error Handling'),
  },
  {
    id: 'auth.challenge.bearer',
    spec: RFC_6750,
    section: '§3 The WWW-Authenticate Response Header Field',
    level: 'MUST',
    summary:
      'A 401 for a request without a usable token carries a WWW-Authenticate header with a Bearer challenge.',
  },
  {
    id: 'auth.discovery.resource-metadata',
    spec: MCP_REVISION,
    section: 'Authorization §Protected Resource Metadata Discovery Requirements',
    level: 'MUST',
    summary:
      "The server lets a client find its protected resource metadata: resource_metadata on the 401's Bearer challenge (RFC 9728 §5.1), or the document at a well-known URI (the endpoint's path-suffixed one or the root one).",
    phrase: 'implement one of the discovery mechanisms',
    note: in2026(
      'Authorization Server Discovery',
      'Protected Resource Metadata Discovery Requirements',
    ),
  },
  {
    id: 'auth.metadata.authorization-servers',
    spec: MCP_REVISION,
    section: 'Authorization §Authorization Server Location',
    level: 'MUST',
    summary:
      'The protected resource metadata document is a JSON object whose authorization_servers lists at least one issuer URL.',
    note: in2026('Authorization Server Discovery', 'Authorization Server Location'),
  },
  {
    id: 'auth.metadata.resource',
    spec: RFC_9728,
    section: '§3.3 Protected Resource Metadata Validation',
    level: 'MUST',
    summary:
      "The document's resource is the server's canonical URI: the MCP endpoint the request went to (from the challenge's resource_metadata or the path-suffixed well-known URI), or that or its origin (from the root well-known URI).",
    note: 'From the root well-known URI the endpoint itself is accepted too: MCP 2025-11-25 Authorization §Protected Resource Metadata Discovery Requirements lets an endpoint with a path publish there.',
  },
  {
    id: 'auth.token.accepted',
    spec: RFC_6750,
    section: '§2.1 Authorization Request Header Field',
    level: 'MUST',
    summary:
      'A valid token for this resource from a trusted issuer, sent in the Authorization header, gets the request served (HTTP 2xx).',
    phrase: 'resource servers support the Authorization header method',
  },
  {
    id: 'auth.token.audience',
    spec: MCP_REVISION,
    section: 'Authorization §Token Handling',
    level: 'MUST',
    summary:
      'A token issued for another resource (RFC 8707 audience) is refused with HTTP 401: the server accepts only tokens meant for it.',
    phrase: 'validate that tokens were issued for them as the audience',
    note: in2026('Authorization', 'Token Handling'),
  },
  {
    id: 'auth.token.expired',
    spec: MCP_REVISION,
    section: 'Authorization §Token Handling',
    level: 'MUST',
    summary: 'An expired token is refused with HTTP 401.',
    phrase: 'invalid or expired tokens receive 401',
    note: in2026('Authorization', 'Token Handling'),
  },
  {
    id: 'auth.token.signature',
    spec: MCP_REVISION,
    section: 'Authorization §Token Handling',
    level: 'MUST',
    summary:
      "A token whose signature does not verify against the issuer's published keys is refused with HTTP 401.",
    phrase: 'validate access tokens (OAuth 2.1 §5.2); invalid tokens receive 401',
    note: in2026('Authorization', 'Token Handling'),
  },
  {
    id: 'auth.token.invalid-token-error',
    spec: RFC_6750,
    section: '§3 The WWW-Authenticate Response Header Field; §3.1 Error Codes',
    level: 'SHOULD',
    summary:
      'The 401 for a token that was presented and refused carries error="invalid_token" on its Bearer challenge.',
  },
  {
    id: 'auth.scope.insufficient',
    spec: MCP_REVISION,
    section: 'Authorization §Scope Challenge Handling: Runtime Insufficient Scope Errors',
    level: 'SHOULD',
    summary:
      'A call needing a scope the token lacks gets HTTP 403 with a Bearer challenge carrying error="insufficient_scope", a scope naming the needed scope and resource_metadata.',
    note: in2026('Authorization', 'Scope Challenge Handling: Runtime Insufficient Scope Errors'),
  },
];
