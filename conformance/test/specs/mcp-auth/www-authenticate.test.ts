import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatChallenge,
  parseWwwAuthenticate,
} from '../../../src/specs/mcp-auth/www-authenticate.js';

const token = fc.stringMatching(/^[a-z][a-z0-9_-]{0,11}$/u);
const value = fc.string({ maxLength: 20 }).filter((text) => !/[\r\n]/u.test(text));
const challenge = fc.record({
  scheme: token,
  params: fc.dictionary(token, value, { maxKeys: 4 }),
});

describe('parseWwwAuthenticate', () => {
  it('reads back what formatChallenge writes: parse(format(c)) = [c]', () => {
    fc.assert(
      fc.property(challenge, (written) => {
        expect(parseWwwAuthenticate(formatChallenge(written))).toEqual([written]);
      }),
    );
  });

  it('reads several challenges and unquoted values', () => {
    expect(
      parseWwwAuthenticate('Basic realm="x", Bearer error=invalid_token, resource_metadata="u"'),
    ).toEqual([
      { scheme: 'basic', params: { realm: 'x' } },
      { scheme: 'bearer', params: { error: 'invalid_token', resource_metadata: 'u' } },
    ]);
  });

  it('refuses a value that breaks the grammar with a typed error, never a crash', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        try {
          parseWwwAuthenticate(text);
        } catch (error) {
          expect((error as { code?: string }).code).toBe('PROTOCOL');
        }
      }),
    );
    expect(() => parseWwwAuthenticate('Bearer a="open')).toThrow(/closing quote/u);
  });
});
