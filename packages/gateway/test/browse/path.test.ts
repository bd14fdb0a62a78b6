import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BrowsePath, formatPath, parsePath } from '../../src/browse/path.js';
import { GatewayError } from '../../src/errors.js';
import { anyText } from '../arbitraries.js';

const segment = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,63}$/);
const rootSegment = fc.stringMatching(/^[a-z][a-z0-9_-]{0,63}$/);
const browsePath: fc.Arbitrary<BrowsePath> = fc.record({
  segments: fc.oneof(
    fc.constant([] as string[]),
    fc
      .tuple(rootSegment, fc.array(segment, { maxLength: 5 }))
      .map(([root, rest]) => [root, ...rest]),
  ),
  all: fc.boolean(),
});

function invalidReason(path: unknown): unknown {
  try {
    parsePath(path as string);
  } catch (error) {
    expect(GatewayError.isInstance(error) && error.code).toBe('PATH_INVALID');
    return (error as GatewayError).data?.reason;
  }
  throw new Error('expected PATH_INVALID');
}

describe('parsePath', () => {
  it.each<[string, BrowsePath]>([
    ['/', { segments: [], all: false }],
    ['/*', { segments: [], all: true }],
    ['/github', { segments: ['github'], all: false }],
    ['/github/issues', { segments: ['github', 'issues'], all: false }],
    ['/github/issues/*', { segments: ['github', 'issues'], all: true }],
    ['/github/issues/create_issue', { segments: ['github', 'issues', 'create_issue'], all: false }],
    ['/github/2fa/x-y_z', { segments: ['github', '2fa', 'x-y_z'], all: false }],
  ])('parses %s (§3.3)', (path, expected) => {
    expect(parsePath(path)).toEqual(expected);
  });

  it.each([
    ['', 'a path starts with "/"'],
    ['github', 'a path starts with "/"'],
    ['/github/', 'trailing "/"'],
    ['//foo', 'empty segment'],
    ['/github//issues', 'empty segment'],
    ['/GitHub', 'a segment is 1-64 of a-z, 0-9, "_", "-" and starts with a letter or digit'],
    ['/github/Issues', 'a segment is 1-64 of a-z, 0-9, "_", "-" and starts with a letter or digit'],
    ['/1github', 'a root segment is a namespace and starts with a letter'],
    ['/_x', 'a segment is 1-64 of a-z, 0-9, "_", "-" and starts with a letter or digit'],
    ['/github/*/issues', '"*" is allowed only as the last segment'],
    ['/github/*/*', '"*" is allowed only as the last segment'],
    ['/github/**', 'a segment is 1-64 of a-z, 0-9, "_", "-" and starts with a letter or digit'],
    [
      '/github/*?tag=read-only',
      'a segment is 1-64 of a-z, 0-9, "_", "-" and starts with a letter or digit',
    ],
    [
      `/${'a'.repeat(65)}`,
      'a segment is 1-64 of a-z, 0-9, "_", "-" and starts with a letter or digit',
    ],
    [
      '/github/iss ues',
      'a segment is 1-64 of a-z, 0-9, "_", "-" and starts with a letter or digit',
    ],
    ['/github\n', 'a segment is 1-64 of a-z, 0-9, "_", "-" and starts with a letter or digit'],
    ['/gïthub', 'a segment is 1-64 of a-z, 0-9, "_", "-" and starts with a letter or digit'],
  ])('refuses %j as PATH_INVALID (%s)', (path, reason) => {
    expect(invalidReason(path)).toBe(reason);
  });

  it('refuses non-strings as PATH_INVALID', () => {
    for (const value of [undefined, null, 1, ['/'], {}]) invalidReason(value);
  });

  it('keeps the offending path on the error', () => {
    try {
      parsePath('/a//b');
    } catch (error) {
      expect((error as GatewayError).path).toBe('/a//b');
    }
    expect.assertions(1);
  });

  it('handles a huge deep path in linear time', () => {
    const huge = `/a${'/b'.repeat(500_000)}`;
    expect(parsePath(huge).segments).toHaveLength(500_001);
    expect(invalidReason(`${huge}/`)).toBe('trailing "/"');
  });

  it('throws nothing but PATH_INVALID on arbitrary text (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText(100),
          anyText(100).map((text) => `/${text}`),
        ),
        (text) => {
          try {
            expect(formatPath(parsePath(text))).toBe(text);
          } catch (error) {
            expect(GatewayError.isInstance(error) && error.code).toBe('PATH_INVALID');
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('formatPath', () => {
  it('writes the root, the all form and nested paths', () => {
    expect(formatPath({ segments: [], all: false })).toBe('/');
    expect(formatPath({ segments: [], all: true })).toBe('/*');
    expect(formatPath({ segments: ['a', 'b'], all: true })).toBe('/a/b/*');
  });

  it('refuses segments outside the grammar', () => {
    expect(() => formatPath({ segments: ['*'], all: false })).toThrow(GatewayError);
    expect(() => formatPath({ segments: ['9a'], all: false })).toThrow(GatewayError);
    expect(() => formatPath({ segments: ['a', ''], all: false })).toThrow(GatewayError);
  });

  it('round-trips: formatPath(parsePath(s)) === s and parsePath(formatPath(p)) equals p (property)', () => {
    fc.assert(
      fc.property(browsePath, (path) => {
        const text = formatPath(path);
        expect(parsePath(text)).toEqual(path);
        expect(formatPath(parsePath(text))).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
});
