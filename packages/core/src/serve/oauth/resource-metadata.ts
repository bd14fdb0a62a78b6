/**
 * The protected-resource metadata document (RFC 9728 §2) and where it is served (RFC 9728 §3.1:
 * the well-known prefix inserted between the host and the resource's path, plus the bare prefix
 * for clients that probe the root, as MCP 2025-11-25 Authorization "Protected Resource Metadata
 * Discovery Requirements" describes).
 *
 * @module
 */

/** The well-known prefix of RFC 9728 §3. */
export const PROTECTED_RESOURCE_WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** The RFC 9728 §2 fields this server publishes. */
export interface ProtectedResourceMetadata {
  /** The resource's canonical URI. */
  readonly resource: string;
  /** The issuers a client may get tokens from. */
  readonly authorization_servers: readonly string[];
  /** How a token is sent: the `Authorization` header only (RFC 6750 §2.1). */
  readonly bearer_methods_supported: readonly ['header'];
  /** The scopes a client may ask for. */
  readonly scopes_supported?: readonly string[];
}

/** The metadata URL of `resource` (RFC 9728 §3.1), the one the 401 challenge names. */
export function metadataUrlOf(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/u, '');
  return `${url.origin}${PROTECTED_RESOURCE_WELL_KNOWN}${path}`;
}

/** The local paths the document is served at: the path-suffixed one and the bare prefix. */
export function metadataPathsOf(resource: string): string[] {
  const suffixed = new URL(metadataUrlOf(resource)).pathname;
  return [...new Set([suffixed, PROTECTED_RESOURCE_WELL_KNOWN])];
}

/** The document for `resource`. */
export function protectedResourceMetadata(
  resource: string,
  authorizationServers: readonly string[],
  scopesSupported: readonly string[] | undefined,
): ProtectedResourceMetadata {
  return {
    resource,
    authorization_servers: authorizationServers,
    bearer_methods_supported: ['header'],
    ...(scopesSupported === undefined ? {} : { scopes_supported: scopesSupported }),
  };
}
