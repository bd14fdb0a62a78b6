/**
 * `x-gateway serve --http --oauth` spawned as a process in front of a real OpenID Provider
 * (`oidc-provider`), in both MCP eras: a token for the gateway works; a token for another
 * resource, an expired one, one with a broken signature and none at all get 401 with the
 * RFC 9728 challenge; a token short of scope gets 403 insufficient_scope on a tool_execute of the
 * guarded tool; the metadata document is served; a 2025 session refuses another principal.
 */

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type GatewayProcess,
  payload,
  startGateway,
  writeGatewayConfig,
} from './gateway-processes.js';
import { type OidcIssuer, startOidcIssuer } from './oidc-issuer.js';

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';
const POST_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

let folder: string;
let issuer: OidcIssuer;
let gateway: GatewayProcess;
/** The gateway's canonical URI (the served MCP URL). */
let resource: string;
/** The tool ids of the upstream's `note` (guarded by mcp:admin) and `work` (not guarded). */
const toolIds = { note: '', work: '' };

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-gateway-oauth-'));
  issuer = await startOidcIssuer();
  const oauthFile = join(folder, 'oauth.json');
  // No jwksUri: the gateway finds the keys through the provider's metadata.
  await writeFile(
    oauthFile,
    JSON.stringify({
      issuer: issuer.issuer,
      scopesSupported: ['mcp', 'mcp:admin'],
      toolScopes: { note: 'mcp:admin' },
      roles: { scopes: [{ scope: 'mcp:admin', role: 'admin' }], default: 'user' },
    }),
  );
  gateway = await startGateway(await writeGatewayConfig(folder), ['--oauth', oauthFile]);
  resource = gateway.url.href;
  const client = await connect('legacy', await issuer.token('alice', resource, 'mcp mcp:admin'));
  for (const name of ['note', 'work'] as const) {
    const browsed = await client.callTool({
      name: 'tool_browse',
      arguments: { query: name === 'note' ? 'write a short note' : 'numbered work', top_k: 1 },
    });
    const [card] = payload(browsed).cards as { id: string }[];
    expect(card?.id).toMatch(new RegExp(`^jobs:${name}`));
    toolIds[name] = card?.id ?? '';
  }
  await client.close();
});

afterAll(async () => {
  await gateway?.stop();
  await issuer?.close();
  await rm(folder, { recursive: true, force: true });
});

