/**
 * Checks of `context.inspect_cache`: key order, values, invalid manifests, missing caches.
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import {
  BROKEN_MANIFEST_CACHE,
  FIXTURE_SOURCES,
  fixtureCacheVersion,
  NO_MANIFEST_CACHE,
  ROOT_FILE,
  UNREADABLE_CACHE,
  UNREADABLE_FILE,
} from '../fixture.js';
import {
  callTool,
  errorCode,
  errorProblem,
  INSPECT_CACHE_TOOL,
  isCount,
  successObject,
} from '../tool-calls.js';
import { findWorkCache, fixtureSkip, noCacheSkip } from '../work-cache.js';
import { ABSENT_CACHE } from './errors.js';

/** The fields of the answer, in their required order. */
const INSPECT_KEYS = ['cache_version', 'document_count', 'total_bytes', 'valid'];

function shapeProblems(value: Readonly<Record<string, unknown>>, label: string): string[] {
  const keys = Object.keys(value);
  const problems: string[] = [];
  if (keys.join(',') !== INSPECT_KEYS.join(',')) {
    problems.push(
      `${label} has keys ${keys.join(', ')}; expected exactly ${INSPECT_KEYS.join(', ')}`,
    );
  }
  if (typeof value.cache_version !== 'string')
    problems.push(`${label}: cache_version is not a string`);
  if (!isCount(value.document_count))
    problems.push(`${label}: document_count is not a non-negative integer`);
  if (!isCount(value.total_bytes))
    problems.push(`${label}: total_bytes is not a non-negative integer`);
  if (typeof value.valid !== 'boolean') problems.push(`${label}: valid is not a boolean`);
  return problems;
}

/** Exactly the four keys, in order, with their types (on the work cache and, on the fixture, an empty folder). */
export const keyOrderCheck: Check = {
  requirement: 'context-cache.inspect-cache.key-order',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    if (work.kind === 'none') return noCacheSkip(work);
    const names = work.kind === 'fixture' ? [work.name, NO_MANIFEST_CACHE] : [work.name];
    const problems: string[] = [];
    for (const name of names) {
      const label = `inspect ${JSON.stringify(name)}`;
      const answer = successObject(
        await callTool(context, INSPECT_CACHE_TOOL, { cache: name }),
        label,
      );
      problems.push(
        ...(typeof answer === 'string' ? [answer] : shapeProblems(answer.value, label)),
      );
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass('cache_version, document_count, total_bytes, valid in that order');
  },
};

/** The fixture cache: its version and count, valid, some bytes. */
export const valuesCheck: Check = {
  requirement: 'context-cache.inspect-cache.values',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    if (work.kind !== 'fixture') return fixtureSkip();
    const answer = successObject(
      await callTool(context, INSPECT_CACHE_TOOL, { cache: work.name }),
      'inspect the fixture',
    );
    if (typeof answer === 'string') return fail(answer);
    const { value } = answer;
    const problems: string[] = [];
    const version = fixtureCacheVersion();
    if (value.cache_version !== version) {
      problems.push(`cache_version is ${JSON.stringify(value.cache_version)}, not ${version}`);
    }
    const count = Object.keys(FIXTURE_SOURCES).length;
    if (value.document_count !== count)
      problems.push(`document_count is ${JSON.stringify(value.document_count)}, not ${count}`);
    if (value.valid !== true) problems.push(`valid is ${JSON.stringify(value.valid)}`);
    if (!isCount(value.total_bytes) || value.total_bytes === 0) {
      problems.push(`total_bytes is ${JSON.stringify(value.total_bytes)}`);
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`the manifest's version and count, valid, ${String(value.total_bytes)} bytes`);
  },
};

/** A missing manifest, or one that does not parse, is reported as invalid with empty values. */
export const invalidManifestCheck: Check = {
  requirement: 'context-cache.inspect-cache.invalid-manifest',
  definedIn: import.meta.url,
  async run(context) {
    if ((await findWorkCache(context)).kind !== 'fixture') return fixtureSkip();
    const problems: string[] = [];
    for (const [name, acceptsCacheInvalid] of [
      [NO_MANIFEST_CACHE, false],
      [BROKEN_MANIFEST_CACHE, true],
    ] as const) {
      const label = `inspect ${JSON.stringify(name)}`;
      const reply = await callTool(context, INSPECT_CACHE_TOOL, { cache: name });
      if (acceptsCacheInvalid && errorCode(reply) === 'cache_invalid') continue;
      const answer = successObject(reply, label);
      if (typeof answer === 'string') {
        problems.push(answer);
        continue;
      }
      const { cache_version: version, document_count: count, valid } = answer.value;
      if (version !== '' || count !== 0 || valid !== false) {
        problems.push(
          `${label} gives cache_version ${JSON.stringify(version)}, document_count ${JSON.stringify(count)}, valid ${JSON.stringify(valid)}`,
        );
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass('missing and unparseable manifests are reported as invalid');
  },
};

/**
 * The copy of the fixture with an unreadable file: a failed read gives valid false and
 * total_bytes 0; a read that succeeds (a server running as root) counts the file's bytes.
 */
export const unreadableFileCheck: Check = {
  requirement: 'context-cache.inspect-cache.unreadable-file',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    if (work.kind !== 'fixture') return fixtureSkip();
    const inspect = async (name: string) =>
      successObject(
        await callTool(context, INSPECT_CACHE_TOOL, { cache: name }),
        `inspect ${JSON.stringify(name)}`,
      );
    const [plain, unreadable] = [await inspect(work.name), await inspect(UNREADABLE_CACHE)];
    if (typeof plain === 'string') return fail(plain);
    if (typeof unreadable === 'string') return fail(unreadable);
    const { valid, total_bytes: total } = unreadable.value;
    if (valid === false) {
      return total === 0
        ? pass('the unreadable file gives valid false and total_bytes 0')
        : fail(`valid is false but total_bytes is ${JSON.stringify(total)}, not 0`);
    }
    const expected = Number(plain.value.total_bytes) + UNREADABLE_FILE.bytes;
    if (valid === true && total === expected) {
      return pass(`the file was read (the server can read it): ${expected} bytes, valid true`);
    }
    return fail(
      `valid ${JSON.stringify(valid)} with total_bytes ${JSON.stringify(total)}: expected valid false and 0, or valid true and ${expected}`,
    );
  },
};

/** A missing name, and (on the fixture) a file in the root, answer cache_missing. */
export const inspectCacheMissingCheck: Check = {
  requirement: 'context-cache.inspect-cache.cache-missing',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    const names = work.kind === 'fixture' ? [ABSENT_CACHE, ROOT_FILE] : [ABSENT_CACHE];
    const problems: string[] = [];
    for (const name of names) {
      const reply = await callTool(context, INSPECT_CACHE_TOOL, { cache: name });
      const problem = errorProblem(reply, 'cache_missing', `inspect ${JSON.stringify(name)}`);
      if (problem !== undefined) problems.push(problem);
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${names.length} name(s) that are no folder answer cache_missing`);
  },
};

/** The checks of this file. */
export const inspectCacheChecks: readonly Check[] = [
  keyOrderCheck,
  valuesCheck,
  invalidManifestCheck,
  unreadableFileCheck,
  inspectCacheMissingCheck,
];
