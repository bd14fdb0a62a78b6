/**
 * The OAuth 2.1 resource server of `serveHttp` (MCP 2025-11-25 and 2026-07-28 Authorization):
 * one object that checks a request's bearer token, names its principal and role, checks tool
 * scopes, and knows its metadata document and challenge.
 *
 * @module
 */

import { CoreError } from '../../errors.js';
import { createIntrospector, type Introspector } from './introspection.js';
import { createJwtVerifier } from './jwt-verifier.js';
import { DEFAULT_ALGORITHMS, type OAuthResourceOptions } from './oauth-options.js';
import { principalFingerprint, roleOf } from './principal.js';
import {
  metadataPathsOf,
  metadataUrlOf,
  type ProtectedResourceMetadata,
  protectedResourceMetadata,
} from './resource-metadata.js';
import type { TokenVerdict } from './token-verdict.js';
import { type CallTargets, createToolScopeCheck, type ToolScopeCheck } from './tool-scopes.js';
import { type BearerChallenge, formatBearerChallenge } from './www-authenticate.js';

/** A compact JWS: three base64url segments (RFC 7515 §7.1). */
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/u;

/** The outcome of {@link OAuthResourceServer.authenticate}. */
export type OAuthAuthentication =
  | { readonly outcome: 'missing' }
  | { readonly outcome: 'invalid'; readonly reason: string }
  | { readonly outcome: 'unavailable'; readonly reason: string }
  | {
      readonly outcome: 'accepted';
      /** The hex fingerprint of `[iss, sub or client_id]`. */
      readonly fingerprint: string;
      /** The mapped role. */
      readonly role: string | undefined;
      /** The scopes the token grants. */
      readonly scopes: readonly string[];
    };

/** A running resource server's checks and documents. */
export interface OAuthResourceServer {
  /** The canonical URI tokens must be issued for. */
  readonly resource: string;
  /** The metadata document. */
  readonly metadata: ProtectedResourceMetadata;
  /** The local paths the metadata is served at. */
  readonly metadataPaths: readonly string[];
  /** Checks an `Authorization` header value. */
  authenticate(authorization: string | undefined): Promise<OAuthAuthentication>;
  /** The scopes missing for a JSON-RPC body's tool calls (empty: allowed). */
  readonly missingScopes: ToolScopeCheck;
  /** A `WWW-Authenticate` value naming the metadata, with the given error and scopes. */
  challenge(details?: Omit<BearerChallenge, 'resourceMetadata'>): string;
}

/** What {@link createOAuthResourceServer} needs besides the options. */
export interface OAuthResourceServerContext {
  /** The served MCP URL, the default `resource`. */
  readonly servedUrl: string;
  /** The tools a `tools/call` reaches through another tool (a gateway's `tool_execute`). */
  readonly callTargets?: CallTargets | undefined;
  /** Where environment variables are read (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Builds the resource server of `options`.
 *
 * @throws CoreError `CONFIG_INVALID` when introspection's secret variable is unset.
 */
export function createOAuthResourceServer(
  options: OAuthResourceOptions,
  context: OAuthResourceServerContext,
): OAuthResourceServer {
  const resource = options.resource ?? context.servedUrl;
  const clockToleranceSeconds = options.clockToleranceSeconds ?? 0;
  const verifyJwt = createJwtVerifier({
    issuer: options.issuer,
    jwksUri: options.jwksUri,
    audience: resource,
    algorithms: options.algorithms ?? DEFAULT_ALGORITHMS,
    clockToleranceSeconds,
  });
  const introspect = introspectorOf(options, resource, clockToleranceSeconds, context.env);
  const metadataUrl = metadataUrlOf(resource);
  const verify = (token: string): Promise<TokenVerdict> => {
    if (COMPACT_JWS.test(token)) return verifyJwt(token);
    if (introspect !== undefined) return introspect(token);
    return Promise.resolve({ outcome: 'invalid', reason: 'the token is not a JWT' });
  };
  return {
    resource,
    metadata: protectedResourceMetadata(
      resource,
      options.authorizationServers ?? [options.issuer],
      options.scopesSupported,
    ),
    metadataPaths: metadataPathsOf(resource),
    async authenticate(authorization) {
      const presented = /^Bearer +(\S+) *$/iu.exec(authorization ?? '')?.[1];
      if (presented === undefined) return { outcome: 'missing' };
      const verdict = await verify(presented);
      if (verdict.outcome !== 'accepted') return verdict;
      return {
        outcome: 'accepted',
        fingerprint: principalFingerprint(verdict.token),
        role: roleOf(verdict.token, options.roles),
        scopes: verdict.token.scopes,
      };
    },
    missingScopes: createToolScopeCheck(options.toolScopes ?? {}, context.callTargets),
    challenge: (details = {}) =>
      formatBearerChallenge({ resourceMetadata: metadataUrl, ...details }),
  };
}

function introspectorOf(
  options: OAuthResourceOptions,
  audience: string,
  clockToleranceSeconds: number,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Introspector | undefined {
  const { introspection } = options;
  if (introspection === undefined) return undefined;
  const clientSecret = env[introspection.clientSecretEnv];
  if (clientSecret === undefined || clientSecret === '') {
    throw new CoreError({
      code: 'CONFIG_INVALID',
      message: `The oauth introspection secret variable ${introspection.clientSecretEnv} is not set.`,
    });
  }
  return createIntrospector(introspection, {
    issuer: options.issuer,
    audience,
    clientSecret,
    clockToleranceSeconds,
  });
}
