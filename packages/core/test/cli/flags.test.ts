import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFlagValue, parseHttpFlag, parseServeFlags, UsageError } from '../../src/cli/index.js';

describe('parseHttpFlag', () => {
  it('reads [HOST:]PORT and leaves a missing flag undefined', () => {
    expect(parseHttpFlag('3000')).toEqual({ host: '127.0.0.1', port: 3000 });
    expect(parseHttpFlag('[::1]:0')).toEqual({ host: '::1', port: 0 });
    expect(parseHttpFlag(undefined)).toBeUndefined();
  });

  it('names the flag before the address error', () => {
    expect(() => parseHttpFlag('99999')).toThrow(UsageError);
    expect(() => parseHttpFlag('99999')).toThrow(
      /^--http: Invalid listen address "99999": the port must be a decimal number from 0 to 65535/,
    );
  });

  it('either parses or throws a usage error on any text (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        try {
          const address = parseHttpFlag(text);
          expect(address?.port).toBeGreaterThanOrEqual(0);
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expect((error as Error).message.startsWith('--http: ')).toBe(true);
        }
      }),
    );
  });
});

describe('parseFlagValue', () => {
  it('turns anything the parser throws into a usage error naming the flag', () => {
    expect(() =>
      parseFlagValue('budget', 'x', () => {
        throw 'not a number';
      }),
    ).toThrow('--budget: not a number');
    expect(parseFlagValue('budget', '12', Number)).toBe(12);
  });
});

describe('parseServeFlags', () => {
  it('parses the address, the tokens file and the session store', () => {
    expect(
      parseServeFlags({ http: ':8080', tokens: 'tokens.json', 'session-store': 'memory' }),
    ).toEqual({
      http: { host: '127.0.0.1', port: 8080 },
      tokensPath: 'tokens.json',
      sessionStore: { memory: {} },
    });
    expect(parseServeFlags({})).toEqual({
      http: undefined,
      tokensPath: undefined,
      sessionStore: undefined,
    });
  });

  it('refuses --tokens and --session-store without --http, in that order', () => {
    expect(() => parseServeFlags({ tokens: 't', 'session-store': 'memory' })).toThrow(
      '--tokens needs --http: bearer tokens apply to HTTP only',
    );
    expect(() => parseServeFlags({ 'session-store': 'memory' })).toThrow(
      '--session-store needs --http: a stdio server serves one session',
    );
  });

  it('checks the address before the other flags, and the store last', () => {
    expect(() => parseServeFlags({ http: 'x:y', tokens: 't' })).toThrow(/^--http: /);
    expect(() => parseServeFlags({ http: '1', 'session-store': 'disk' })).toThrow(
      '--session-store: expected "memory" or a redis:// or rediss:// URL',
    );
  });
});
