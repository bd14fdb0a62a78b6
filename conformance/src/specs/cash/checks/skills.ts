/**
 * Checks of the skill tool (cash-rfc §4.3; ARCHITECTURE.md, CaSH decisions).
 *
 * @module
 */

import type { Check, CheckOutcome } from '../../../check.js';
import { fail, listProblems, notApplicable, pass, skip } from '../../../outcome.js';
import { parseJsonObject } from '../help-listing.js';
import { type FetchedSkill, listedSkills, skillArguments } from '../skills.js';
import { askOnce, describeInvocation } from '../tool-answer.js';

/** Fenced code languages that are data or prose, not programs. */
const TEXT_LANGUAGES: ReadonlySet<string> = new Set([
  'text',
  'txt',
  'plaintext',
  'markdown',
  'md',
  'json',
  'jsonc',
  'yaml',
  'yml',
  'toml',
  'csv',
  'tsv',
  'xml',
]);

/** Why a skill text is not text only, or undefined when it is. */
export function executableContent(text: string): string | undefined {
  if (/<script\b/i.test(text)) return 'a <script> element';
  if (/^\s*#!\//m.test(text)) return 'a shebang line';
  for (const match of text.matchAll(/^ {0,3}(?:`{3,}|~{3,})\s*([^\s`~]+)/gm)) {
    const language = (match[1] ?? '').toLowerCase();
    if (!TEXT_LANGUAGES.has(language)) return `a fenced ${language} block`;
  }
  return undefined;
}

const NO_SKILLS = 'skill() lists no skill';

/** The fetched skills that answered, or the outcome to report instead. */
async function answeredSkills(
  context: Parameters<Check['run']>[0],
): Promise<readonly FetchedSkill[] | CheckOutcome> {
  const { fetched } = await listedSkills(context);
  const answered = fetched.filter((item) => !item.answer.isError);
  if (fetched.length === 0) return notApplicable(NO_SKILLS);
  return answered.length === 0
    ? skip('no listed skill could be fetched (see cash.4.3.skill-listing)')
    : answered;
}

/** skill() lists the skills, and each can be fetched. */
export const skillListingCheck: Check = {
  requirement: 'cash.4.3.skill-listing',
  definedIn: import.meta.url,
  async run(context) {
    const { listing, skills, fetched } = await listedSkills(context);
    if (listing.isError) return fail(`skill() answered an error: ${listing.text}`);
    const problems = fetched
      .filter((item) => item.answer.isError)
      .map(
        (item) =>
          `${describeInvocation('skill', skillArguments(item.skill))} answered: ${item.answer.text}`,
      );
    if (problems.length > 0) return fail(listProblems(problems));
    return pass(
      skills.length === 0
        ? 'skill() answers an empty list'
        : `skill() lists ${skills.length} fetchable skill(s)`,
    );
  },
};

/** Skill answers are text only. */
export const textOnlyCheck: Check = {
  requirement: 'cash.4.3.text-only',
  definedIn: import.meta.url,
  async run(context) {
    const skills = await answeredSkills(context);
    if ('status' in skills) return skills;
    const problems: string[] = [];
    for (const { skill, answer } of skills) {
      const other = answer.contentTypes.filter((type) => type !== 'text');
      const executable = executableContent(answer.text);
      if (other.length > 0) problems.push(`"${skill.name}" has ${other.join(', ')} content`);
      if (executable !== undefined) problems.push(`"${skill.name}" has ${executable}`);
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${skills.length} skill(s) are text only`);
  },
};

/** Skill answers are natural-language instructions. */
export const instructionsCheck: Check = {
  requirement: 'cash.4.3.instructions',
  definedIn: import.meta.url,
  async run(context) {
    const skills = await answeredSkills(context);
    if ('status' in skills) return skills;
    const problems: string[] = [];
    for (const { skill, answer } of skills) {
      const text = answer.text.trim();
      if (parseJsonObject(text) !== undefined || text.startsWith('[')) {
        problems.push(`"${skill.name}" is JSON data`);
      } else if ((text.match(/[A-Za-z]{2,}/g) ?? []).length < 8) {
        problems.push(`"${skill.name}" has fewer than eight words`);
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${skills.length} skill(s) read as instructions`);
  },
};

/** A value no skill text contains by itself. */
const PLACEHOLDER_VALUE = 'XConformanceValue';

/** Skill kwargs fill the {{placeholders}}. */
export const placeholdersCheck: Check = {
  requirement: 'cash.4.3.placeholders',
  definedIn: import.meta.url,
  async run(context) {
    const skills = await answeredSkills(context);
    if ('status' in skills) return skills;
    const withPlaceholders = skills.flatMap((item) => {
      const names = [...item.answer.text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map(
        (match) => match[1] ?? '',
      );
      return names.length === 0 ? [] : [{ ...item, names: [...new Set(names)] }];
    });
    if (withPlaceholders.length === 0) return notApplicable('no skill text has a {{placeholder}}');
    const problems: string[] = [];
    for (const { skill, names } of withPlaceholders) {
      const kwargs = Object.fromEntries(
        names.map((name, index) => [name, `${PLACEHOLDER_VALUE}${index}`]),
      );
      const answer = await askOnce(context, 'skill', skillArguments(skill, kwargs));
      const unfilled = names.filter(
        (name, index) =>
          !answer.text.includes(`${PLACEHOLDER_VALUE}${index}`) ||
          new RegExp(`\\{\\{\\s*${name}\\s*\\}\\}`).test(answer.text),
      );
      if (answer.isError) problems.push(`"${skill.name}" with kwargs answered: ${answer.text}`);
      else if (unfilled.length > 0) {
        problems.push(
          `"${skill.name}" leaves ${unfilled.map((name) => `{{${name}}}`).join(', ')} unfilled`,
        );
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`kwargs fill the placeholders of ${withPlaceholders.length} skill(s)`);
  },
};
