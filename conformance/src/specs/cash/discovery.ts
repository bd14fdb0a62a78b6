/**
 * Discovery through `help()` the way a model would do it (cash-rfc Appendix A): the index, then
 * each namespace, breadth first, within fixed bounds; the kind of an entry its listing does not
 * name is found by asking `help(namespace=<path>)` (a namespace answers, a function does not).
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { type DocumentedParameter, parseParameters } from './function-doc.js';
import {
  type EntryKind,
  type HelpListing,
  type ListingEntry,
  parseHelpListing,
} from './help-listing.js';
import { canonicalPath, joinPath, pathDepth } from './names.js';
import { askHelp, type ToolAnswer } from './tool-answer.js';

/** At most this many namespace listings are read. */
export const MAX_NAMESPACES = 40;
/** Namespaces deeper than this are not read (deeper than any shallow hierarchy, §4.2). */
export const MAX_DEPTH = 5;
/** At most this many entries have their kind probed. */
const MAX_PROBES = 60;

/** An entry whose kind is known. */
export interface ResolvedEntry extends ListingEntry {
  /** What the entry is. */
  readonly kind: EntryKind;
  /** Whether the kind was found by asking help, not read from the listing. */
  readonly probed: boolean;
}

/** One namespace listing that discovery read. */
export interface DiscoveredListing {
  /** The dotted path; empty for the index (`help()`). */
  readonly path: string;
  /** What help answered. */
  readonly answer: ToolAnswer;
  /** The answer, read. */
  readonly listing: HelpListing;
  /** The entries with their kinds (none when help answered an error). */
  readonly entries: readonly ResolvedEntry[];
}

/** A function discovery found. */
export interface FunctionReference {
  /** Its namespace path (empty: the root namespace). */
  readonly namespace: string;
  /** Its name as listed. */
  readonly name: string;
}

/** What discovery found. */
export interface Discovery {
  /** The index. */
  readonly root: DiscoveredListing;
  /** Every namespace listing read below the index, breadth first. */
  readonly namespaces: readonly DiscoveredListing[];
  /** Every function listed in a listing that was read. */
  readonly functions: readonly FunctionReference[];
  /** The path of the deepest namespace listed (the first of that depth); empty when none. */
  readonly deepestPath: string;
}

/** A listed name as a path under `parent`: a name that repeats the parent's path is not doubled. */
function childPath(parent: string, name: string): string {
  return joinPath(parent, relativeName(parent, name));
}

async function resolveEntries(
  context: CheckContext,
  path: string,
  listing: HelpListing,
  budget: { probes: number },
): Promise<ResolvedEntry[]> {
  const resolved: ResolvedEntry[] = [];
  for (const entry of listing.entries) {
    if (entry.hint !== undefined) {
      resolved.push({ ...entry, kind: entry.hint, probed: false });
      continue;
    }
    let kind: EntryKind = 'function';
    if (budget.probes > 0 && entry.name !== '') {
      budget.probes--;
      const answer = await askHelp(context, { namespace: childPath(path, entry.name) });
      if (!answer.isError) kind = 'namespace';
    }
    resolved.push({ ...entry, kind, probed: true });
  }
  return resolved;
}

async function readListing(
  context: CheckContext,
  path: string,
  budget: { probes: number },
): Promise<DiscoveredListing> {
  const answer = await askHelp(context, path === '' ? {} : { namespace: path });
  const listing = parseHelpListing(answer.text);
  const entries = answer.isError ? [] : await resolveEntries(context, path, listing, budget);
  return { path, answer, listing, entries };
}

