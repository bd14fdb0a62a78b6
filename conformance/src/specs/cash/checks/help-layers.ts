/**
 * Checks of help's layers (cash-rfc §4.2, §6): what the index and a namespace listing may hold.
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, notApplicable, pass } from '../../../outcome.js';
import {
  allListings,
  type DiscoveredListing,
  discovery,
  listingAt,
  listingCall,
} from '../discovery.js';
import { canonical, joinPath, pathDepth } from '../names.js';

/** The deepest namespace path a shallow hierarchy has (cash-rfc §4.2: 2-3 levels). */
const MAX_SHALLOW_DEPTH = 3;

/** The problems of one listing's entries: no name, no description, lines nested under them. */
function entryProblems(listing: DiscoveredListing): string[] {
  const call = listingCall(listing.path);
  const problems: string[] = [];
  for (const entry of listing.entries) {
    const label = entry.name === '' ? 'an entry' : `"${entry.name}"`;
    if (entry.name === '') problems.push(`${call}: an entry has no name`);
    else if (entry.description === '') problems.push(`${call}: ${label} has no description`);
    if (entry.continuation.length > 0) {
      problems.push(`${call}: ${label} has ${entry.continuation.length} more line(s) under it`);
    }
  }
  return problems;
}

/** Each help() entry is a name and one descriptive line. */
export const indexEntriesCheck: Check = {
  requirement: 'cash.6.1.index-entries',
  definedIn: import.meta.url,
  async run(context) {
    const { root } = await discovery(context);
    const problems = entryProblems(root);
    if (root.listing.tableRows > 0) problems.push('help() has a table');
    if (root.entries.length === 0) return fail('help() lists nothing');
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${root.entries.length} help() entries are one line each`);
  },
};

/** Emphasized spans and list-item names anywhere in a text (nested items included). */
function mentionedTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.matchAll(/\*\*(.+?)\*\*|__(.+?)__|`([^`]+)`/g)) {
    tokens.push((match[1] ?? match[2] ?? match[3] ?? '').trim());
  }
  for (const match of text.matchAll(/^\s+(?:[-*+]|\d+[.)])\s+([A-Za-z0-9_.-]+)/gm)) {
    tokens.push(match[1] ?? '');
  }
  return tokens.map(canonical);
}

