/**
 * Checks of names (cash-rfc §5.1, §5.3): allowed characters, normalization in help, call and
 * skill, collisions, and expressive root functions.
 *
 * @module
 */

import type { Check, CheckContext } from '../../../check.js';
import { fail, listProblems, notApplicable, pass, skip } from '../../../outcome.js';
import {
  allListings,
  discovery,
  findProbeFunction,
  functionDoc,
  listingCall,
  NO_REQUIRED_PARAMETER,
  relativeName,
} from '../discovery.js';
import { functionLabel, functionSurvey, silentDocs } from '../function-survey.js';
import { parseHelpListing } from '../help-listing.js';
import { canonical, escapeRegExp, IDENTIFIER_PATTERN, respell, respellPath } from '../names.js';
import { listedSkills, skillArguments } from '../skills.js';
import { askHelp, askOnce, callArguments, isUnknownName } from '../tool-answer.js';

/** How many namespaces, functions or skills a normalization check tries. */
const NORMALIZATION_SAMPLE = 5;

/** Every namespace label is letters, digits and underscores. */
export const labelCharsetCheck: Check = {
  requirement: 'cash.5.1.label-charset',
  definedIn: import.meta.url,
  async run(context) {
    const labels = allListings(await discovery(context)).flatMap((listing) =>
      listing.entries
        .filter((entry) => entry.kind === 'namespace')
        .map((entry) => relativeName(listing.path, entry.name)),
    );
    const bad = labels.filter((label) => !IDENTIFIER_PATTERN.test(label));
    if (labels.length === 0) return notApplicable('help lists no namespace');
    return bad.length > 0
      ? fail(`labels outside [A-Za-z0-9_]: ${listProblems(bad.map((label) => `"${label}"`))}`)
      : pass(`${labels.length} namespace labels use letters, digits and underscores`);
  },
};

/** Every function and skill name is letters, digits and underscores. */
export const identifierCharsetCheck: Check = {
  requirement: 'cash.5.3.identifier-charset',
  definedIn: import.meta.url,
  async run(context) {
    const { functions } = await discovery(context);
    const { skills } = await listedSkills(context);
    const names = [
      ...functions.map((item) => ({ kind: 'function', name: item.name })),
      ...skills.map((item) => ({ kind: 'skill', name: item.name })),
    ];
    const bad = names.filter((item) => !IDENTIFIER_PATTERN.test(item.name));
    return bad.length > 0
      ? fail(
          `names outside [A-Za-z0-9_]: ${listProblems(bad.map((item) => `${item.kind} "${item.name}"`))}`,
        )
      : pass(`${functions.length} function and ${skills.length} skill names are valid`);
  },
};

/**
 * Every documented kwargs key is letters, digits and underscores (cash-rfc §5.3 "all
 * identifiers"; SHOULD, see the requirement's note).
 */
export const kwargsKeysCharsetCheck: Check = {
  requirement: 'cash.5.3.kwargs-keys-charset',
  definedIn: import.meta.url,
  async run(context) {
    const found = await functionSurvey(context);
    const keys = found.docs.flatMap(({ reference, doc }) =>
      doc.parameters.map((parameter) => ({
        key: parameter.name,
        where: `${functionLabel(reference)}(${parameter.name})`,
      })),
    );
    const silent = silentDocs(found);
    if (silent !== undefined) return fail(`no kwargs key to judge: ${silent}`);
    if (keys.length === 0) {
      return notApplicable(
        found.docs.length === 0
          ? 'help lists no function, so no kwargs key is documented'
          : `every one of ${found.docs.length} function doc(s) read says the function takes no parameter`,
      );
    }
    const bad = keys.filter(({ key }) => !IDENTIFIER_PATTERN.test(key)).map(({ where }) => where);
    return bad.length > 0
      ? fail(`kwargs keys outside [A-Za-z0-9_]: ${listProblems(bad)}`)
      : pass(`${keys.length} documented kwargs keys use letters, digits and underscores`);
  },
};

