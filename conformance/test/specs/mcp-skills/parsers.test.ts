import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { expectedChildren } from '../../../src/specs/mcp-skills/checks/directory.js';
import { differingFields, parseFrontmatter } from '../../../src/specs/mcp-skills/frontmatter.js';

const field = fc.stringMatching(/^[a-z][a-z0-9_-]{0,11}$/);
const frontmatter = fc.record(
  {
    name: fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    description: fc.string({ minLength: 1 }),
    metadata: fc.dictionary(field, fc.string()),
  },
  { requiredKeys: ['name', 'description'] },
);

describe('parseFrontmatter', () => {
  // Law: parseFrontmatter(`---\n${stringify(f)}---\n${body}`) equals f.
  it('reads back any frontmatter written as YAML between --- lines, whatever the body', () => {
    fc.assert(
      fc.property(frontmatter, fc.string(), (written, body) => {
        const parsed = parseFrontmatter(`---\n${stringify(written)}---\n\n${body}`);
        expect(parsed).toEqual(written);
        expect(differingFields(written, parsed as Record<string, unknown>)).toEqual([]);
      }),
    );
  });

  it('says why a file has no frontmatter instead of throwing', () => {
    expect(parseFrontmatter('# Title\n')).toBe('does not begin with a --- line');
    expect(parseFrontmatter('---\nname: a\n')).toBe(
      'has no closing --- line after its frontmatter',
    );
    expect(parseFrontmatter('---\n- a\n---\n')).toBe('has frontmatter that is not a mapping');
    expect(parseFrontmatter('---\nname: [\n---\n')).toMatch(/^has frontmatter that is not YAML/);
  });

  it('names the fields whose values differ, sorted', () => {
    expect(
      differingFields(
        { name: 'a', description: 'x', license: 'MIT' },
        { description: 'y', name: 'a' },
      ),
    ).toEqual(['description', 'license']);
  });
});

describe('expectedChildren', () => {
  it('lists the direct children a skill directory has, subdirectories marked', () => {
    const file = (uri: string) => ({ uri, digest: '', size: 0 });
    const files = ['SKILL.md', 'a/b/c.md', 'a/d.md', 'e.md'].map((path) =>
      file(`skill://s/${path}`),
    );
    expect([...expectedChildren('skill://s', files)]).toEqual([
      ['skill://s/SKILL.md', false],
      ['skill://s/a', true],
      ['skill://s/e.md', false],
    ]);
    expect([...expectedChildren('skill://s/a', files)]).toEqual([
      ['skill://s/a/b', true],
      ['skill://s/a/d.md', false],
    ]);
  });
});
