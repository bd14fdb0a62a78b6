/**
 * Checks of the `skills/list` answer: its shape, its cache hints, each entry's URI and its file
 * list (SEP-2640 "Enumeration via skills/list", "Resource Mapping", "Resources").
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import {
  entryProblems,
  listedSkills,
  NOT_DECLARED,
  type SkillEntry,
  skillRoot,
  skillsCapability,
  skillsListing,
} from '../skill-listing.js';

/** The Agent Skills naming rule for a skill's `name`. */
const SKILL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The longest skill name Agent Skills allows. */
const MAX_NAME = 64;

/** skills/list answers, and every entry is well formed. */
export const listResultCheck: Check = {
  requirement: 'skills.list.result',
  definedIn: import.meta.url,
  async run(context) {
    if ((await skillsCapability(context)) === undefined) return NOT_DECLARED;
    const listing = await skillsListing(context);
    if (listing.error !== undefined) return fail(listing.error);
    const problems = listing.entries.flatMap((entry, index) =>
      entryProblems(entry, `skills[${index}]`),
    );
    if (problems.length > 0) return fail(listProblems(problems));
    return pass(
      `skills/list lists ${listing.entries.length} well-formed skill(s) on ${listing.pages.length} page(s)`,
    );
  },
};

/** Every skills/list page carries ttlMs and cacheScope (2026-07-28 era). */
export const listCacheHintsCheck: Check = {
  requirement: 'skills.list.cache-hints',
  definedIn: import.meta.url,
  eras: ['modern'],
  async run(context) {
    if ((await skillsCapability(context)) === undefined) return NOT_DECLARED;
    const listing = await skillsListing(context);
    if (listing.error !== undefined && listing.pages.length === 0) return fail(listing.error);
    const problems = listing.pages.flatMap((page, index) => {
      const found: string[] = [];
      if (typeof page.ttlMs !== 'number' || page.ttlMs < 0) {
        found.push(
          `page ${index + 1}: ttlMs is ${page.ttlMs === undefined ? 'missing' : 'not a number >= 0'}`,
        );
      }
      if (page.cacheScope !== 'public' && page.cacheScope !== 'private') {
        found.push(
          `page ${index + 1}: cacheScope is ${page.cacheScope === undefined ? 'missing' : 'not public or private'}`,
        );
      }
      return found;
    });
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${listing.pages.length} skills/list page(s) carry ttlMs and cacheScope`);
  },
};

function nameProblem(skill: SkillEntry): string | undefined {
  const name = skill.frontmatter.name as string;
  if (skillRoot(skill.uri) === undefined) return `${skill.uri} does not end in /SKILL.md`;
  const segment = (skillRoot(skill.uri) as string).split('/').pop() ?? '';
  if (segment !== name)
    return `${skill.uri}: the last path segment ${segment} is not the name ${name}`;
  if (!SKILL_NAME.test(name) || name.length > MAX_NAME) {
    return `${skill.uri}: the name ${name} breaks the Agent Skills naming rule`;
  }
  return undefined;
}

/** Each entry's uri ends in the skill's name and SKILL.md. */
export const nameSegmentCheck: Check = {
  requirement: 'skills.uri.name-segment',
  definedIn: import.meta.url,
  async run(context) {
    const skills = await listedSkills(context);
    if ('status' in skills) return skills;
    const problems = skills.flatMap((skill) => nameProblem(skill) ?? []);
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${skills.length} skill URI(s) end in <name>/SKILL.md`);
  },
};

function completenessProblems(skill: SkillEntry): string[] {
  if (skill.resources === 'dynamic') return [];
  const root = skillRoot(skill.uri);
  const uris = skill.resources.map((file) => file.uri);
  const problems: string[] = [];
  if (!uris.includes(skill.uri))
    problems.push(`${skill.uri}: resources does not list its own SKILL.md`);
  const repeated = [...new Set(uris.filter((uri, index) => uris.indexOf(uri) !== index))];
  if (repeated.length > 0)
    problems.push(`${skill.uri}: resources lists ${repeated.join(', ')} more than once`);
  const outside = uris.filter(
    (uri) => uri !== skill.uri && (root === undefined || !uri.startsWith(`${root}/`)),
  );
  if (outside.length > 0)
    problems.push(
      `${skill.uri}: resources lists ${outside.join(', ')} outside the skill's directory`,
    );
  return problems;
}

/** Each entry's resources names its SKILL.md, each file once, nothing outside. */
export const resourcesCompleteCheck: Check = {
  requirement: 'skills.resources.complete',
  definedIn: import.meta.url,
  async run(context) {
    const skills = await listedSkills(context);
    if ('status' in skills) return skills;
    const problems = skills.flatMap(completenessProblems);
    const listed = skills.filter((skill) => skill.resources !== 'dynamic').length;
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${listed} skill(s) list their files, ${skills.length - listed} dynamic`);
  },
};
