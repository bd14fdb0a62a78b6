import { describe, expect, it } from 'vitest';
import { principalFingerprint, roleOf } from '../../../src/serve/oauth/principal.js';

describe('principalFingerprint', () => {
  it('is one hex digest per issuer and subject, whatever the token', () => {
    const alice = principalFingerprint({ issuer: 'https://as.example', subject: 'alice' });
    expect(alice).toMatch(/^[0-9a-f]{64}$/u);
    expect(principalFingerprint({ issuer: 'https://as.example', subject: 'alice' })).toBe(alice);
    expect(principalFingerprint({ issuer: 'https://as.example', subject: 'bob' })).not.toBe(alice);
    expect(principalFingerprint({ issuer: 'https://other.example', subject: 'alice' })).not.toBe(
      alice,
    );
    // The JSON array keeps "a" + "bc" apart from "ab" + "c".
    expect(principalFingerprint({ issuer: 'a', subject: 'bc' })).not.toBe(
      principalFingerprint({ issuer: 'ab', subject: 'c' }),
    );
  });
});

describe('roleOf', () => {
  const mapping = {
    claim: 'role',
    scopes: [
      { scope: 'mcp:admin', role: 'admin' },
      { scope: 'mcp:read', role: 'reader' },
    ],
    default: 'guest',
  };

  it('takes the claim first, then the first matching scope rule, then the default', () => {
    expect(roleOf({ scopes: ['mcp:admin'], claims: { role: 'auditor' } }, mapping)).toBe('auditor');
    expect(roleOf({ scopes: [], claims: { role: ['ops', 'dev'] } }, mapping)).toBe('ops');
    expect(roleOf({ scopes: ['mcp:read', 'mcp:admin'], claims: {} }, mapping)).toBe('admin');
    expect(roleOf({ scopes: ['mcp:read'], claims: { role: 7 } }, mapping)).toBe('reader');
    expect(roleOf({ scopes: ['other'], claims: {} }, mapping)).toBe('guest');
  });

  it('has no role without a mapping or a default', () => {
    expect(roleOf({ scopes: ['mcp:admin'], claims: {} }, undefined)).toBeUndefined();
    expect(roleOf({ scopes: [], claims: {} }, { scopes: [] })).toBeUndefined();
  });
});
