/**
 * Checks of help's keyword arguments and answer format (cash-rfc §4.2).
 *
 * @module
 */

import type { Check, CheckContext } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { discovery, listingCall } from '../discovery.js';
import { parseParameters } from '../function-doc.js';
import { parseHelpListing, parseJsonObject } from '../help-listing.js';
import { canonical, escapeRegExp, mentionsWord } from '../names.js';
import { listedSkills } from '../skills.js';
import { askHelp, type HelpArguments, type ToolAnswer } from '../tool-answer.js';

/** A keyword argument no server knows, to probe how unknown ones are treated. */
export const UNKNOWN_ARGUMENT = 'xconformanceprobe';

/** help keyword arguments servers commonly act on, with a value to try. */
const COMMON_ARGUMENTS: readonly (readonly [string, unknown])[] = [
  ['format', 'json'],
  ['params', 'full'],
  ['examples', true],
  ['detailed', true],
  ['verbose', true],
];

/** Parameters of the tools themselves, never extra help arguments. */
const TOOL_PARAMETERS: ReadonlySet<string> = new Set([
  'namespace',
  'function',
  'kwargs',
  'skillname',
  'sizelimit',
]);

/** One help layer to probe: its call and arguments. */
interface HelpLevel {
  readonly label: string;
  readonly args: HelpArguments;
}

/** The index, the first namespace read and the first function found. */
async function helpLevels(context: CheckContext): Promise<HelpLevel[]> {
  const found = await discovery(context);
  const levels: HelpLevel[] = [{ label: 'help()', args: {} }];
  const listing = found.namespaces.find((candidate) => !candidate.answer.isError);
  if (listing !== undefined) {
    levels.push({ label: listingCall(listing.path), args: { namespace: listing.path } });
  }
  const first = found.functions[0];
  if (first !== undefined) {
    const namespace = first.namespace === '' ? {} : { namespace: first.namespace };
    levels.push({
      label: `help(${first.namespace === '' ? '' : `namespace=${JSON.stringify(first.namespace)}, `}function=${JSON.stringify(first.name)})`,
      args: { ...namespace, function: first.name },
    });
  }
  return levels;
}

/** The names an answer lists: entries of a listing, or the parameters of a function. */
function listedNames(level: HelpLevel, answer: ToolAnswer): string[] {
  return level.args.function === undefined
    ? parseHelpListing(answer.text).entries.map((entry) => entry.name)
    : parseParameters(answer.text).map((parameter) => parameter.name);
}

function withArgument(level: HelpLevel, name: string, value: unknown): HelpArguments {
  return { ...level.args, kwargs: { [name]: value } };
}

