import { SKILL_URIS, startSkillsServer } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createUpstream, type Upstream } from '../../src/upstreams/index.js';
import { nodeServer, OFFICIAL, rejection } from './helpers.js';

describe('the Skills extension through an upstream', () => {
  const opened: Upstream[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((upstream) => upstream.close()));
  });

  async function open(protocol: 'legacy' | 'modern'): Promise<Upstream> {
    const { entry } = await startSkillsServer('stdio');
    const upstream = createUpstream('skills', { ...entry, protocol });
    opened.push(upstream);
    return upstream;
  }

  for (const protocol of ['legacy', 'modern'] as const) {
    it(`lists, gets and reads the directories of an SDK catalog's skills (${protocol} era)`, async () => {
      const upstream = await open(protocol);
      const skills = await upstream.listSkills();
      expect(skills.map((skill) => skill.uri)).toEqual(SKILL_URIS);
      const pdf = await upstream.getSkill('skill://pdf-processing/SKILL.md');
      expect(pdf.frontmatter).toMatchObject({ name: 'pdf-processing', license: 'Apache-2.0' });
      expect(Array.isArray(pdf.resources) && pdf.resources.length).toBe(4);
      const children = await upstream.readResourceDirectory('skill://pdf-processing');
      expect(children.map((child) => [child.name, child.mimeType])).toEqual([
        ['SKILL.md', 'text/markdown'],
        ['references', 'inode/directory'],
        ['scripts', 'inode/directory'],
        ['templates', 'inode/directory'],
      ]);
      expect(upstream.era()).toBe(protocol);
    });
  }

  it('answers an unknown skill with the upstream invalid-params error', async () => {
    const upstream = await open('modern');
    const error = await rejection(upstream.getSkill('skill://nothing-here/SKILL.md'));
    expect(String(error.message)).toContain('No skill is served at skill://nothing-here/SKILL.md');
  });

  it('lists no skills of a server without the extension, and refuses the other two methods', async () => {
    const upstream = createUpstream('memory', nodeServer(OFFICIAL.memory));
    opened.push(upstream);
    expect(await upstream.listSkills()).toEqual([]);
    expect((await rejection(upstream.getSkill('skill://a/SKILL.md'))).code).toBe(
      'INVALID_ARGUMENT',
    );
    expect((await rejection(upstream.readResourceDirectory('skill://a'))).code).toBe(
      'INVALID_ARGUMENT',
    );
  });
});
