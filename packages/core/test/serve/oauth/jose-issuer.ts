/**
 * A loopback issuer for the OAuth tests of `serveHttp`: its JWKS, its RFC 8414 metadata (or only
 * the OpenID one), an RFC 7662 introspection endpoint, and tokens minted with `jose`.
 */

import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** What a minted token claims. */
export interface MintOptions {
  audience: string;
  subject?: string;
  scope?: string;
  /** Seconds until `exp` (negative: expired). */
  expiresIn?: number;
  /** Sign with a key the JWKS does not publish, under the same `kid`. */
  foreignKey?: boolean;
  /** Extra claims. */
  claims?: Record<string, unknown>;
}

/** A running loopback issuer. */
export interface JoseIssuer {
  issuer: string;
  jwksUri: string;
  introspectionEndpoint: string;
  mint(options: MintOptions): Promise<string>;
  /** Registers an opaque token and what introspection answers for it. */
  registerOpaque(token: string, answer: Record<string, unknown>): void;
  /** How many JWKS requests arrived. */
  jwksRequests(): number;
  close(): Promise<void>;
}

/** Starts an issuer; `metadata` picks which discovery document it serves. */
export async function startJoseIssuer(
  metadata: 'oauth' | 'openid' = 'oauth',
  introspectionSecret = 'introspection-secret',
): Promise<JoseIssuer> {
  const published = await generateKeyPair('ES256');
  const foreign = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  const opaque = new Map<string, Record<string, unknown>>();
  let issuer = '';
  let jwksCount = 0;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const discovery =
      metadata === 'oauth'
        ? '/.well-known/oauth-authorization-server'
        : '/.well-known/openid-configuration';
    if (path === '/jwks') {
      jwksCount++;
      return send(200, { keys: [jwk] });
    }
    if (path === discovery) return send(200, { issuer, jwks_uri: `${issuer}/jwks` });
    if (path === '/introspect' && request.method === 'POST') {
      const expected = `Basic ${Buffer.from(`rs:${introspectionSecret}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return send(401, { error: 'invalid_client' });
      let text = '';
      request.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      request.on('end', () => {
        const token = new URLSearchParams(text).get('token') ?? '';
        send(200, opaque.get(token) ?? { active: false });
      });
      return;
    }
    send(404, { error: 'not_found' });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    introspectionEndpoint: `${issuer}/introspect`,
    async mint(options) {
      const now = Math.floor(Date.now() / 1000);
      const expiresIn = options.expiresIn ?? 300;
      return new SignJWT({
        ...(options.scope === undefined ? {} : { scope: options.scope }),
        ...options.claims,
      })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'at+jwt' })
        .setIssuer(issuer)
        .setSubject(options.subject ?? 'alice')
        .setAudience(options.audience)
        .setIssuedAt(Math.min(now, now + expiresIn - 60))
        .setExpirationTime(now + expiresIn)
        .sign(options.foreignKey === true ? foreign.privateKey : published.privateKey);
    },
    registerOpaque: (token, answer) => opaque.set(token, answer),
    jwksRequests: () => jwksCount,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
