/**
 * Finding an issuer's JWKS from its metadata: RFC 8414 §3 (`/.well-known/oauth-authorization-server`
 * inserted before the issuer's path), then OpenID Connect Discovery 1.0 §4
 * (`/.well-known/openid-configuration` appended to the issuer).
 *
 * @module
 */

import { CoreError } from '../../errors.js';

/** How long one metadata request may take. */
const DISCOVERY_TIMEOUT_MS = 5_000;

/** The metadata URLs of `issuer`, in the order they are tried. */
export function issuerMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/u, '');
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

/**
 * The `jwks_uri` of `issuer`, from the first metadata document that answers with one whose
 * `issuer` is `issuer` (RFC 8414 §3.3).
 *
 * @throws CoreError `UNAVAILABLE` when no document answers, `CONFIG_INVALID` when one answers for
 * another issuer or without `jwks_uri`.
 */
export async function discoverJwksUri(
  issuer: string,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const failures: string[] = [];
  for (const url of issuerMetadataUrls(issuer)) {
    let document: unknown;
    try {
      const response = await fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
      });
      if (!response.ok) {
        failures.push(`${url}: HTTP ${response.status}`);
        continue;
      }
      document = await response.json();
    } catch (error) {
      failures.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const { issuer: named, jwks_uri: jwksUri } = (document ?? {}) as Record<string, unknown>;
    if (named !== issuer || typeof jwksUri !== 'string') {
      throw new CoreError({
        code: 'CONFIG_INVALID',
        message: `The metadata at ${url} is not issuer ${issuer}'s or has no jwks_uri.`,
        data: { url },
      });
    }
    return jwksUri;
  }
  throw new CoreError({
    code: 'UNAVAILABLE',
    message: `No metadata of issuer ${issuer} could be read (${failures.join('; ')}).`,
    data: { issuer },
  });
}