async function discover(context: CheckContext): Promise<Discovery> {
  const budget = { probes: MAX_PROBES };
  const root = await readListing(context, '', budget);
  if (root.answer.isError) throw new Error(`help() answered an error: ${root.answer.text}`);
  const namespaces: DiscoveredListing[] = [];
  const functions: FunctionReference[] = [];
  let deepestPath = '';
  const queue: DiscoveredListing[] = [root];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const entry of next.entries) {
      if (entry.kind === 'function') {
        functions.push({ namespace: next.path, name: entry.name });
        continue;
      }
      const path = childPath(next.path, entry.name);
      if (pathDepth(path) > pathDepth(deepestPath)) deepestPath = path;
      if (namespaces.length >= MAX_NAMESPACES || pathDepth(path) > MAX_DEPTH) continue;
      const listing = await readListing(context, path, budget);
      namespaces.push(listing);
      queue.push(listing);
    }
  }
  return { root, namespaces, functions, deepestPath };
}

/** The discovery of the target under test, done once per target. */
export function discovery(context: CheckContext): Promise<Discovery> {
  return context.memo('cash:discovery', () => discover(context));
}

/** Every listing discovery read: the index first. */
export function allListings(found: Discovery): readonly DiscoveredListing[] {
  return [found.root, ...found.namespaces];
}

/** A function's documentation, read once per target. */
export interface FunctionDoc {
  /** What `help(namespace, function)` answered. */
  readonly answer: ToolAnswer;
  /** The parameters it documents. */
  readonly parameters: readonly DocumentedParameter[];
}

/** `help(namespace, function)` of a discovered function, read. */
export async function functionDoc(
  context: CheckContext,
  reference: FunctionReference,
): Promise<FunctionDoc> {
  const answer = await askHelp(context, {
    ...(reference.namespace === '' ? {} : { namespace: reference.namespace }),
    function: reference.name,
  });
  return { answer, parameters: answer.isError ? [] : parseParameters(answer.text) };
}

/** JSON Schema type words a wrong value can be made for. */
const PROBE_TYPES: ReadonlySet<string> = new Set([
  'string',
  'integer',
  'number',
  'boolean',
  'array',
  'object',
]);

/** A function with a required parameter of a known type: calls without it are safe to make. */
export interface ProbeFunction extends FunctionReference {
  /** The required parameter. */
  readonly parameter: DocumentedParameter;
}

/**
 * Why a check that needs a function with a required parameter skips: the RFC requires no such
 * function (every parameter may be optional), so its absence is no failure.
 */
export const NO_REQUIRED_PARAMETER =
  'no function doc read marks a parameter of a known type required, and the RFC does not require one (cash.4.2.function-doc judges docs that document nothing)';

/** How many function docs a search for probe functions reads at most. */
const MAX_DOCS_SEARCHED = 12;

/**
 * The first discovered function (among those `accept` keeps) whose documentation marks a
 * parameter of a known type as required; undefined when none of the first few has one.
 */
export async function findProbeFunction(
  context: CheckContext,
  accept: (reference: FunctionReference) => boolean = () => true,
): Promise<ProbeFunction | undefined> {
  const found = await discovery(context);
  const candidates = found.functions.filter(accept).slice(0, MAX_DOCS_SEARCHED);
  for (const reference of candidates) {
    const doc = await functionDoc(context, reference);
    const parameter = doc.parameters.find(
      (candidate) => candidate.required && PROBE_TYPES.has(candidate.type),
    );
    if (parameter !== undefined) return { ...reference, parameter };
  }
  return undefined;
}

/** How the help call of a listing reads in messages: `help()` or `help(namespace="orders")`. */
export function listingCall(path: string): string {
  return path === '' ? 'help()' : `help(namespace=${JSON.stringify(path)})`;
}

/** The listing discovery read for a namespace path, matched canonically. */
export function listingAt(found: Discovery, path: string): DiscoveredListing | undefined {
  const wanted = canonicalPath(path);
  return allListings(found).find((listing) => canonicalPath(listing.path) === wanted);
}

/** A listed name relative to its listing: a name that repeats the parent's path loses it. */
export function relativeName(parent: string, name: string): string {
  return parent !== '' && canonicalPath(name).startsWith(`${canonicalPath(parent)}.`)
    ? name.split('.').slice(parent.split('.').length).join('.')
    : name;
}