/** The canonical names a listing text lists, in order. */
function canonicalEntries(text: string): string {
  return parseHelpListing(text)
    .entries.map((entry) => canonical(entry.name))
    .join(',');
}

/** Problems of `call` with a respelled namespace or function, against the canonical call. */
async function callProblems(context: CheckContext, respellNamespace: boolean): Promise<string[]> {
  const probe = await findProbeFunction(context);
  if (probe === undefined) return [];
  const baseline = await askOnce(context, 'call', callArguments(probe.namespace, probe.name, {}));
  const namespace = respellNamespace ? respellPath(probe.namespace) : probe.namespace;
  const name = respellNamespace ? probe.name : respell(probe.name);
  const args = callArguments(namespace, name, {});
  const respelled = await askOnce(context, 'call', args);
  if (isUnknownName(respelled) && !isUnknownName(baseline)) {
    return [`call(namespace="${namespace}", function="${name}") answered: ${respelled.text}`];
  }
  return [];
}

/** A respelled namespace reaches the same namespace. */
export const namespaceNormalizedCheck: Check = {
  requirement: 'cash.5.1.namespace-normalized',
  definedIn: import.meta.url,
  async run(context) {
    const listings = (await discovery(context)).namespaces
      .filter((listing) => !listing.answer.isError)
      .slice(0, NORMALIZATION_SAMPLE);
    if (listings.length === 0) return notApplicable('help lists no namespace');
    const problems: string[] = [];
    for (const listing of listings) {
      const spelled = respellPath(listing.path);
      const answer = await askHelp(context, { namespace: spelled });
      const call = listingCall(spelled);
      if (answer.isError) problems.push(`${call} answered: ${answer.text}`);
      else if (canonicalEntries(answer.text) !== canonicalEntries(listing.answer.text)) {
        problems.push(`${call} lists other entries than ${listingCall(listing.path)}`);
      }
    }
    problems.push(...(await callProblems(context, true)));
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${listings.length} respelled namespace(s) answer like their canonical form`);
  },
};

function replaceName(text: string, from: string, to: string): string {
  return text.replace(new RegExp(escapeRegExp(from), 'gi'), to);
}

/** Respelled function and skill names reach the same function or skill. */
export const identifierNormalizedCheck: Check = {
  requirement: 'cash.5.3.identifier-normalized',
  definedIn: import.meta.url,
  async run(context) {
    const problems: string[] = [];
    const functions = (await discovery(context)).functions.slice(0, NORMALIZATION_SAMPLE);
    for (const reference of functions) {
      const doc = await functionDoc(context, reference);
      if (doc.answer.isError) continue;
      const spelled = respell(reference.name);
      const answer = await askHelp(context, {
        ...(reference.namespace === '' ? {} : { namespace: reference.namespace }),
        function: spelled,
      });
      const call = `help(function="${spelled}") in "${reference.namespace}"`;
      if (answer.isError) problems.push(`${call} answered: ${answer.text}`);
      else if (replaceName(answer.text, spelled, reference.name) !== doc.answer.text) {
        problems.push(`${call} documents something else than "${reference.name}"`);
      }
    }
    const { fetched } = await listedSkills(context);
    const skills = fetched.filter((item) => !item.answer.isError).slice(0, NORMALIZATION_SAMPLE);
    for (const { skill, answer: original } of skills) {
      const spelled = respell(skill.name);
      const answer = await askOnce(context, 'skill', skillArguments({ ...skill, name: spelled }));
      if (answer.isError) problems.push(`skill(skillname="${spelled}") answered: ${answer.text}`);
      else if (replaceName(answer.text, spelled, skill.name) !== original.text) {
        problems.push(`skill(skillname="${spelled}") answers another text than "${skill.name}"`);
      }
    }
    problems.push(...(await callProblems(context, false)));
    if (functions.length === 0 && skills.length === 0)
      return notApplicable('help lists no function');
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          `${functions.length} function(s) and ${skills.length} skill(s) answer to respelled names`,
        );
  },
};

/** No two entries of one kind normalize alike. */
export const noCollidingLabelsCheck: Check = {
  requirement: 'cash.5.1.no-colliding-labels',
  definedIn: import.meta.url,
  async run(context) {
    const problems: string[] = [];
    for (const listing of allListings(await discovery(context))) {
      const seen = new Map<string, string>();
      for (const entry of listing.entries) {
        const key = `${entry.kind}:${canonical(relativeName(listing.path, entry.name))}`;
        const earlier = seen.get(key);
        if (earlier !== undefined) {
          problems.push(`${listingCall(listing.path)} lists "${earlier}" and "${entry.name}"`);
        } else seen.set(key, entry.name);
      }
    }
    const seenSkills = new Map<string, string>();
    for (const skill of (await listedSkills(context)).skills) {
      const key = `${canonical(skill.namespace)}:${canonical(skill.name)}`;
      const earlier = seenSkills.get(key);
      if (earlier !== undefined) problems.push(`skill() lists "${earlier}" and "${skill.name}"`);
      else seenSkills.set(key, skill.name);
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass('no two names of one listing normalize alike');
  },
};

/** A value of another type than `type`, so that a call with it is always invalid. */
function wrongValue(type: string): unknown {
  return type === 'string' ? 12345 : `not-a-${type}`;
}

/** A respelled kwargs key is matched to its parameter. */
export const kwargsKeysNormalizedCheck: Check = {
  requirement: 'cash.5.3.kwargs-keys-normalized',
  definedIn: import.meta.url,
  async run(context) {
    const probe = await findProbeFunction(context);
    if (probe === undefined) return notApplicable(NO_REQUIRED_PARAMETER);
    const { namespace, name, parameter } = probe;
    const wrong = wrongValue(parameter.type);
    const spelled = respell(parameter.name);
    const missing = await askOnce(context, 'call', callArguments(namespace, name, {}));
    const typed = await askOnce(
      context,
      'call',
      callArguments(namespace, name, { [parameter.name]: wrong }),
    );
    const respelled = await askOnce(
      context,
      'call',
      callArguments(namespace, name, { [spelled]: wrong }),
    );
    const where = `${namespace === '' ? '' : `${namespace}.`}${name}`;
    if (!typed.isError || typed.text === missing.text) {
      return skip(
        `${where} answers a wrong ${parameter.name} like a missing one; nothing to compare`,
      );
    }
    if (replaceName(respelled.text, spelled, parameter.name) === typed.text) {
      return pass(`${where} matches the key "${spelled}" to "${parameter.name}"`);
    }
    return fail(
      respelled.text === missing.text
        ? `${where} did not match the key "${spelled}" to "${parameter.name}": ${respelled.text}`
        : `${where} answers the key "${spelled}" unlike "${parameter.name}": ${respelled.text}`,
    );
  },
};

/** Verbs that name no object: a root function needs more than one of these. */
const BARE_VERBS: ReadonlySet<string> = new Set([
  'get',
  'set',
  'list',
  'create',
  'update',
  'delete',
  'remove',
  'add',
  'run',
  'do',
  'call',
  'execute',
  'fetch',
  'find',
  'search',
  'query',
  'read',
  'write',
  'send',
  'start',
  'stop',
]);

/** Root functions are not bare verbs. */
export const expressiveNamesCheck: Check = {
  requirement: 'cash.5.3.expressive-names',
  definedIn: import.meta.url,
  async run(context) {
    const root = (await discovery(context)).functions.filter((item) => item.namespace === '');
    if (root.length === 0) return notApplicable('the root namespace has no function');
    const bare = root.filter((item) => BARE_VERBS.has(canonical(item.name)));
    return bare.length > 0
      ? fail(
          `root functions named with a bare verb: ${listProblems(bare.map((item) => `"${item.name}"`))}`,
        )
      : pass(`${root.length} root function name(s) say what they act on`);
  },
};
