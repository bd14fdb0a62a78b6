import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseFlagValue,
  parseHttpFlag,
  parseMaxMessageBytesFlag,
  parseServeFlags,
  UsageError,
} from '../../src/cli/index.js';

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

  it('reads --oauth with --http, and refuses it without --http or with --tokens', () => {
    expect(parseServeFlags({ http: '8080', oauth: 'oauth.json' })).toMatchObject({
      oauthPath: 'oauth.json',
      tokensPath: undefined,
    });
    expect(() => parseServeFlags({ oauth: 'oauth.json' })).toThrow(
      '--oauth needs --http: OAuth applies to HTTP only',
    );
    expect(() => parseServeFlags({ http: '8080', oauth: 'o.json', tokens: 't.json' })).toThrow(
      '--oauth and --tokens exclude each other',
    );
  });

  it('checks the address before the other flags, and the store last', () => {
    expect(() => parseServeFlags({ http: 'x:y', tokens: 't' })).toThrow(/^--http: /);
    expect(() => parseServeFlags({ http: '1', 'session-store': 'disk' })).toThrow(
      '--session-store: expected "memory" or a redis:// or rediss:// URL',
    );
  });
});

describe('parseMaxMessageBytesFlag', () => {
  it('reads a whole number of bytes from 1 KiB to 512 MiB and leaves a missing flag undefined', () => {
    expect(parseMaxMessageBytesFlag('1024')).toBe(1024);
    expect(parseMaxMessageBytesFlag('536870912')).toBe(512 * 1024 * 1024);
    expect(parseMaxMessageBytesFlag(undefined)).toBeUndefined();
    expect(parseServeFlags({ 'max-message-bytes': '65536' }).maxMessageBytes).toBe(65_536);
  });

  it('refuses anything else with a usage error naming the flag, the bound and the value', () => {
    expect(() => parseMaxMessageBytesFlag('1023')).toThrow(
      '--max-message-bytes: must be at least 1024 (1 KiB), got "1023"',
    );
    expect(() => parseMaxMessageBytesFlag('536870913')).toThrow(
      '--max-message-bytes: must be at most 536870912 (512 MiB), got "536870913"',
    );
    for (const text of ['', '10MB', '-5', '1e6', '4096.5', ' 4096']) {
      expect(() => parseMaxMessageBytesFlag(text)).toThrow(
        `--max-message-bytes: expected a whole number of bytes, got ${JSON.stringify(text)}`,
      );
    }
  });

  it('either parses within the bounds or throws a usage error on any text (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.nat().map(String)), (text) => {
        try {
          const bytes = parseMaxMessageBytesFlag(text) as number;
          expect(bytes).toBeGreaterThanOrEqual(1024);
          expect(bytes).toBeLessThanOrEqual(512 * 1024 * 1024);
          expect(String(bytes)).toBe(text.replace(/^0+(?=\d)/, ''));
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expect((error as Error).message.startsWith('--max-message-bytes: ')).toBe(true);
        }
      }),
    );
  });
});
