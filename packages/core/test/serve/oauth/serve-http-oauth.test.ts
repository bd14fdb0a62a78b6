import { afterEach, describe, expect, it, vi } from 'vitest';
import { principalScope } from '../../../src/serve/caller-scope.js';
import {
  type HttpServeOptions,
  type OAuthResourceOptions,
  principalFingerprint,
  type RunningHttpServer,
  serveHttp,
} from '../../../src/serve/index.js';
import {
  createCounterFactory,
  errorCode,
  INITIALIZE_REQUEST,
  MODERN,
  MODERN_ENVELOPE,
  POST_HEADERS,
  rawRequest,
} from '../helpers.js';
import { type JoseIssuer, startJoseIssuer } from './jose-issuer.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function issuerOf(metadata: 'oauth' | 'openid' = 'oauth'): Promise<JoseIssuer> {
  const issuer = await startJoseIssuer(metadata);
  cleanups.push(() => issuer.close());
  return issuer;
}

async function start(oauth: OAuthResourceOptions, extra: Partial<HttpServeOptions> = {}) {
  const counter = createCounterFactory();
  const errors: unknown[] = [];
  const running = await serveHttp(counter.factory, {
    port: 0,
    oauth,
    onError: (error) => errors.push(error),
    ...extra,
  });
  cleanups.push(() => running.close());
  return { running, errors, ...counter };
}

function post(running: RunningHttpServer, body: unknown, headers: Record<string, string> = {}) {
  return rawRequest(running.url, {
    method: 'POST',
    headers: { ...POST_HEADERS, ...headers },
    body: JSON.stringify(body),
  });
}

function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

function metadataUrl(running: RunningHttpServer): string {
  return `${running.url.origin}/.well-known/oauth-protected-resource/mcp`;
}

/** A 2025 session opened with `token`: its id. */
async function openSession(running: RunningHttpServer, token: string): Promise<string> {
  const response = await post(running, INITIALIZE_REQUEST, bearer(token));
  expect(response.status).toBe(200);
  const id = response.headers['mcp-session-id'];
  expect(typeof id).toBe('string');
  return id as string;
}

function legacyCall(name: string) {
  return { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: {} } };
}

function modernCall(name: string) {
  return {
    headers: { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': name },
    body: {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name, arguments: {}, _meta: MODERN_ENVELOPE },
    },
  };
}

