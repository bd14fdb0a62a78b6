import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GROUP_NAME_PATTERN, groupNameOf, uniqueGroupNames } from '../../src/groups/index.js';

describe('group names of the groups draft', () => {
  it('makes any label a valid name, or none when it has no letter or digit (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (label) => {
        const name = groupNameOf(label);
        if (name === undefined) {
          expect(/[a-z0-9]/i.test(label.toLowerCase().replace(/[^a-z0-9]/g, ''))).toBe(false);
          return;
        }
        expect(name).toMatch(GROUP_NAME_PATTERN);
        expect(name.length).toBeLessThanOrEqual(64);
      }),
    );
  });

  it('leaves a valid name as it is (property: groupNameOf(name) === name)', () => {
    const valid = fc
      .array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 1, maxLength: 7 })
      .map((parts) => parts.join('-'))
      .filter((name) => name.length <= 64);
    fc.assert(
      fc.property(valid, (name) => {
        expect(groupNameOf(name)).toBe(name);
      }),
    );
  });

  it('gives unique valid names in order, suffixing repeats (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 70 }), { maxLength: 20 }), (labels) => {
        const names = uniqueGroupNames(labels);
        expect(names).toHaveLength(labels.length);
        expect(new Set(names).size).toBe(names.length);
        for (const name of names) {
          expect(name).toMatch(GROUP_NAME_PATTERN);
          expect(name.length).toBeLessThanOrEqual(64);
        }
      }),
    );
    expect(uniqueGroupNames(['server-memory', 'Server_Memory', '!!!'])).toEqual([
      'server-memory',
      'server-memory-2',
      'group',
    ]);
    expect(groupNameOf('Modern.Only')).toBe('modern-only');
  });
});