async function connect(era: 'legacy' | 'modern', token: string): Promise<Client> {
  const client = new Client(
    { name: 'oauth-test', version: '1.0.0' },
    era === 'legacy' ? {} : { versionNegotiation: { mode: { pin: MODERN } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(gateway.url, {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** One raw POST of `body` to the gateway. */
function post(body: unknown, headers: Record<string, string>): Promise<Response> {
  return fetch(gateway.url, {
    method: 'POST',
    headers: { ...POST_HEADERS, ...headers },
    body: JSON.stringify(body),
  });
}

function authorization(token: string | undefined): Record<string, string> {
  return token === undefined ? {} : { authorization: `Bearer ${token}` };
}

/** Opens a 2025 session with `token`: its id. */
async function openSession(token: string): Promise<string> {
  const response = await post(
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: LEGACY,
        capabilities: {},
        clientInfo: { name: 'raw', version: '1.0.0' },
      },
    },
    authorization(token),
  );
  expect(response.status).toBe(200);
  await response.text();
  return response.headers.get('mcp-session-id') ?? '';
}

/** A `tools/call` of `name` in `era` with `token` (a 2025 call opens its session first). */
async function callTool(
  era: 'legacy' | 'modern',
  token: string | undefined,
  name: string,
  args: Record<string, unknown>,
): Promise<Response> {
  const params = { name, arguments: args };
  if (era === 'legacy') {
    const sessionId = token === undefined ? 'none' : await openSession(token);
    return post(
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params },
      { ...authorization(token), 'mcp-session-id': sessionId, 'mcp-protocol-version': LEGACY },
    );
  }
  return post(
    {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN,
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    },
    {
      ...authorization(token),
      'mcp-protocol-version': MODERN,
      'mcp-method': 'tools/call',
      'mcp-name': name,
    },
  );
}

/** Why each refused token is refused, as the challenge's error_description says. */
const REASONS: Record<string, string> = {
  audience: "the token's aud claim is not accepted",
  expired: 'the token has expired',
  signature: 'the token signature does not verify',
};

function metadataUrl(): string {
  return `${gateway.url.origin}/.well-known/oauth-protected-resource/mcp`;
}

/** A token of alice for `resource`, issued as if an hour ago (so it has expired). */
async function expiredToken(): Promise<string> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - 3_600_000);
  try {
    return await issuer.token('alice', resource, 'mcp');
  } finally {
    vi.useRealTimers();
  }
}

describe('x-gateway serve --oauth', () => {
  it('serves the protected-resource metadata at both well-known paths', async () => {
    for (const url of [
      metadataUrl(),
      `${gateway.url.origin}/.well-known/oauth-protected-resource`,
    ]) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        resource,
        authorization_servers: [issuer.issuer],
        bearer_methods_supported: ['header'],
        scopes_supported: ['mcp', 'mcp:admin'],
      });
    }
  });

  describe.each(['legacy', 'modern'] as const)('in the %s era', (era) => {
    it('serves a token issued for the gateway', async () => {
      const client = await connect(era, await issuer.token('bob', resource, 'mcp'));
      expect(client.getProtocolEra()).toBe(era);
      const executed = await client.callTool({
        name: 'tool_execute',
        arguments: { tool_id: toolIds.work, args: { n: 7 } },
      });
      expect(executed.isError).not.toBe(true);
      expect(JSON.stringify(payload(executed))).toContain('7');
      await client.close();
    });

    it('refuses a missing, wrong-audience, expired or badly signed token with 401', async () => {
      const valid = await issuer.token('alice', resource, 'mcp');
      const [header = '', body = '', signature = ''] = valid.split('.');
      const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      const refused = {
        audience: await issuer.token('alice', 'http://127.0.0.1:9/mcp', 'mcp'),
        expired: await expiredToken(),
        signature: `${header}.${body}.${flipped}`,
      };
      const missing = await callTool(era, undefined, 'tool_browse', { query: 'note' });
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${metadataUrl()}"`,
      );
      for (const [name, token] of Object.entries(refused)) {
        const response = await post(
          { jsonrpc: '2.0', id: 1, method: 'tools/list' },
          { ...authorization(token), 'mcp-protocol-version': era === 'modern' ? MODERN : LEGACY },
        );
        expect(response.status, name).toBe(401);
        const challenge = response.headers.get('www-authenticate') ?? '';
        expect(challenge, name).toMatch(
          new RegExp(`^Bearer resource_metadata="${metadataUrl()}", error="invalid_token"`),
        );
        expect(challenge, name).toContain(`error_description="${REASONS[name]}"`);
        expect(`${challenge}${await response.text()}`, name).not.toContain(token);
      }
    });

    it('answers 403 insufficient_scope on a tool_execute of a tool its scope does not cover', async () => {
      const limited = await issuer.token('bob', resource, 'mcp');
      const guarded = await callTool(era, limited, 'tool_execute', {
        tool_id: toolIds.note,
        args: { text: 'hello' },
      });
      expect(guarded.status).toBe(403);
      expect(guarded.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${metadataUrl()}", error="insufficient_scope", scope="mcp:admin"`,
      );
      const admin = await issuer.token('bob', resource, 'mcp mcp:admin');
      const allowed = await callTool(era, admin, 'tool_execute', {
        tool_id: toolIds.note,
        args: { text: 'hello' },
      });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toContain('hello');
    });
  });

  it('keeps a 2025 session bound to the principal that opened it', async () => {
    const alice = await issuer.token('alice', resource, 'mcp');
    const sessionId = await openSession(alice);
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': LEGACY };
    const bob = await issuer.token('bob', resource, 'mcp');
    const stolen = await post(list, { ...authorization(bob), ...headers });
    expect(stolen.status).toBe(403);
    // Another token of alice (a renewal) still reaches her session.
    const renewed = await issuer.token('alice', resource, 'mcp mcp:admin');
    const own = await post(list, { ...authorization(renewed), ...headers });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('tool_browse');
  });
});