describe('serveHttp with oauth', () => {
  it('refuses a request without a token with 401 naming the metadata, and serves the metadata', async () => {
    const issuer = await issuerOf();
    const { running, contexts } = await start({
      issuer: issuer.issuer,
      jwksUri: issuer.jwksUri,
      scopesSupported: ['mcp', 'counter:write'],
    });
    const refused = await post(running, INITIALIZE_REQUEST);
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${metadataUrl(running)}"`,
    );
    expect(errorCode(refused)).toBe(-32000);
    expect(contexts).toHaveLength(0);
    for (const path of [
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
    ]) {
      const document = await rawRequest(new URL(path, running.url));
      expect(document.status).toBe(200);
      expect(JSON.parse(document.text)).toEqual({
        resource: running.url.href,
        authorization_servers: [issuer.issuer],
        bearer_methods_supported: ['header'],
        scopes_supported: ['mcp', 'counter:write'],
      });
    }
  });

  it('serves a token for its resource, with the principal scope and the mapped role', async () => {
    const issuer = await issuerOf();
    const { running, contexts } = await start({
      issuer: issuer.issuer,
      jwksUri: issuer.jwksUri,
      roles: { scopes: [{ scope: 'counter:write', role: 'writer' }], default: 'reader' },
    });
    const writer = await issuer.mint({ audience: running.url.href, scope: 'mcp counter:write' });
    await openSession(running, writer);
    const reader = await issuer.mint({ audience: running.url.href, subject: 'bob', scope: 'mcp' });
    const modern = modernCall('increment');
    const answered = await post(running, modern.body, { ...modern.headers, ...bearer(reader) });
    expect(answered.status).toBe(200);
    expect(answered.text).toContain('"text":"1"');
    const fingerprint = (subject: string) =>
      principalFingerprint({ issuer: issuer.issuer, subject });
    expect(contexts.map(({ role, scope, era }) => ({ role, scope, era }))).toEqual([
      { role: 'writer', scope: principalScope(fingerprint('alice')), era: 'legacy' },
      { role: 'reader', scope: principalScope(fingerprint('bob')), era: 'modern' },
    ]);
  });

  it('refuses a wrong audience, an expired token, a bad signature and garbage with invalid_token', async () => {
    const issuer = await issuerOf();
    const { running, contexts } = await start({ issuer: issuer.issuer, jwksUri: issuer.jwksUri });
    const audience = running.url.href;
    const tokens = {
      audience: await issuer.mint({ audience: 'http://127.0.0.1:1/mcp' }),
      expired: await issuer.mint({ audience, expiresIn: -120 }),
      signature: await issuer.mint({ audience, foreignKey: true }),
      garbage: 'not-a-jwt-0123456789',
      malformed: 'eyJhbGciOiJFUzI1NiJ9.e30.',
      symmetric: 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln',
    };
    for (const [name, token] of Object.entries(tokens)) {
      const response = await post(running, INITIALIZE_REQUEST, bearer(token));
      expect(response.status, name).toBe(401);
      const challenge = response.headers['www-authenticate'] as string;
      expect(challenge, name).toMatch(
        new RegExp(`^Bearer resource_metadata="${metadataUrl(running)}", error="invalid_token"`),
      );
      expect(challenge, name).not.toContain(token);
      expect(response.text, name).not.toContain(token);
    }
    expect(contexts).toHaveLength(0);
  });

  it('keeps a 2025 session bound to the principal that opened it', async () => {
    const issuer = await issuerOf();
    const { running } = await start({ issuer: issuer.issuer, jwksUri: issuer.jwksUri });
    const alice = await issuer.mint({ audience: running.url.href });
    const sessionId = await openSession(running, alice);
    const bob = await issuer.mint({ audience: running.url.href, subject: 'bob' });
    const stolen = await post(running, legacyCall('increment'), {
      ...bearer(bob),
      'mcp-session-id': sessionId,
    });
    expect(stolen.status).toBe(403);
    // A fresh token of the same principal (a refresh) still reaches the session.
    const refreshed = await issuer.mint({ audience: running.url.href, claims: { jti: 'second' } });
    const own = await post(running, legacyCall('increment'), {
      ...bearer(refreshed),
      'mcp-session-id': sessionId,
    });
    expect(own.status).toBe(200);
    expect(own.text).toContain('"text":"1"');
  });

  it.each(['legacy', 'modern'] as const)(
    'answers a call short of scope with 403 insufficient_scope (%s)',
    async (era) => {
      const issuer = await issuerOf();
      const { running } = await start({
        issuer: issuer.issuer,
        jwksUri: issuer.jwksUri,
        toolScopes: { 'incr*': 'counter:write' },
      });
      const send = async (token: string) => {
        if (era === 'modern') {
          const call = modernCall('increment');
          return post(running, call.body, { ...call.headers, ...bearer(token) });
        }
        const sessionId = await openSession(running, token);
        return post(running, legacyCall('increment'), {
          ...bearer(token),
          'mcp-session-id': sessionId,
        });
      };
      const limited = await send(await issuer.mint({ audience: running.url.href, scope: 'mcp' }));
      expect(limited.status).toBe(403);
      expect(limited.headers['www-authenticate']).toBe(
        `Bearer resource_metadata="${metadataUrl(running)}", error="insufficient_scope", scope="counter:write"`,
      );
      const granted = await send(
        await issuer.mint({
          audience: running.url.href,
          subject: 'carol',
          scope: 'mcp counter:write',
        }),
      );
      expect(granted.status).toBe(200);
      expect(granted.text).toContain('"text":"1"');
    },
  );

  it('answers 503, not 401, while the keys cannot be read, and recovers', async () => {
    const issuer = await issuerOf();
    const closed = await issuerOf();
    const unreachable = closed.jwksUri;
    await closed.close();
    const { running, errors } = await start({ issuer: issuer.issuer, jwksUri: unreachable });
    const token = await issuer.mint({ audience: running.url.href });
    const response = await post(running, INITIALIZE_REQUEST, bearer(token));
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).not.toContain(token);
    // A token that is no JWT at all is refused without the keys.
    const malformed = await post(running, INITIALIZE_REQUEST, bearer('a.b.c'));
    expect(malformed.status).toBe(401);
    expect(malformed.headers['www-authenticate']).toContain('error="invalid_token"');
    // The server is still up: the metadata answers.
    const document = await rawRequest(new URL(metadataUrl(running)));
    expect(document.status).toBe(200);
  });

  it.each(['oauth', 'openid'] as const)(
    'finds the keys through the issuer metadata (%s)',
    async (metadata) => {
      const issuer = await issuerOf(metadata);
      const { running } = await start({ issuer: issuer.issuer });
      await openSession(running, await issuer.mint({ audience: running.url.href }));
      expect(issuer.jwksRequests()).toBe(1);
    },
  );

  it('checks an opaque token by introspection', async () => {
    const issuer = await issuerOf();
    vi.stubEnv('X_TEST_INTROSPECTION_SECRET', 'introspection-secret');
    cleanups.push(async () => {
      vi.unstubAllEnvs();
    });
    const { running, contexts } = await start(
      {
        issuer: issuer.issuer,
        jwksUri: issuer.jwksUri,
        introspection: {
          endpoint: issuer.introspectionEndpoint,
          clientId: 'rs',
          clientSecretEnv: 'X_TEST_INTROSPECTION_SECRET',
        },
      },
      {},
    );
    issuer.registerOpaque('opaque-active-0123', {
      active: true,
      iss: issuer.issuer,
      aud: running.url.href,
      client_id: 'service',
      scope: 'mcp',
    });
    issuer.registerOpaque('opaque-other-0123', {
      active: true,
      aud: 'http://127.0.0.1:1/mcp',
      sub: 'x',
    });
    await openSession(running, 'opaque-active-0123');
    expect(contexts[0]?.scope).toBe(
      principalScope(principalFingerprint({ issuer: issuer.issuer, subject: 'service' })),
    );
    for (const token of ['opaque-other-0123', 'opaque-unknown-0123']) {
      const response = await post(running, INITIALIZE_REQUEST, bearer(token));
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toContain('error="invalid_token"');
    }
  });

  it('refuses tokens and oauth together, and a missing introspection secret', async () => {
    const { factory } = createCounterFactory();
    await expect(
      serveHttp(factory, {
        port: 0,
        tokens: { 'static-token-0123456789': 'admin' },
        oauth: { issuer: 'https://as.example' },
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('oauth'),
    });
    await expect(
      serveHttp(factory, {
        port: 0,
        oauth: {
          issuer: 'https://as.example',
          introspection: {
            endpoint: 'https://as.example/introspect',
            clientId: 'rs',
            clientSecretEnv: 'X_TEST_UNSET_SECRET',
          },
        },
      }),
    ).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });
});
