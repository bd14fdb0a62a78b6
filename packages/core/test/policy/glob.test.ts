import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesGlob } from '../../src/policy/index.js';

const piece = fc.string({ unit: fc.constantFrom('a', 'b', '/', '_', '.'), maxLength: 6 });

describe('matchesGlob', () => {
  it('matches the documented examples', () => {
    expect(matchesGlob('read_*', 'read_file')).toBe(true);
    expect(matchesGlob('read_*', 'write_file')).toBe(false);
    expect(matchesGlob('*_file', 'read_file')).toBe(true);
    expect(matchesGlob('a*b*c', 'abc')).toBe(true);
    expect(matchesGlob('a*b*c', 'acb')).toBe(false);
    expect(matchesGlob('aa*aa', 'aaa')).toBe(false);
    expect(matchesGlob('exact', 'exact')).toBe(true);
    expect(matchesGlob('exact', 'exactly')).toBe(false);
  });

  it('treats a glob without * as an exact name', () => {
    fc.assert(
      fc.property(piece, piece, (glob, text) => {
        expect(matchesGlob(glob, text)).toBe(glob === text);
      }),
    );
  });

  it('lets * match any text, and a text always match itself', () => {
    fc.assert(
      fc.property(piece, (text) => {
        expect(matchesGlob('*', text)).toBe(true);
        expect(matchesGlob(text, text)).toBe(true);
      }),
    );
  });

  it('matches a text built from the glob by filling each * with anything', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 4 }),
        fc.array(piece),
        (parts, fills) => {
          const glob = parts.join('*');
          const text = parts.reduce(
            (built, part, index) => `${built}${fills[index - 1] ?? ''}${part}`,
          );
          expect(matchesGlob(glob, text)).toBe(true);
        },
      ),
    );
  });

  it('agrees with an equivalent regular expression', () => {
    const globUnit = fc.constantFrom('a', 'b', '*', '.');
    fc.assert(
      fc.property(fc.string({ unit: globUnit, maxLength: 6 }), piece, (glob, text) => {
        const source = glob
          .split('*')
          .map((part) => part.replace(/[.]/g, '\\.'))
          .join('.*');
        expect(matchesGlob(glob, text)).toBe(new RegExp(`^${source}$`, 's').test(text));
      }),
    );
  });
});