/** help with an unknown keyword argument answers, with the same entries. */
export const unknownArgumentsToleratedCheck: Check = {
  requirement: 'cash.4.2.unknown-kwargs-tolerated',
  definedIn: import.meta.url,
  async run(context) {
    const problems: string[] = [];
    const levels = await helpLevels(context);
    for (const level of levels) {
      const baseline = await askHelp(context, level.args);
      const probed = await askHelp(context, withArgument(level, UNKNOWN_ARGUMENT, true));
      const call = `${level.label} with kwargs {"${UNKNOWN_ARGUMENT}": true}`;
      if (probed.isError) problems.push(`${call} answered an error: ${probed.text}`);
      else if (probed.text.trim() === '') problems.push(`${call} answered nothing`);
      else if (listedNames(level, probed).join() !== listedNames(level, baseline).join()) {
        problems.push(`${call} lists other entries than ${level.label}`);
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${levels.length} help layer(s) answer in full despite an unknown argument`);
  },
};

/** The text without the lines naming `word`, blank runs collapsed. */
function withoutLinesNaming(text: string, word: string): string {
  return text
    .split('\n')
    .filter((line) => !line.toLowerCase().includes(word.toLowerCase()))
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An unknown help keyword argument changes nothing but a note. */
export const unknownArgumentsIgnoredCheck: Check = {
  requirement: 'cash.4.2.unknown-kwargs-ignored',
  definedIn: import.meta.url,
  async run(context) {
    const problems: string[] = [];
    const levels = await helpLevels(context);
    for (const level of levels) {
      const baseline = await askHelp(context, level.args);
      const probed = await askHelp(context, withArgument(level, UNKNOWN_ARGUMENT, true));
      const expected = withoutLinesNaming(baseline.text, UNKNOWN_ARGUMENT).split('\n');
      const actual = withoutLinesNaming(probed.text, UNKNOWN_ARGUMENT).split('\n');
      const index = actual.findIndex((line, position) => line !== expected[position]);
      if (probed.isError || index >= 0 || actual.length !== expected.length) {
        const line = index >= 0 ? actual[index] : (expected[actual.length] ?? '');
        problems.push(`${level.label} changed with an unknown argument near "${line}"`);
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass('unknown help arguments change nothing but a note');
  },
};

/** Names written as `name=value` in backticks: advertised help arguments. */
function advertisedArguments(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)\s*=\s*[^`]+`/g)) {
    const name = match[1] ?? '';
    if (!TOOL_PARAMETERS.has(canonical(name))) names.push(name);
  }
  return names;
}

function replaceWord(text: string, word: string): string {
  return text.replace(new RegExp(escapeRegExp(word), 'gi'), '<argument>');
}

/** Extra help arguments a layer acts on: the answer differs from one with an unknown argument. */
async function actedOnArguments(context: CheckContext, level: HelpLevel): Promise<string[]> {
  const names: string[] = [];
  for (const [name, value] of COMMON_ARGUMENTS) {
    const answer = await askHelp(context, withArgument(level, name, value));
    const reference = await askHelp(context, withArgument(level, UNKNOWN_ARGUMENT, value));
    if (answer.isError) continue;
    const both = (text: string) => replaceWord(replaceWord(text, name), UNKNOWN_ARGUMENT);
    if (both(answer.text) !== both(reference.text)) {
      names.push(name);
    }
  }
  return names;
}

/** Every extra help argument the server advertises or acts on is named in help(). */
export const argumentsDocumentedCheck: Check = {
  requirement: 'cash.4.2.kwargs-documented',
  definedIn: import.meta.url,
  async run(context) {
    const levels = await helpLevels(context);
    const base = (await askHelp(context)).text;
    const sources = new Map<string, string>();
    for (const level of levels) {
      const answer = await askHelp(context, level.args);
      for (const name of advertisedArguments(answer.text)) {
        if (!sources.has(name)) sources.set(name, `advertised by ${level.label}`);
      }
      for (const name of await actedOnArguments(context, level)) {
        if (!sources.has(name)) sources.set(name, `acted on by ${level.label}`);
      }
    }
    const undocumented = [...sources].filter(([name]) => !mentionsWord(base, name));
    if (undocumented.length > 0) {
      return fail(
        `help() does not name ${listProblems(undocumented.map(([name, source]) => `"${name}" (${source})`))}`,
      );
    }
    return pass(
      sources.size === 0
        ? 'help takes no extra argument'
        : `help() names ${[...sources.keys()].sort().join(', ')}`,
    );
  },
};

/** Why a help answer is not markdown, or `undefined` when it is. */
function notMarkdown(label: string, answer: ToolAnswer): string | undefined {
  if (answer.isError) return `${label} answered an error: ${answer.text}`;
  const text = answer.text.trim();
  if (parseJsonObject(text) !== undefined || text.startsWith('[')) {
    return `${label} answers JSON without a format argument`;
  }
  return /^#{1,6}\s|^\s*(?:[-*+]|\d+[.)])\s|\*\*|`/m.test(text)
    ? undefined
    : `${label} answers plain text without markdown structure`;
}

/** help answers markdown by default, at every level: index, namespace and function. */
export const markdownDefaultCheck: Check = {
  requirement: 'cash.4.2.markdown-default',
  definedIn: import.meta.url,
  async run(context) {
    const levels = await helpLevels(context);
    const problems: string[] = [];
    for (const level of levels) {
      const problem = notMarkdown(level.label, await askHelp(context, level.args));
      if (problem !== undefined) problems.push(problem);
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${levels.map((level) => level.label).join(', ')} answer markdown`);
  },
};

/** No help answer mentions skills. */
export const noSkillReferencesCheck: Check = {
  requirement: 'cash.4.2.no-skill-references',
  definedIn: import.meta.url,
  async run(context) {
    const found = await discovery(context);
    const { skills } = await listedSkills(context);
    const otherNames = new Set(
      [...found.functions.map((item) => item.name), ...found.namespaces.map((item) => item.path)]
        .flatMap((name) => name.split('.'))
        .map(canonical),
    );
    const skillNames = skills
      .map((skill) => skill.name)
      .filter((name) => !otherNames.has(canonical(name)));
    const answers: { label: string; text: string }[] = [found.root, ...found.namespaces].map(
      (listing) => ({ label: listingCall(listing.path), text: listing.answer.text }),
    );
    for (const level of await helpLevels(context)) {
      if (level.args.function !== undefined) {
        answers.push({ label: level.label, text: (await askHelp(context, level.args)).text });
      }
    }
    const problems: string[] = [];
    for (const { label, text } of answers) {
      if (/\bskill\s*\(/i.test(text)) problems.push(`${label} refers to the skill tool`);
      else if (/^#{1,6}.*\bskills?\b/im.test(text)) problems.push(`${label} has a skills heading`);
      const named = skillNames.find((name) => mentionsWord(text, name));
      if (named !== undefined) problems.push(`${label} names the skill "${named}"`);
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${answers.length} help answer(s) do not mention skills`);
  },
};
