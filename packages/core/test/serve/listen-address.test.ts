import { isIPv6 } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoreError } from '../../src/errors.js';
import { formatListenAddress, parseListenAddress } from '../../src/serve/index.js';

const port = fc.integer({ min: 0, max: 65_535 });
const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/);
const hostName = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));
const host = fc.oneof(
  fc.ipV4(),
  fc.ipV6().filter((address) => isIPv6(address)),
  hostName,
  fc.constant('localhost'),
);

/** Strings built from the characters addresses are made of, so many come close to valid. */
const addressLike = fc.string({ unit: fc.constantFrom(...'0123456789:[].abf-_ %'), maxLength: 24 });

function parseError(value: string): unknown {
  try {
    parseListenAddress(value);
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('parseListenAddress', () => {
  it('reads the documented forms', () => {
    expect(parseListenAddress('3000')).toEqual({ host: '127.0.0.1', port: 3000 });
    expect(parseListenAddress(':3000')).toEqual({ host: '127.0.0.1', port: 3000 });
    expect(parseListenAddress('127.0.0.1:3000')).toEqual({ host: '127.0.0.1', port: 3000 });
    expect(parseListenAddress('[::1]:3000')).toEqual({ host: '::1', port: 3000 });
    expect(parseListenAddress('0.0.0.0:0')).toEqual({ host: '0.0.0.0', port: 0 });
    expect(parseListenAddress('localhost:65535')).toEqual({ host: 'localhost', port: 65_535 });
  });

  it('round-trips: parse(format(address)) equals address', () => {
    fc.assert(
      fc.property(host, port, (hostValue, portValue) => {
        const address = { host: hostValue, port: portValue };
        expect(parseListenAddress(formatListenAddress(address))).toEqual(address);
      }),
    );
  });

  it('round-trips canonical text: format(parse(text)) equals text', () => {
    fc.assert(
      fc.property(host, port, (hostValue, portValue) => {
        const text = formatListenAddress({ host: hostValue, port: portValue });
        expect(formatListenAddress(parseListenAddress(text))).toBe(text);
      }),
    );
  });

  it('refuses garbage with CoreError INVALID_ARGUMENT and never another exception', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), addressLike), (value) => {
        const error = parseError(value);
        if (error !== undefined) {
          expect(CoreError.isInstance(error) && error.code).toBe('INVALID_ARGUMENT');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses near misses with a message that names the value', () => {
    const nearMisses = [
      '',
      ':',
      '65536',
      '-1',
      '03000',
      '3000 ',
      '+3000',
      '3e3',
      '::1:3000',
      '[::1]',
      '[localhost]:3000',
      '256.0.0.1:3000',
      '1.2.3:3000',
      'bad_host:3000',
      '-leading.example:3000',
      'host:',
      'a..b:3000',
      `${'a'.repeat(64)}:3000`,
    ];
    for (const value of nearMisses) {
      const error = parseError(value);
      expect(CoreError.isInstance(error) && error.code, value).toBe('INVALID_ARGUMENT');
      expect((error as Error).message).toContain(JSON.stringify(value));
    }
  });

  it('refuses values that are not strings', () => {
    expect(parseError(3000 as unknown as string)).toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
