/**
 * Checks of `context.list_caches`: shape, order, which entries, `has_manifest`.
 *
 * @module
 */

import type { Check, CheckContext } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { compareUtf8, FIXTURE_LISTING } from '../fixture.js';
import { callTool, LIST_CACHES_TOOL, successObject } from '../tool-calls.js';
import { findWorkCache, fixtureSkip, lastSegment } from '../work-cache.js';

/** One listed entry as read (types checked by the shape check, not here). */
interface Listed {
  readonly path: unknown;
  readonly hasManifest: unknown;
  readonly keys: readonly string[];
}

/** The listing, or a problem saying why there is none. */
async function readListing(
  context: CheckContext,
): Promise<
  | { readonly entries: readonly Listed[]; readonly value: Readonly<Record<string, unknown>> }
  | string
> {
  const answer = successObject(await callTool(context, LIST_CACHES_TOOL, {}), LIST_CACHES_TOOL);
  if (typeof answer === 'string') return answer;
  if (!Array.isArray(answer.value.caches)) return 'caches is not an array';
  const entries = answer.value.caches.map((entry) =>
    isRecord(entry)
      ? { path: entry.path, hasManifest: entry.has_manifest, keys: Object.keys(entry) }
      : { path: undefined, hasManifest: undefined, keys: [] },
  );
  return { entries, value: answer.value };
}

/** Exactly {"caches":[{"path","has_manifest"}]}. */
export const listShapeCheck: Check = {
  requirement: 'context-cache.list-caches.shape',
  definedIn: import.meta.url,
  async run(context) {
    const read = await readListing(context);
    if (typeof read === 'string') return fail(read);
    const problems: string[] = [];
    const keys = Object.keys(read.value);
    if (keys.length !== 1) problems.push(`top-level keys ${keys.join(', ')}, not only caches`);
    read.entries.forEach((entry, index) => {
      const label = `caches[${index}]`;
      if ([...entry.keys].sort().join(',') !== 'has_manifest,path') {
        problems.push(
          `${label} has keys ${entry.keys.join(', ') || '(none)'}, not path and has_manifest`,
        );
      }
      if (typeof entry.path !== 'string') problems.push(`${label}.path is not a string`);
      if (typeof entry.hasManifest !== 'boolean')
        problems.push(`${label}.has_manifest is not a boolean`);
    });
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${read.entries.length} entries of path and has_manifest`);
  },
};

/** Sorted by path in UTF-8 byte order. */
export const listSortedCheck: Check = {
  requirement: 'context-cache.list-caches.sorted',
  definedIn: import.meta.url,
  async run(context) {
    const read = await readListing(context);
    if (typeof read === 'string') return fail(read);
    const paths = read.entries.flatMap((entry) =>
      typeof entry.path === 'string' ? [entry.path] : [],
    );
    const problems: string[] = [];
    for (let index = 1; index < paths.length; index += 1) {
      const before = paths[index - 1] as string;
      const after = paths[index] as string;
      if (compareUtf8(before, after) >= 0) {
        problems.push(`${JSON.stringify(before)} comes before ${JSON.stringify(after)}`);
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${paths.length} paths in UTF-8 byte order`);
  },
};

/** On the fixture root: exactly its folders (no file, no link, nothing nested). */
export const immediateDirectoriesCheck: Check = {
  requirement: 'context-cache.list-caches.immediate-directories',
  definedIn: import.meta.url,
  async run(context) {
    if ((await findWorkCache(context)).kind !== 'fixture') return fixtureSkip();
    const read = await readListing(context);
    if (typeof read === 'string') return fail(read);
    const listed = read.entries.flatMap((entry) =>
      typeof entry.path === 'string' ? [lastSegment(entry.path)] : [],
    );
    const expected = new Set(FIXTURE_LISTING.map(([name]) => name));
    const extra = listed.filter((name) => !expected.has(name));
    const missing = [...expected].filter((name) => !listed.includes(name));
    const problems = [
      ...extra.map((name) => `lists ${JSON.stringify(name)}`),
      ...missing.map((name) => `does not list the folder ${JSON.stringify(name)}`),
    ];
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`lists the ${expected.size} folders of the fixture root and nothing else`);
  },
};

/** On the fixture root: has_manifest of each folder as expected. */
export const hasManifestCheck: Check = {
  requirement: 'context-cache.list-caches.has-manifest',
  definedIn: import.meta.url,
  async run(context) {
    if ((await findWorkCache(context)).kind !== 'fixture') return fixtureSkip();
    const read = await readListing(context);
    if (typeof read === 'string') return fail(read);
    const problems: string[] = [];
    for (const [name, hasManifest] of FIXTURE_LISTING) {
      const entry = read.entries.find(
        (candidate) => typeof candidate.path === 'string' && lastSegment(candidate.path) === name,
      );
      if (entry !== undefined && entry.hasManifest !== hasManifest) {
        problems.push(
          `${JSON.stringify(name)} has has_manifest ${JSON.stringify(entry.hasManifest)}, not ${hasManifest}`,
        );
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          'has_manifest is true for the three manifest files, false for the folder and the rest',
        );
  },
};

/** The checks of this file. */
export const listCachesChecks: readonly Check[] = [
  listShapeCheck,
  listSortedCheck,
  immediateDirectoriesCheck,
  hasManifestCheck,
];
