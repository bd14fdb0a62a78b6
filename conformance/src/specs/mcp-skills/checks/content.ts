/**
 * Checks of what a skill's files read as: their digests and sizes, and the `SKILL.md`
 * frontmatter against the entry's (SEP-2640 "Integrity and verification", "Frontmatter").
 *
 * @module
 */

import { SKILL_DIGEST_PATTERN } from '@modelcontextprotocol/core/ext/skills';
import type { Check } from '../../../check.js';
import { fail, listProblems, notApplicable, pass } from '../../../outcome.js';
import { differingFields, parseFrontmatter } from '../frontmatter.js';
import { readSkillFile, sha256Digest } from '../skill-file-read.js';
import { listedSkills, type SkillEntry } from '../skill-listing.js';

/** At most this many skills are read. */
const MAX_SKILLS = 10;

/** At most this many files are read in all. */
const MAX_FILES = 50;

async function fileProblems(
  context: Parameters<Check['run']>[0],
  skills: readonly SkillEntry[],
): Promise<{ problems: string[]; read: number }> {
  const files = skills
    .slice(0, MAX_SKILLS)
    .flatMap((skill) => (skill.resources === 'dynamic' ? [] : skill.resources))
    .slice(0, MAX_FILES);
  const problems: string[] = [];
  for (const file of files) {
    if (!SKILL_DIGEST_PATTERN.test(file.digest)) {
      problems.push(
        `${file.uri}: digest ${file.digest} is not sha256: and 64 lowercase hex digits`,
      );
      continue;
    }
    const read = await readSkillFile(context, file.uri);
    if (typeof read === 'string') {
      problems.push(read);
      continue;
    }
    const digest = sha256Digest(read.bytes);
    if (digest !== file.digest) {
      problems.push(`${file.uri}: the bytes read hash to ${digest}, not the listed ${file.digest}`);
    }
    if (read.bytes.byteLength !== file.size) {
      problems.push(
        `${file.uri}: ${read.bytes.byteLength} bytes read, not the listed ${file.size}`,
      );
    }
  }
  return { problems, read: files.length };
}

/** Every listed file reads to its digest and size. */
export const digestCheck: Check = {
  requirement: 'skills.resources.digest',
  definedIn: import.meta.url,
  async run(context) {
    const skills = await listedSkills(context);
    if ('status' in skills) return skills;
    const { problems, read } = await fileProblems(context, skills);
    if (problems.length > 0) return fail(listProblems(problems));
    return read === 0
      ? notApplicable('every listed skill is dynamic: no digest to verify')
      : pass(`${read} file(s) match their digest and size`);
  },
};

/** Each SKILL.md's frontmatter equals its entry's. */
export const frontmatterCheck: Check = {
  requirement: 'skills.frontmatter.identical',
  definedIn: import.meta.url,
  async run(context) {
    const skills = await listedSkills(context);
    if ('status' in skills) return skills;
    const chosen = skills.slice(0, MAX_SKILLS);
    const problems: string[] = [];
    for (const skill of chosen) {
      const read = await readSkillFile(context, skill.uri);
      if (typeof read === 'string') {
        problems.push(read);
        continue;
      }
      const parsed = parseFrontmatter(read.text ?? new TextDecoder().decode(read.bytes));
      if (typeof parsed === 'string') {
        problems.push(`${skill.uri} ${parsed}`);
        continue;
      }
      const fields = differingFields(skill.frontmatter, parsed);
      if (fields.length > 0) {
        problems.push(
          `${skill.uri}: the listed frontmatter differs from the file's in ${fields.join(', ')}`,
        );
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${chosen.length} SKILL.md frontmatter(s) equal their entries`);
  },
};
