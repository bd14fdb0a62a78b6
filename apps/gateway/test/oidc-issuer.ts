/**
 * A real OpenID Provider (`oidc-provider` from npm) on loopback for the OAuth end-to-end tests:
 * the client credentials grant with resource indicators (RFC 8707), so that each token is a JWT
 * (RFC 9068) for the resource the test names, with the scopes it asks for.
 */

import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** The scopes the provider grants for any loopback resource. */
export const RESOURCE_SCOPES = ['mcp', 'mcp:admin'] as const;

/** The clients (one principal each), all allowed every scope. */
export const CLIENTS = {
  alice: 'alice-secret-0123456789abcdef',
  bob: 'bob-secret-0123456789abcdef',
} as const;

/** A running provider. */
export interface OidcIssuer {
  /** The issuer identifier. */
  readonly issuer: string;
  /** A client credentials access token of `client` for `resource` with `scope`. */
  token(client: keyof typeof CLIENTS, resource: string, scope: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts the provider on 127.0.0.1 and an ephemeral port, with fresh keys. */
export async function startOidcIssuer(): Promise<OidcIssuer> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keys = await Promise.all(
    (['RS256', 'ES256'] as const).map(async (alg) => {
      const { privateKey } = await generateKeyPair(alg, { extractable: true });
      return { ...(await exportJWK(privateKey)), kid: `as-${alg}`, alg, use: 'sig' };
    }),
  );
  const provider = new Provider(issuer, {
    clients: Object.entries(CLIENTS).map(([clientId, secret]) => ({
      client_id: clientId,
      client_secret: secret,
      grant_types: ['client_credentials'],
      redirect_uris: [],
      response_types: [],
      scope: RESOURCE_SCOPES.join(' '),
    })),
    jwks: { keys },
    scopes: [...RESOURCE_SCOPES],
    ttl: { ClientCredentials: 300 },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        getResourceServerInfo: async (_context, resourceIndicator) => ({
          scope: RESOURCE_SCOPES.join(' '),
          audience: resourceIndicator,
          accessTokenFormat: 'jwt',
          accessTokenTTL: 300,
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    async token(client, resource, scope) {
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${client}:${CLIENTS[client]}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope, resource }),
      });
      const body = (await response.json()) as { access_token?: string; error?: string };
      if (body.access_token === undefined) {
        throw new Error(`the provider refused a token: HTTP ${response.status} ${body.error}`);
      }
      return body.access_token;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
