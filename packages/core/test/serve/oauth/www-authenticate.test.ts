import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatBearerChallenge,
  parseScopes,
  quoteHeaderValue,
} from '../../../src/serve/oauth/www-authenticate.js';

/** Reads the auth-params of one Bearer challenge (RFC 9110 §11.6.1), unquoting quoted-strings. */
function readChallenge(header: string): { scheme: string; params: Record<string, string> } {
  const [, scheme = '', rest = ''] = /^(\S+) (.*)$/su.exec(header) ?? [];
  const params: Record<string, string> = {};
  const pattern = /([A-Za-z_]+)="((?:[^"\\]|\\.)*)"(?:, |$)/gu;
  let consumed = 0;
  for (const match of rest.matchAll(pattern)) {
    expect(match.index).toBe(consumed);
    consumed += match[0].length;
    params[match[1] as string] = (match[2] as string).replace(/\\(.)/gu, '$1');
  }
  expect(consumed).toBe(rest.length);
  return { scheme, params };
}

const scopeToken = fc.stringMatching(/^[\x21\x23-\x5B\x5D-\x7E]{1,12}$/u);

describe('formatBearerChallenge', () => {
  it('names the metadata alone when no token was sent (RFC 9728 §5.1)', () => {
    expect(
      formatBearerChallenge({
        resourceMetadata: 'https://mcp.example/.well-known/oauth-protected-resource/mcp',
      }),
    ).toBe(
      'Bearer resource_metadata="https://mcp.example/.well-known/oauth-protected-resource/mcp"',
    );
  });

  it('adds the error, the description and the scopes in a fixed order', () => {
    expect(
      formatBearerChallenge({
        resourceMetadata: 'https://m.example/.well-known/oauth-protected-resource',
        error: 'insufficient_scope',
        errorDescription: 'needs "admin"',
        scopes: ['mcp:admin', 'mcp:write'],
      }),
    ).toBe(
      'Bearer resource_metadata="https://m.example/.well-known/oauth-protected-resource", error="insufficient_scope", error_description="needs \\"admin\\"", scope="mcp:admin mcp:write"',
    );
  });

  it('round-trips through a quoted-string parser for any values', () => {
    fc.assert(
      fc.property(
        fc.webUrl(),
        fc.constantFrom('invalid_request', 'invalid_token', 'insufficient_scope', undefined),
        fc.option(fc.string({ unit: 'binary' }), { nil: undefined }),
        fc.uniqueArray(scopeToken, { maxLength: 5 }),
        (url, error, description, scopes) => {
          const header = formatBearerChallenge({
            resourceMetadata: url,
            ...(error === undefined ? {} : { error }),
            ...(description === undefined ? {} : { errorDescription: description }),
            scopes,
          });
          expect(header).toMatch(/^[\x20-\x7E]*$/u);
          const { scheme, params } = readChallenge(header);
          expect(scheme).toBe('Bearer');
          expect(params.resource_metadata).toBe(url);
          expect(params.error).toBe(error);
          expect(params.error_description).toBe(description?.replace(/[^\x20-\x7E]/gu, '?'));
          expect(params.scope === undefined ? [] : parseScopes(params.scope)).toEqual(scopes);
        },
      ),
    );
  });

  it('quotes any string into one printable quoted-string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const quoted = quoteHeaderValue(value);
        expect(quoted).toMatch(/^"(?:[\x20\x21\x23-\x5B\x5D-\x7E]|\\["\\])*"$/u);
      }),
    );
  });
});

describe('parseScopes', () => {
  it('reads a space-separated claim and an array claim', () => {
    expect(parseScopes('mcp  mcp:admin mcp')).toEqual(['mcp', 'mcp:admin']);
    expect(parseScopes(['mcp', 7, 'mcp:admin'])).toEqual(['mcp', 'mcp:admin']);
    expect(parseScopes(undefined)).toEqual([]);
    expect(parseScopes({ scope: 'mcp' })).toEqual([]);
  });

  it('gives back the distinct tokens of any space-joined list, in order', () => {
    fc.assert(
      fc.property(
        fc.array(scopeToken, { maxLength: 8 }),
        fc.integer({ min: 1, max: 3 }),
        (scopes, gap) => {
          expect(parseScopes(scopes.join(' '.repeat(gap)))).toEqual([...new Set(scopes)]);
          expect(parseScopes(scopes)).toEqual([...new Set(scopes)]);
        },
      ),
    );
  });
});
