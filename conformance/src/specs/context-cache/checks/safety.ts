/**
 * Checks that cache names stay inside the root and that resolving changes nothing.
 *
 * @module
 */

import type { Check, CheckContext } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { excerpt } from '../../../session/json-rpc.js';
import { ESCAPING_LINK, OUTSIDE_CACHE, TAMPERED_CACHE } from '../fixture.js';
import {
  callTool,
  errorProblem,
  INSPECT_CACHE_TOOL,
  LIST_CACHES_TOOL,
  RESOLVE_TOOL,
  replyBytes,
} from '../tool-calls.js';
import { findWorkCache } from '../work-cache.js';

/**
 * Names that leave the root. `../outside` reaches a valid cache next to the fixture root, and
 * `conformance-escape` is a link to it; on other servers they are merely missing.
 */
export const TRAVERSAL_NAMES: readonly string[] = [
  `../${OUTSIDE_CACHE}`,
  '..',
  '/',
  '/etc',
  '../../../../../../../../etc',
  `conformance-fixture/../../${OUTSIDE_CACHE}`,
  `%2e%2e/${OUTSIDE_CACHE}`,
  `%2E%2E%2F${OUTSIDE_CACHE}`,
  `..%2f${OUTSIDE_CACHE}`,
  `\uff0e\uff0e/${OUTSIDE_CACHE}`,
  `..\\${OUTSIDE_CACHE}`,
  ESCAPING_LINK,
];

/** Every traversal name answers cache_missing in resolve and inspect. */
export const traversalCheck: Check = {
  requirement: 'context-cache.security.traversal',
  definedIn: import.meta.url,
  async run(context) {
    const problems: string[] = [];
    for (const name of TRAVERSAL_NAMES) {
      const resolved = await callTool(context, RESOLVE_TOOL, {
        cache: name,
        query: 'cache',
        budget: 1000,
      });
      const inspected = await callTool(context, INSPECT_CACHE_TOOL, { cache: name });
      for (const problem of [
        errorProblem(resolved, 'cache_missing', `resolve ${JSON.stringify(name)}`),
        errorProblem(inspected, 'cache_missing', `inspect ${JSON.stringify(name)}`),
      ]) {
        if (problem !== undefined) problems.push(problem);
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${TRAVERSAL_NAMES.length} names that leave the root answer cache_missing`);
  },
};

/** A name no other check uses, so a server that creates missing caches shows it here. */
const SIDE_EFFECT_CACHE = 'conformance-absent-side-effect';

async function snapshot(context: CheckContext, names: readonly string[]): Promise<string[]> {
  const texts = [replyBytes(await callTool(context, LIST_CACHES_TOOL, {}))];
  for (const name of names) {
    texts.push(replyBytes(await callTool(context, INSPECT_CACHE_TOOL, { cache: name })));
  }
  return texts;
}

/** list and inspect answer the same before and after resolve calls, failing ones included. */
export const noSideEffectsCheck: Check = {
  requirement: 'context-cache.resolve.no-side-effects',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    const names = [
      SIDE_EFFECT_CACHE,
      ...(work.kind === 'none' ? [] : [work.name]),
      ...(work.kind === 'fixture' ? [TAMPERED_CACHE] : []),
    ];
    const before = await snapshot(context, names);
    for (const name of names) {
      for (const budget of [0, 1000]) {
        await callTool(context, RESOLVE_TOOL, { cache: name, query: 'cache', budget });
      }
    }
    const after = await snapshot(context, names);
    const labels = [LIST_CACHES_TOOL, ...names.map((name) => `inspect ${JSON.stringify(name)}`)];
    const problems = labels.flatMap((label, index) =>
      before[index] === after[index]
        ? []
        : [
            `${label} changed from ${excerpt(before[index] ?? '', 200)} to ${excerpt(after[index] ?? '', 200)}`,
          ],
    );
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          `list and ${names.length} inspections are unchanged by ${names.length * 2} resolve calls`,
        );
  },
};

/** The checks of this file. */
export const safetyChecks: readonly Check[] = [traversalCheck, noSideEffectsCheck];
