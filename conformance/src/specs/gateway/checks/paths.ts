/**
 * Checks of `tool_browse` arguments and paths (§3.1, §3.2, §3.4).
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { browse, probeBrowses } from '../cards.js';
import { declaresCacheStable } from '../controls-settings.js';
import { callMetaTool, describeAnswer, errorCodeOf, META_TOOLS, requireMode } from '../surface.js';

/** Browse arguments that break §3.1's "exactly one of query and path". */
const NOT_EXACTLY_ONE: readonly Readonly<Record<string, unknown>>[] = [
  {},
  { query: 'read a file', path: '/' },
];

/** Paths that break the §3.2 grammar, with what is wrong. */
export const MALFORMED_PATHS: readonly (readonly [string, string])[] = [
  ['/conformance/', 'a trailing slash'],
  ['//conformance', 'an empty segment'],
  ['/Conformance', 'an upper-case segment'],
  ['/1conformance', 'a namespace starting with a digit'],
  ['conformance', 'no leading slash'],
  ['/con formance', 'a space'],
];

/** A well-formed path that no catalog is expected to hold. */
export const MISSING_PATH = '/conformance-no-such-namespace';

/** Both query and path, or neither, answer ARGS_INVALID. */
export const queryOrPathCheck: Check = {
  requirement: 'gw.3.1.query-or-path',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'gateway');
    if (outcome !== undefined) return outcome;
    const problems: string[] = [];
    for (const args of NOT_EXACTLY_ONE) {
      const answer = await callMetaTool(context, META_TOOLS.browse, args);
      if (errorCodeOf(answer) !== 'ARGS_INVALID') {
        problems.push(`tool_browse ${JSON.stringify(args)} answered ${describeAnswer(answer)}`);
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass('both and neither answer ARGS_INVALID');
  },
};

/**
 * "/" lists namespaces that resolve, and "/ns/*" equals "/ns". With cache-stable browsing (§5) a
 * browse depends on what the session saw, so "/ns/*" is compared with "/ns" browsed right before
 * it, once the probe browse of "/ns" has made its cards seen.
 */
export const rootCheck: Check = {
  requirement: 'gw.3.2.root',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'gateway');
    if (outcome !== undefined) return outcome;
    const browses = await probeBrowses(context);
    const root = browses.find((entry) => entry.args.path === '/');
    if (root === undefined || root.cards.length === 0) return fail('"/" lists no card');
    const problems: string[] = [];
    const ids = root.cards.map((card) => String(card.id));
    if (new Set(ids).size !== ids.length) problems.push('"/" lists a namespace twice');
    for (const card of root.cards) {
      const path =
        typeof card.id === 'string' && card.id.startsWith('/')
          ? card.id
          : `/${String(card.namespace)}`;
      const listed = browses.find((entry) => entry.args.path === path);
      if (listed === undefined || listed.cards.length === 0) {
        problems.push(
          `namespace card ${JSON.stringify(card.id)} does not resolve to children at ${path}`,
        );
        continue;
      }
      const parent = declaresCacheStable(context) ? await browse(context, { path }) : listed;
      const star = await browse(context, { path: `${path}/*` });
      if (JSON.stringify(star.cards) !== JSON.stringify(parent.cards)) {
        problems.push(`${path}/* lists other cards than ${path}`);
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`"/" lists ${ids.length} namespaces, each resolving, "*" equal to its parent`);
  },
};

/** Malformed paths answer PATH_INVALID. */
export const pathInvalidCheck: Check = {
  requirement: 'gw.3.4.path-invalid',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'gateway');
    if (outcome !== undefined) return outcome;
    const problems: string[] = [];
    for (const [path, what] of MALFORMED_PATHS) {
      const answer = await callMetaTool(context, META_TOOLS.browse, { path });
      if (errorCodeOf(answer) !== 'PATH_INVALID') {
        problems.push(`${JSON.stringify(path)} (${what}) answered ${describeAnswer(answer)}`);
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${MALFORMED_PATHS.length} malformed paths answer PATH_INVALID`);
  },
};

/** A well-formed path of no node answers PATH_NOT_FOUND. */
export const pathNotFoundCheck: Check = {
  requirement: 'gw.3.4.path-not-found',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'gateway');
    if (outcome !== undefined) return outcome;
    const problems: string[] = [];
    for (const path of [MISSING_PATH, `${MISSING_PATH}/deeper`]) {
      const answer = await callMetaTool(context, META_TOOLS.browse, { path });
      if (errorCodeOf(answer) !== 'PATH_NOT_FOUND') {
        problems.push(`${JSON.stringify(path)} answered ${describeAnswer(answer)}`);
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass('well-formed paths of no node answer PATH_NOT_FOUND');
  },
};

/** The checks of browse arguments and paths, in catalog order. */
export const pathChecks: readonly Check[] = [
  queryOrPathCheck,
  rootCheck,
  pathInvalidCheck,
  pathNotFoundCheck,
];