/** help() does not list a namespace's functions. */
export const indexNoFunctionListsCheck: Check = {
  requirement: 'cash.6.2.index-no-function-lists',
  definedIn: import.meta.url,
  async run(context) {
    const found = await discovery(context);
    const { root } = found;
    const tokens = new Set(mentionedTokens(root.answer.text));
    const problems: string[] = [];
    for (const entry of root.entries) {
      if (entry.extraKeys.some((key) => /function/i.test(key))) {
        problems.push(`the entry "${entry.name}" carries ${entry.extraKeys.join(', ')}`);
      }
      if (entry.kind !== 'namespace') continue;
      const listing = listingAt(found, entry.name);
      const functions = (listing?.entries ?? []).filter((item) => item.kind === 'function');
      const namespace = canonical(entry.name);
      const dotted = functions.some((item) => tokens.has(`${namespace}.${canonical(item.name)}`));
      const mentioned = functions.filter(
        (item) =>
          tokens.has(`${namespace}.${canonical(item.name)}`) || tokens.has(canonical(item.name)),
      );
      if (dotted || mentioned.length >= 2) {
        problems.push(
          `help() lists functions of "${entry.name}": ${mentioned.map((item) => item.name).join(', ')}`,
        );
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass('help() names no function of its namespaces');
  },
};

/** Each help(namespace) entry is a name and one descriptive line. */
export const namespaceEntriesCheck: Check = {
  requirement: 'cash.6.1.namespace-entries',
  definedIn: import.meta.url,
  async run(context) {
    const { namespaces } = await discovery(context);
    const read = namespaces.filter((listing) => !listing.answer.isError);
    if (namespaces.length === 0) {
      return notApplicable(
        'help() lists no namespace: a server whose root holds its functions has no help(namespace) listing (cash-rfc §4.2 Root namespace)',
      );
    }
    const problems = [
      ...namespaces
        .filter((listing) => listing.answer.isError)
        .map((listing) => `${listingCall(listing.path)} answered an error: ${listing.answer.text}`),
      ...read.flatMap(entryProblems),
    ];
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${read.length} namespace listing(s) have one line per entry`);
  },
};

/** Parameter detail: a parameter name with a JSON Schema type (`limit: integer`, `id (string)`). */
const TYPED_PARAMETER =
  /\b[A-Za-z_][A-Za-z0-9_]*\s*(?::|\()\s*(?:string|integer|number|boolean|array|object)\b/i;
/** An argument list right after a name: `(order_id: string)`, `(a, b)`, `(limit=10)`. */
const SIGNATURE = /^\s*\([^)]*[:,=][^)]*\)/;
/** JSON entry keys that carry parameter detail. */
const PARAMETER_KEYS = /^(parameters|params|arguments|args|input_?schema|signature|schema)$/i;

function parameterProblems(listing: DiscoveredListing): string[] {
  const call = listingCall(listing.path);
  const problems: string[] = [];
  if (listing.listing.tableRows > 0) problems.push(`${call} has a table`);
  for (const heading of listing.listing.headings) {
    if (/\b(param(eter)?s?|arguments?|signatures?)\b/i.test(heading)) {
      problems.push(`${call} has the heading "${heading}"`);
    }
  }
  for (const entry of listing.entries) {
    const detail = [entry.afterName, ...entry.continuation].join('\n');
    if (entry.name.includes('(') || SIGNATURE.test(entry.afterName)) {
      problems.push(`${call} gives "${entry.name}" a signature`);
    } else if (TYPED_PARAMETER.test(detail)) {
      problems.push(`${call} gives "${entry.name}" typed parameters`);
    }
    const keys = entry.extraKeys.filter((key) => PARAMETER_KEYS.test(key));
    if (keys.length > 0) problems.push(`${call} gives "${entry.name}" ${keys.join(', ')}`);
  }
  return problems;
}

/** help(namespace) carries no signatures or parameter detail. */
export const namespaceNoParametersCheck: Check = {
  requirement: 'cash.6.2.namespace-no-parameters',
  definedIn: import.meta.url,
  async run(context) {
    const found = await discovery(context);
    const listings = allListings(found).filter(
      (listing) =>
        !listing.answer.isError && listing.entries.some((entry) => entry.kind === 'function'),
    );
    if (listings.length === 0) {
      return notApplicable(
        'no listing that was read lists functions, and the RFC does not require a server to offer any',
      );
    }
    const problems = listings.flatMap(parameterProblems);
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${listings.length} function listing(s) carry no parameter detail`);
  },
};

/** help() entries carry no parameter information: no signatures, typed parameters or tables. */
export const indexNoParametersCheck: Check = {
  requirement: 'cash.6.1.index-no-parameters',
  definedIn: import.meta.url,
  async run(context) {
    const { root } = await discovery(context);
    const problems = parameterProblems(root);
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${root.entries.length} help() entries carry no parameter information`);
  },
};

/** The root namespace does not mix functions and sub-namespaces. */
export const flatRootCheck: Check = {
  requirement: 'cash.4.2.flat-root',
  definedIn: import.meta.url,
  async run(context) {
    const { root } = await discovery(context);
    const names = (kind: string) =>
      root.entries.filter((entry) => entry.kind === kind).map((entry) => entry.name);
    const functions = names('function');
    const namespaces = names('namespace');
    if (functions.length > 0 && namespaces.length > 0) {
      return fail(
        `help() lists root functions (${functions.slice(0, 3).join(', ')}) beside namespaces (${namespaces.slice(0, 3).join(', ')})`,
      );
    }
    return pass(
      functions.length > 0 ? 'the root holds functions only' : 'the root holds namespaces only',
    );
  },
};

/** Namespace paths are at most three levels deep. */
export const shallowHierarchyCheck: Check = {
  requirement: 'cash.4.2.shallow-hierarchy',
  definedIn: import.meta.url,
  async run(context) {
    const { deepestPath } = await discovery(context);
    const depth = pathDepth(deepestPath);
    return depth > MAX_SHALLOW_DEPTH
      ? fail(
          `the namespace "${deepestPath}" is ${depth} levels deep (at most ${MAX_SHALLOW_DEPTH})`,
        )
      : pass(`namespaces are at most ${depth} level(s) deep`);
  },
};

/** A listing with both kinds says which entry is which. */
export const distinguishesKindsCheck: Check = {
  requirement: 'cash.4.2.distinguishes-kinds',
  definedIn: import.meta.url,
  async run(context) {
    const mixed = allListings(await discovery(context)).filter((listing) => {
      const kinds = new Set(listing.entries.map((entry) => entry.kind));
      return kinds.size > 1;
    });
    if (mixed.length === 0)
      return notApplicable('no listing holds both sub-namespaces and functions');
    const problems = mixed.flatMap((listing) => {
      const unmarked = listing.entries.filter((entry) => entry.probed);
      if (unmarked.length === 0) return [];
      const example = (kind: string) =>
        unmarked.find((entry) => entry.kind === kind)?.name ?? '(marked)';
      return [
        `${listingCall(listing.path)} lists "${joinPath(listing.path, example('namespace'))}" and "${example('function')}" without saying which is a namespace and which a function`,
      ];
    });
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${mixed.length} mixed listing(s) separate namespaces from functions`);
  },
};
