/**
 * Checks of a function's documentation, `help(namespace, function)` (cash-rfc §4.2 help table,
 * §6.1 Leaf+1): it answers, it tells what the function accepts, and it documents that one
 * function only.
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, notApplicable, pass, skip } from '../../../outcome.js';
import { discovery, type FunctionReference } from '../discovery.js';
import { functionDocCall, functionSurvey, silentDocs } from '../function-survey.js';
import { parseJsonObject } from '../help-listing.js';
import { canonical, canonicalPath } from '../names.js';

/** Why discovery has no function doc to read; the RFC does not require a server to have functions. */
const NO_FUNCTION =
  'help lists no function, so there is no function documentation to read (the RFC does not require a server to offer functions)';

/** help(namespace, function) answers the function's documentation, which says what it accepts. */
export const functionDocCheck: Check = {
  requirement: 'cash.4.2.function-doc',
  definedIn: import.meta.url,
  async run(context) {
    const { docs } = await functionSurvey(context);
    if (docs.length === 0) return notApplicable(NO_FUNCTION);
    const problems: string[] = [];
    for (const { reference, doc } of docs) {
      const call = functionDocCall(reference);
      if (doc.answer.isError) problems.push(`${call} answered an error: ${doc.answer.text}`);
      else if (doc.answer.text.trim() === '') problems.push(`${call} answered nothing`);
    }
    const silent = silentDocs({ docs });
    if (silent !== undefined) problems.push(silent);
    if (problems.length > 0) return fail(listProblems(problems));
    const documented = docs.filter((item) => item.doc.parameters.length > 0).length;
    return pass(
      `${docs.length} function doc(s) answer; ${documented} document parameters, the others say there are none`,
    );
  },
};

/** A heading's text without its hashes and markup, as a canonical path (`orders.list`). */
function headingPath(line: string): string {
  return canonicalPath(
    line
      .replace(/^\s*#{1,6}\s*/, '')
      .replaceAll(/[`*_]/g, '')
      .trim(),
  );
}

/** The other functions of a reference's namespace that its doc documents too. */
function documentedSiblings(
  reference: FunctionReference,
  text: string,
  siblings: readonly string[],
): string[] {
  const json = parseJsonObject(text);
  if (json !== undefined) return json.functions === undefined ? [] : ['a "functions" field'];
  const headings = new Set(
    text
      .split('\n')
      .filter((line) => /^\s*#{1,6}\s/.test(line))
      .map(headingPath),
  );
  const prefix = reference.namespace === '' ? '' : `${canonicalPath(reference.namespace)}.`;
  return siblings.filter(
    (name) => headings.has(canonical(name)) || headings.has(`${prefix}${canonical(name)}`),
  );
}

/** help(namespace, function) documents that one function, not its siblings. */
export const oneFunctionCheck: Check = {
  requirement: 'cash.6.1.function-doc-one-function',
  definedIn: import.meta.url,
  async run(context) {
    const found = await discovery(context);
    const { docs } = await functionSurvey(context);
    const read = docs.filter((item) => !item.doc.answer.isError);
    if (read.length === 0)
      return skip(docs.length === 0 ? NO_FUNCTION : 'no function doc answered');
    const problems: string[] = [];
    for (const { reference, doc } of read) {
      const siblings = found.functions
        .filter((other) => other.namespace === reference.namespace && other.name !== reference.name)
        .map((other) => other.name);
      const extra = documentedSiblings(reference, doc.answer.text, siblings);
      if (extra.length > 0) {
        problems.push(`${functionDocCall(reference)} also documents ${extra.join(', ')}`);
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${read.length} function doc(s) document their own function only`);
  },
};
