import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { V0_BUILD_CONFIG } from '../src/build-config.js';
import { computeCacheVersion } from '../src/cache-version.js';
import { documentVersion } from '../src/hashing.js';

describe('computeCacheVersion', () => {
  it('hashes the compact config JSON followed by id:version in id order, with no separator', () => {
    const a = { id: 'a.md', version: documentVersion('alpha') };
    const b = { id: 'b.md', version: documentVersion('bravo') };
    const expected = createHash('sha256')
      .update('{"version":"1","hash_algorithm":"sha256"}')
      .update(`a.md:${a.version}`)
      .update(`b.md:${b.version}`)
      .digest('hex');
    expect(computeCacheVersion(V0_BUILD_CONFIG, [b, a])).toBe(`sha256:${expected}`);
  });

  it('hashes only the config for an empty cache', () => {
    const expected = createHash('sha256')
      .update('{"version":"1","hash_algorithm":"sha256"}')
      .digest('hex');
    expect(computeCacheVersion(V0_BUILD_CONFIG, [])).toBe(`sha256:${expected}`);
  });

  it('does not depend on the order documents are given in', () => {
    const entries = fc.uniqueArray(
      fc.record({ id: fc.string({ unit: 'grapheme', minLength: 1 }), version: fc.string() }),
      { selector: (entry) => entry.id, maxLength: 8 },
    );
    fc.assert(
      fc.property(entries, (documents) => {
        expect(computeCacheVersion(V0_BUILD_CONFIG, [...documents].reverse())).toBe(
          computeCacheVersion(V0_BUILD_CONFIG, documents),
        );
      }),
    );
  });

  it('changes when the build config changes', () => {
    const other = computeCacheVersion({ version: '2', hash_algorithm: 'sha256' }, []);
    expect(other).not.toBe(computeCacheVersion(V0_BUILD_CONFIG, []));
  });
});
