/**
 * Checks of a declared `help` extension (`x-help-query` in the manifest's `extensions`: the
 * `query` and `offset` keyword arguments) against what cash-rfc fixes for any additional help
 * argument (§4.2) and for the namespace layer (§6.1). A server that declares no extension is
 * skipped: the extension is optional.
 *
 * @module
 */

import type { Check, CheckContext } from '../../../check.js';
import { fail, listProblems, notApplicable, pass } from '../../../outcome.js';
import { allListings, discovery, listingCall } from '../discovery.js';
import { parseHelpListing } from '../help-listing.js';
import { serverResource } from '../manifest.js';
import { escapeRegExp } from '../names.js';
import { askHelp, describeInvocation } from '../tool-answer.js';

/** The extension's name in the manifest. */
export const HELP_QUERY_EXTENSION = 'x-help-query';

/** The keyword arguments the extension adds to `help`. */
export const HELP_QUERY_ARGUMENTS = ['query', 'offset'] as const;

/** Whether `cash://server` declares the extension; `undefined` when the manifest cannot be read. */
async function declaresHelpQuery(context: CheckContext): Promise<boolean | undefined> {
  const resource = await serverResource(context);
  if (resource.text === undefined) return undefined;
  let manifest: unknown;
  try {
    manifest = JSON.parse(resource.text);
  } catch {
    return undefined;
  }
  const extensions = (manifest as { extensions?: unknown } | null)?.extensions;
  return (
    Array.isArray(extensions) &&
    extensions.some(
      (extension) => (extension as { name?: unknown } | null)?.name === HELP_QUERY_EXTENSION,
    )
  );
}

/**
 * Whether a text names `name` as an argument: in code (`` `query` ``), as `query=` or
 * `query:`, or as a JSON key. A plain word would not do: "query" is a common English word.
 */
function namesArgument(text: string, name: string): boolean {
  const word = escapeRegExp(name);
  return new RegExp(`\`${word}\`|\\b${word}\\s*[=:]|"${word}"`, 'i').test(text);
}

const NOT_DECLARED = `the manifest (cash://server) declares no ${HELP_QUERY_EXTENSION} extension`;

/** help() names every keyword argument of a declared extension. */
export const extensionArgumentsCheck: Check = {
  requirement: 'cash.4.2.extension-kwargs-documented',
  definedIn: import.meta.url,
  async run(context) {
    if ((await declaresHelpQuery(context)) !== true) return notApplicable(NOT_DECLARED);
    const base = (await askHelp(context)).text;
    const missing = HELP_QUERY_ARGUMENTS.filter((name) => !namesArgument(base, name));
    return missing.length > 0
      ? fail(
          `the manifest declares ${HELP_QUERY_EXTENSION} but help() does not name ${missing.map((name) => `"${name}"`).join(', ')}`,
        )
      : pass(`help() names ${HELP_QUERY_ARGUMENTS.join(' and ')} of ${HELP_QUERY_EXTENSION}`);
  },
};

/**
 * A listing narrowed by `query` is still a namespace listing: it answers without error, lists
 * only entries of that namespace, one line each, and finds a listed function by its name.
 */
export const queryListingCheck: Check = {
  requirement: 'cash.6.1.query-listing',
  definedIn: import.meta.url,
  async run(context) {
    if ((await declaresHelpQuery(context)) !== true) return notApplicable(NOT_DECLARED);
    const found = await discovery(context);
    const target = allListings(found).find(
      (listing) =>
        !listing.answer.isError && listing.entries.some((entry) => entry.kind === 'function'),
    );
    // The longest function name is the most distinctive query.
    const wanted = target?.entries
      .filter((entry) => entry.kind === 'function')
      .reduce<(typeof target.entries)[number] | undefined>(
        (best, entry) =>
          best === undefined || entry.name.length > best.name.length ? entry : best,
        undefined,
      );
    if (target === undefined || wanted === undefined)
      return notApplicable('no listing holds a function');
    const args = {
      ...(target.path === '' ? {} : { namespace: target.path }),
      kwargs: { query: wanted.name },
    };
    const shown = describeInvocation('help', args);
    const answer = await askHelp(context, args);
    if (answer.isError) return fail(`${shown} answered an error: ${answer.text.slice(0, 120)}`);
    const narrowed = parseHelpListing(answer.text);
    const listed = new Set(target.entries.map((entry) => entry.name));
    const problems: string[] = [];
    for (const entry of narrowed.entries) {
      if (!listed.has(entry.name)) {
        problems.push(`"${entry.name}" is not in ${listingCall(target.path)}`);
      }
      if (entry.continuation.length > 0) {
        problems.push(`"${entry.name}" has ${entry.continuation.length} more line(s) under it`);
      }
    }
    if (!narrowed.entries.some((entry) => entry.name === wanted.name)) {
      problems.push(`"${wanted.name}" is not listed`);
    }
    return problems.length > 0
      ? fail(`${shown}: ${listProblems(problems)}`)
      : pass(`${shown} lists ${narrowed.entries.length} entries of that namespace, one line each`);
  },
};
