import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OAuthResourceOptionsSchema,
  readOAuthFile,
  validateOAuthOptions,
} from '../../../src/serve/oauth/oauth-options.js';

/** The file the conformance kit writes for a target (conformance/src/auth/oauth-config.ts). */
const KIT_FILE = {
  resource: 'http://127.0.0.1:4100/mcp',
  authorizationServers: ['http://127.0.0.1:4200'],
  issuer: 'http://127.0.0.1:4200',
  jwksUri: 'http://127.0.0.1:4200/jwks',
  scopesSupported: ['mcp', 'mcp:admin'],
  toolScopes: { tool_execute: 'mcp:admin' },
};

describe('OAuthResourceOptionsSchema', () => {
  it('accepts the conformance kit file and a minimal issuer-only one', () => {
    expect(OAuthResourceOptionsSchema.parse(KIT_FILE)).toEqual(KIT_FILE);
    expect(OAuthResourceOptionsSchema.parse({ issuer: 'https://as.example' })).toEqual({
      issuer: 'https://as.example',
    });
  });

  it('accepts introspection, roles and algorithms', () => {
    const options = {
      issuer: 'https://as.example',
      introspection: {
        endpoint: 'https://as.example/introspect',
        clientId: 'mcp',
        clientSecretEnv: 'MCP_INTROSPECTION_SECRET',
      },
      roles: { claim: 'role', scopes: [{ scope: 'mcp:admin', role: 'admin' }], default: 'user' },
      algorithms: ['ES256'],
      clockToleranceSeconds: 5,
    };
    expect(OAuthResourceOptionsSchema.parse(options)).toEqual(options);
  });

  it.each([
    ['no issuer', {}, 'issuer'],
    ['an issuer that is not a URL', { issuer: 'issuer' }, 'issuer'],
    [
      'a non-http jwksUri',
      { issuer: 'https://a.example', jwksUri: 'ftp://a.example/k' },
      'jwksUri',
    ],
    ['an unknown field', { issuer: 'https://a.example', audiences: [] }, 'audiences'],
    [
      'a scope with a space',
      { issuer: 'https://a.example', scopesSupported: ['a b'] },
      'scopesSupported.0',
    ],
    [
      'a tool scope with a quote',
      { issuer: 'https://a.example', toolScopes: { x: 'a"' } },
      'toolScopes.x',
    ],
    ['the none algorithm', { issuer: 'https://a.example', algorithms: ['none'] }, 'algorithms.0'],
    ['no algorithm', { issuer: 'https://a.example', algorithms: [] }, 'algorithms'],
    [
      'a secret instead of a variable name',
      {
        issuer: 'https://a.example',
        introspection: {
          endpoint: 'https://a.example/i',
          clientId: 'c',
          clientSecretEnv: 's3cr3t!',
        },
      },
      'introspection.clientSecretEnv',
    ],
    [
      'a role rule without a role',
      { issuer: 'https://a.example', roles: { scopes: [{ scope: 'a' }] } },
      'roles.scopes.0.role',
    ],
  ])('refuses %s, naming the field', (_name, options, field) => {
    expect(() => validateOAuthOptions(options)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining(field),
      }),
    );
  });
});

describe('readOAuthFile', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'x-oauth-options-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('reads a valid file', async () => {
    const path = join(folder, 'oauth.json');
    await writeFile(path, JSON.stringify(KIT_FILE));
    expect(await readOAuthFile(path)).toEqual(KIT_FILE);
  });

  it('names the file and the problem for a missing, broken or invalid file', async () => {
    const broken = join(folder, 'broken.json');
    await writeFile(broken, '{"issuer":');
    const invalid = join(folder, 'invalid.json');
    await writeFile(invalid, JSON.stringify({ issuer: 42 }));
    for (const [path, reason] of [
      [join(folder, 'absent.json'), 'cannot be read'],
      [broken, 'is not valid JSON'],
      [invalid, 'issuer'],
    ] as const) {
      await expect(readOAuthFile(path)).rejects.toMatchObject({
        code: 'CONFIG_INVALID',
        message: expect.stringMatching(new RegExp(`${path}.*${reason}`)),
      });
    }
  });
});
