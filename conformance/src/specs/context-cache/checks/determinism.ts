/**
 * Checks that each tool answers the same call with the same bytes.
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import {
  callTool,
  INSPECT_CACHE_TOOL,
  LIST_CACHES_TOOL,
  RESOLVE_TOOL,
  replyBytes,
} from '../tool-calls.js';
import { findWorkCache, noCacheSkip } from '../work-cache.js';
import { provocations } from './errors.js';

/** Calls `tool` twice on the shared session (and once on a new one when `fresh`), comparing bytes. */
async function sameTwice(
  context: CheckContext,
  tool: string,
  args: Readonly<Record<string, unknown>>,
  fresh: boolean,
): Promise<string | undefined> {
  const first = replyBytes(await callTool(context, tool, args));
  const second = replyBytes(await callTool(context, tool, args));
  if (second !== first)
    return `${tool} answered ${JSON.stringify(first.slice(0, 60))}… then ${JSON.stringify(second.slice(0, 60))}…`;
  if (!fresh) return undefined;
  const session = await context.openSession();
  const third = replyBytes(await callTool(context, tool, args, session));
  return third === first
    ? undefined
    : `${tool} answered other bytes in a new session: ${JSON.stringify(third.slice(0, 60))}…`;
}

function outcome(problems: readonly (string | undefined)[], message: string): CheckOutcome {
  const found = problems.filter((problem): problem is string => problem !== undefined);
  return found.length > 0 ? fail(listProblems(found)) : pass(message);
}

/** context.resolve: twice in one session, once in another. */
export const resolveDeterministicCheck: Check = {
  requirement: 'context-cache.resolve.deterministic',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    if (work.kind === 'none') return noCacheSkip(work);
    const query = work.kind === 'fixture' ? 'cache budget' : 'the context';
    return outcome(
      [await sameTwice(context, RESOLVE_TOOL, { cache: work.name, query, budget: 600 }, true)],
      'the same call gave the same bytes three times, over two sessions',
    );
  },
};

/** context.list_caches: twice. */
export const listDeterministicCheck: Check = {
  requirement: 'context-cache.list-caches.deterministic',
  definedIn: import.meta.url,
  async run(context) {
    return outcome(
      [await sameTwice(context, LIST_CACHES_TOOL, {}, false)],
      'two calls gave the same bytes',
    );
  },
};

/** context.inspect_cache: twice. */
export const inspectDeterministicCheck: Check = {
  requirement: 'context-cache.inspect-cache.deterministic',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    if (work.kind === 'none') return noCacheSkip(work);
    return outcome(
      [await sameTwice(context, INSPECT_CACHE_TOOL, { cache: work.name }, false)],
      'two calls gave the same bytes',
    );
  },
};

/** Each failing call of the error checks: twice. */
export const errorsDeterministicCheck: Check = {
  requirement: 'context-cache.errors.deterministic',
  definedIn: import.meta.url,
  async run(context) {
    const calls = provocations(await findWorkCache(context));
    const problems: (string | undefined)[] = [];
    for (const call of calls) {
      const problem = await sameTwice(context, call.tool, call.args, false);
      problems.push(problem === undefined ? undefined : `${call.label}: ${problem}`);
    }
    return outcome(problems, `${calls.length} failing calls gave the same bytes twice`);
  },
};

/** The checks of this file. */
export const determinismChecks: readonly Check[] = [
  resolveDeterministicCheck,
  listDeterministicCheck,
  inspectDeterministicCheck,
  errorsDeterministicCheck,
];
