/**
 * The defects of the OAuth resource server fixture (`test/fixtures/auth/oauth-server.mjs
 * --defect NAME`, over Streamable HTTP, started by the kit with `--oauth FILE`), each breaking
 * one requirement, and the failure it causes.
 *
 * @module
 */

import type { DefectTable } from '../../defect.js';

/** The defect table of `mcp-auth`. */
export const mcpAuthDefects: DefectTable = {
  fixture: 'test/fixtures/auth/oauth-server.mjs',
  defects: [
    {
      requirement: 'auth.unauthenticated.401',
      defect: 'no-401',
      failure: /^a request without a token gets HTTP 200, not 401$/,
    },
    {
      requirement: 'auth.challenge.bearer',
      defect: 'no-www-authenticate',
      failure: /^the HTTP 401 without a token has no WWW-Authenticate header$/,
    },
    {
      requirement: 'auth.discovery.resource-metadata',
      defect: 'no-discovery',
      failure:
        /^no resource_metadata on the 401 challenge, and http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp answers HTTP 404, http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource answers HTTP 404$/,
    },
    {
      requirement: 'auth.metadata.authorization-servers',
      defect: 'no-authorization-servers',
      failure:
        /^http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp: authorization_servers is empty$/,
    },
    {
      requirement: 'auth.metadata.resource',
      defect: 'wrong-resource',
      failure:
        /^http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp: resource is http:\/\/127\.0\.0\.1:\d+\/other, not the endpoint http:\/\/127\.0\.0\.1:\d+\/mcp$/,
    },
    {
      requirement: 'auth.token.accepted',
      defect: 'first-token-only',
      failure: /^a valid token for http:\/\/127\.0\.0\.1:\d+\/mcp gets HTTP 401$/,
    },
    {
      requirement: 'auth.token.audience',
      defect: 'any-audience',
      failure: /^a token for another resource gets HTTP 200, not 401$/,
    },
    {
      requirement: 'auth.token.expired',
      defect: 'accept-expired',
      failure: /^a token that has expired gets HTTP 200, not 401$/,
    },
    {
      requirement: 'auth.token.signature',
      defect: 'skip-signature',
      failure: /^a token signed by a key the issuer does not publish gets HTTP 200, not 401$/,
    },
    {
      requirement: 'auth.token.invalid-token-error',
      defect: 'no-error-code',
      failure: /^the 401 of an expired token says no error, not error="invalid_token"$/,
    },
    {
      requirement: 'auth.scope.insufficient',
      defect: 'scope-unenforced',
      failure: /^calling admin-reset without mcp:admin gets HTTP 200, not 403$/,
    },
  ],
};
