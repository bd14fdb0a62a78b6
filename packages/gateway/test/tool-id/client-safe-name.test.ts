import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import {
  CLIENT_SAFE_NAME_PATTERN,
  createClientSafeNameIndex,
  fromClientSafeName,
  toClientSafeName,
} from '../../src/tool-id/client-safe-name.js';
import { toolIdArbitrary } from '../arbitraries.js';

describe('toClientSafeName', () => {
  it('keeps namespace and name readable and adds a hash of the whole id', () => {
    const name = toClientSafeName('github:create_issue@1.4.0');
    expect(name).toMatch(/^github__create_issue_[0-9a-f]{8}$/);
    expect(name).not.toBe(toClientSafeName('github:create_issue@1.5.0'));
  });

  it('replaces dots and caps long ids at 64 characters', () => {
    const long = `${'n'.repeat(64)}:${'x.'.repeat(60)}y#0123abcd`;
    const name = toClientSafeName(long);
    expect(name).toHaveLength(64);
    expect(name).toMatch(CLIENT_SAFE_NAME_PATTERN);
    expect(toClientSafeName('a:b.c#00000000')).toMatch(/^a__b_c_[0-9a-f]{8}$/);
  });

  it('refuses a malformed id with a typed error', () => {
    expect(() => toClientSafeName('not an id')).toThrow(GatewayError);
  });

  it('always matches the strictest client rule and is deterministic (property)', () => {
    fc.assert(
      fc.property(toolIdArbitrary, (toolId) => {
        const name = toClientSafeName(toolId);
        expect(name).toMatch(CLIENT_SAFE_NAME_PATTERN);
        expect(toClientSafeName(toolId)).toBe(name);
      }),
      { numRuns: 500 },
    );
  });
});

describe('createClientSafeNameIndex and fromClientSafeName', () => {
  it('reverses every name of a catalog and nothing else (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(toolIdArbitrary, { maxLength: 40 }), (toolIds) => {
        const index = createClientSafeNameIndex(toolIds);
        expect(index.size).toBe(toolIds.length);
        for (const toolId of toolIds) {
          expect(fromClientSafeName(toClientSafeName(toolId), index)).toBe(toolId);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('indexes a repeated id once', () => {
    expect(createClientSafeNameIndex(['a:b#00000000', 'a:b#00000000']).size).toBe(1);
  });

  it('answers undefined for unknown and malformed names', () => {
    const index = createClientSafeNameIndex(['a:b#00000000']);
    expect(fromClientSafeName('a__b_ffffffff', index)).toBeUndefined();
    expect(fromClientSafeName('a:b#00000000', index)).toBeUndefined();
    expect(fromClientSafeName('', index)).toBeUndefined();
    expect(fromClientSafeName(42 as unknown as string, index)).toBeUndefined();
  });

  it('refuses a malformed id in the catalog', () => {
    expect(() => createClientSafeNameIndex(['ok:id#00000000', 'Bad'])).toThrow(
      expect.objectContaining({ code: 'TOOL_ID_INVALID' }),
    );
  });
});
