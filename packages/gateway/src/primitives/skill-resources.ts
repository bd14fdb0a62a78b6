/**
 * An upstream's skills (the MCP Skills extension, SEP-2640) as resources of the primitive
 * catalog, so they get §9 ids, browse cards and firewalled reads like any resource.
 *
 * @module
 */

import type { Resource } from '@modelcontextprotocol/server';
import type { Skill } from '@modelcontextprotocol/server/ext/skills';

function compareUris(a: { uri: string }, b: { uri: string }): number {
  return a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0;
}

/**
 * The files of `skills` as resources, sorted by URI: each `SKILL.md` named by its frontmatter
 * name and described as a skill (`Skill: <description>`), each supporting file named by its
 * path in the skill and described by the skill it belongs to. A `"dynamic"` skill lists only
 * its `SKILL.md`. Every file is read from the upstream that serves it, through the firewall.
 *
 * @see gateway-surface §9 (one catalog for every primitive), SEP-2640 "Resource Mapping"
 */
export function skillResources(skills: readonly Skill[]): Resource[] {
  const resources = new Map<string, Resource>();
  for (const skill of skills) {
    const { name, description } = skill.frontmatter;
    resources.set(skill.uri, {
      uri: skill.uri,
      name,
      description: `Skill: ${description}`,
      mimeType: 'text/markdown',
    });
    if (skill.resources === 'dynamic') continue;
    const root = skill.uri.slice(0, -'SKILL.md'.length);
    for (const file of skill.resources) {
      if (file.uri === skill.uri || resources.has(file.uri)) continue;
      const path = file.uri.startsWith(root) ? file.uri.slice(root.length) : file.uri;
      resources.set(file.uri, {
        uri: file.uri,
        name: `${name}/${path}`,
        description: `File ${path} of the skill ${name}.`,
        size: file.size,
      });
    }
  }
  return [...resources.values()].sort(compareUris);
}

/**
 * An upstream's own resources followed by its skills' files that it does not list already
 * (an SDK skills server lists each `SKILL.md` itself): one resource per URI, the upstream's
 * own entry first.
 */
export function withSkillResources(own: readonly Resource[], skills: readonly Skill[]): Resource[] {
  const listed = new Set(own.map((resource) => resource.uri));
  const fromSkills = skillResources(skills);
  const ownWithSkillNames = own.map((resource) => {
    const asSkill = fromSkills.find((candidate) => candidate.uri === resource.uri);
    return asSkill === undefined ? resource : { ...resource, ...asSkill };
  });
  return [...ownWithSkillNames, ...fromSkills.filter((resource) => !listed.has(resource.uri))];
}
