/**
 * The test issuer: a tiny authorization server of the conformance kit, on loopback, that serves
 * its JWKS and its RFC 8414 metadata and mints the access tokens the `mcp-auth` checks send
 * (valid, for another audience, expired, signed by a key it does not publish, short of scope).
 *
 * It never runs an authorization flow: it exists so a target started with `--oauth FILE` has an
 * issuer to trust and the checks have tokens to present.
 *
 * @module
 */

import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/** The JWS algorithm of every token the issuer mints. */
export const TEST_ISSUER_ALGORITHM = 'ES256';

/** The path of the issuer's JWKS. */
const JWKS_PATH = '/jwks';

/** The subject of every token (one test caller). */
const SUBJECT = 'x-conformance';

/** What a minted token claims. */
export interface TokenClaims {
  /** The `aud` claim: the resource the token is for. */
  readonly audience: string;
  /** The `scope` claim, space-separated (absent: no scope claim). */
  readonly scope?: string;
  /** Seconds from now until `exp`; negative for a token that has expired. */
  readonly expiresIn: number;
  /** The `jti` claim (absent: none). */
  readonly id?: string;
  /** Sign with a key the JWKS does not publish (a token with a bad signature). */
  readonly foreignKey?: boolean;
}

/** A running test issuer. */
export interface TestIssuer {
  /** The issuer identifier (`iss`), `http://127.0.0.1:PORT`. */
  readonly issuer: string;
  /** The URL of its JWKS. */
  readonly jwksUri: string;
  /** Mints one signed JWT access token. */
  mint(claims: TokenClaims): Promise<string>;
  /** Stops serving. */
  close(): Promise<void>;
}

/** Starts a test issuer on 127.0.0.1 and an ephemeral port, with a fresh key pair. */
export async function startTestIssuer(): Promise<TestIssuer> {
  const published = await generateKeyPair(TEST_ISSUER_ALGORITHM);
  const foreign = await generateKeyPair(TEST_ISSUER_ALGORITHM);
  const keyId = 'x-conformance-1';
  const jwk: JWK = {
    ...(await exportJWK(published.publicKey)),
    kid: keyId,
    alg: TEST_ISSUER_ALGORITHM,
    use: 'sig',
  };
  let issuer = '';
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const body =
      path === JWKS_PATH
        ? { keys: [jwk] }
        : path === '/.well-known/oauth-authorization-server' ||
            path === '/.well-known/openid-configuration'
          ? {
              issuer,
              jwks_uri: `${issuer}${JWKS_PATH}`,
              response_types_supported: ['code'],
              grant_types_supported: ['client_credentials'],
              code_challenge_methods_supported: ['S256'],
            }
          : undefined;
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { error: 'not_found' }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    jwksUri: `${issuer}${JWKS_PATH}`,
    mint: async (claims) => {
      const now = Math.floor(Date.now() / 1000);
      const token = new SignJWT(claims.scope === undefined ? {} : { scope: claims.scope })
        .setProtectedHeader({ alg: TEST_ISSUER_ALGORITHM, kid: keyId, typ: 'at+jwt' })
        .setIssuer(issuer)
        .setSubject(SUBJECT)
        .setAudience(claims.audience)
        .setIssuedAt(Math.min(now, now + claims.expiresIn - 60))
        .setExpirationTime(now + claims.expiresIn);
      if (claims.id !== undefined) token.setJti(claims.id);
      return token.sign(claims.foreignKey === true ? foreign.privateKey : published.privateKey);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
