/**
 * Checks of error answers: the error object, its messages, and the code of each condition.
 *
 * @module
 */

import type { Check, CheckContext } from '../../../check.js';
import { fail, listProblems, pass, skip } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { ROOT_FILE, TAMPERED_CACHE } from '../fixture.js';
import {
  CANONICAL_MESSAGES,
  callTool,
  describeReply,
  errorProblem,
  INSPECT_CACHE_TOOL,
  parseJson,
  RESOLVE_TOOL,
  type ToolReply,
} from '../tool-calls.js';
import { findWorkCache, fixtureSkip, noCacheSkip, type WorkCache } from '../work-cache.js';

/** A cache name no check creates. */
export const ABSENT_CACHE = 'conformance-absent-cache';

/** A call that must fail, and the code it must fail with. */
export interface Provocation {
  /** What the call does wrong, for messages. */
  readonly label: string;
  /** The tool called. */
  readonly tool: string;
  /** Its arguments. */
  readonly args: Readonly<Record<string, unknown>>;
  /** The error code it must answer. */
  readonly code: string;
}

/** The failing calls of the error checks: those needing no cache, then those needing one. */
export function provocations(work: WorkCache): readonly Provocation[] {
  const missing: Provocation[] = [
    {
      label: 'resolve on a missing cache',
      tool: RESOLVE_TOOL,
      args: { cache: ABSENT_CACHE, query: 'cache', budget: 10 },
      code: 'cache_missing',
    },
    {
      label: 'inspect on a missing cache',
      tool: INSPECT_CACHE_TOOL,
      args: { cache: ABSENT_CACHE },
      code: 'cache_missing',
    },
  ];
  if (work.kind === 'none') return missing;
  const withCache: Provocation[] = [
    {
      label: 'a negative budget',
      tool: RESOLVE_TOOL,
      args: { cache: work.name, query: 'cache', budget: -1 },
      code: 'invalid_budget',
    },
    {
      label: 'a query that is a number',
      tool: RESOLVE_TOOL,
      args: { cache: work.name, query: 42, budget: 10 },
      code: 'invalid_query',
    },
  ];
  const tampered: Provocation[] =
    work.kind === 'fixture'
      ? [
          {
            label: 'a tampered cache',
            tool: RESOLVE_TOOL,
            args: { cache: TAMPERED_CACHE, query: 'cache', budget: 1000 },
            code: 'cache_invalid',
          },
        ]
      : [];
  return [...missing, ...withCache, ...tampered];
}

/** The replies to the provocations, once per target. */
export function provoke(
  context: CheckContext,
): Promise<readonly { readonly provocation: Provocation; readonly reply: ToolReply }[]> {
  return context.memo('context-cache:provocations', async () => {
    const work = await findWorkCache(context);
    const replies = [];
    for (const provocation of provocations(work)) {
      replies.push({
        provocation,
        reply: await callTool(context, provocation.tool, provocation.args),
      });
    }
    return replies;
  });
}

/** What keeps a reply from being an `error_schema.md` error object, or `undefined`. */
export function errorShapeProblem(reply: ToolReply): string | undefined {
  if (reply.kind === 'protocol-error')
    return `a JSON-RPC error (${reply.message}), not a tool result`;
  if (!reply.isError) return `a result without isError: ${describeReply(reply)}`;
  if (reply.text === undefined) return describeReply(reply);
  const value = parseJson(reply.text);
  if (!isRecord(value)) return `text that is not a JSON object: ${describeReply(reply)}`;
  const keys = Object.keys(value);
  if (keys.length !== 1 || !isRecord(value.error))
    return `top-level keys ${keys.join(', ')}, not only error`;
  const errorKeys = Object.keys(value.error).sort();
  if (errorKeys.join(',') !== 'code,message')
    return `error has keys ${errorKeys.join(', ')}, not code and message`;
  const { code, message } = value.error;
  if (typeof code !== 'string' || !(code in CANONICAL_MESSAGES)) {
    return `error.code ${JSON.stringify(code)} is not one of the six codes`;
  }
  if (typeof message !== 'string' || message === '')
    return 'error.message is not a non-empty string';
  return undefined;
}

/** The `error.message` of a well-formed error reply. */
function messageOf(
  reply: ToolReply,
): { readonly code: string; readonly message: string } | undefined {
  if (
    reply.kind !== 'result' ||
    reply.text === undefined ||
    errorShapeProblem(reply) !== undefined
  ) {
    return undefined;
  }
  const error = (parseJson(reply.text) as { error: { code: string; message: string } }).error;
  return { code: error.code, message: error.message };
}

/** Every failure is exactly the error object, flagged isError. */
export const errorShapeCheck: Check = {
  requirement: 'context-cache.errors.shape',
  definedIn: import.meta.url,
  async run(context) {
    const replies = await provoke(context);
    const problems = replies.flatMap(({ provocation, reply }) => {
      const problem = errorShapeProblem(reply);
      return problem === undefined ? [] : [`${provocation.label}: ${problem}`];
    });
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${replies.length} failures are error objects`);
  },
};

/** Messages are the canonical ones. */
export const canonicalMessagesCheck: Check = {
  requirement: 'context-cache.errors.canonical-messages',
  definedIn: import.meta.url,
  async run(context) {
    const read = (await provoke(context)).flatMap(({ provocation, reply }) => {
      const error = messageOf(reply);
      return error === undefined ? [] : [{ provocation, error }];
    });
    if (read.length === 0)
      return skip('no well-formed error to read (see context-cache.errors.shape)');
    const problems = read.flatMap(({ provocation, error }) =>
      error.message === CANONICAL_MESSAGES[error.code]
        ? []
        : [`${provocation.label}: ${JSON.stringify(error.message)} for ${error.code}`],
    );
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${read.length} messages are canonical`);
  },
};

/** Paths, hashes, stack frames and OS error codes a message must not hold. */
const DIAGNOSTICS: readonly (readonly [RegExp, string])[] = [
  [/[/\\]/, 'a path separator'],
  [/[0-9a-f]{8,}/i, 'a hash'],
  [/sha256/i, 'a hash'],
  [/\bat .+:\d+/, 'a stack frame'],
  [/\bE[A-Z]{3,}\b/, 'an OS error code'],
];

/** Messages hold no diagnostics, nor the cache name asked for. */
export const noDiagnosticsCheck: Check = {
  requirement: 'context-cache.errors.no-diagnostics',
  definedIn: import.meta.url,
  async run(context) {
    const replies = await provoke(context);
    const problems: string[] = [];
    let read = 0;
    for (const { provocation, reply } of replies) {
      const error = messageOf(reply);
      if (error === undefined) continue;
      read += 1;
      const found = DIAGNOSTICS.find(([pattern]) => pattern.test(error.message));
      if (found !== undefined) {
        problems.push(`${provocation.label}: ${JSON.stringify(error.message)} holds ${found[1]}`);
      } else if (error.message.includes(ABSENT_CACHE)) {
        problems.push(`${provocation.label}: ${JSON.stringify(error.message)} names the cache`);
      }
    }
    if (read === 0) return skip('no well-formed error to read (see context-cache.errors.shape)');
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${read} messages hold no diagnostics`);
  },
};

/** Runs `calls` and fails on every reply that is not `code`. */
async function expectCode(
  context: CheckContext,
  code: string,
  calls: readonly (readonly [string, string, Readonly<Record<string, unknown>>])[],
) {
  const problems: string[] = [];
  for (const [label, tool, args] of calls) {
    const problem = errorProblem(await callTool(context, tool, args), code, label);
    if (problem !== undefined) problems.push(problem);
  }
  return problems.length > 0
    ? fail(listProblems(problems))
    : pass(`${calls.length} call(s) answer ${code}`);
}

/** A missing cache, and (on the fixture) a file in the root, answer cache_missing. */
export const cacheMissingCheck: Check = {
  requirement: 'context-cache.resolve.cache-missing',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    const resolve = (cache: string) => ({ cache, query: 'cache', budget: 10 });
    return expectCode(context, 'cache_missing', [
      ['resolve on a missing cache', RESOLVE_TOOL, resolve(ABSENT_CACHE)],
      ...(work.kind === 'fixture'
        ? [['resolve on a file', RESOLVE_TOOL, resolve(ROOT_FILE)] as const]
        : []),
    ]);
  },
};

/** Negative, fractional and string budgets answer invalid_budget. */
export const invalidBudgetCheck: Check = {
  requirement: 'context-cache.resolve.invalid-budget',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    if (work.kind === 'none') return noCacheSkip(work);
    const call = (budget: unknown) =>
      [
        `budget ${JSON.stringify(budget)}`,
        RESOLVE_TOOL,
        { cache: work.name, query: 'cache', budget },
      ] as const;
    return expectCode(context, 'invalid_budget', [call(-1), call(2.5), call('10'), call(null)]);
  },
};

/** A query that is a number, or missing, answers invalid_query. */
export const invalidQueryCheck: Check = {
  requirement: 'context-cache.resolve.invalid-query',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    if (work.kind === 'none') return noCacheSkip(work);
    return expectCode(context, 'invalid_query', [
      ['query 42', RESOLVE_TOOL, { cache: work.name, query: 42, budget: 10 }],
      ['query ["cache"]', RESOLVE_TOOL, { cache: work.name, query: ['cache'], budget: 10 }],
      ['no query', RESOLVE_TOOL, { cache: work.name, budget: 10 }],
    ]);
  },
};

/** The tampered fixture cache answers cache_invalid. */
export const cacheInvalidCheck: Check = {
  requirement: 'context-cache.resolve.cache-invalid',
  definedIn: import.meta.url,
  async run(context) {
    const work = await findWorkCache(context);
    if (work.kind !== 'fixture') return fixtureSkip();
    return expectCode(context, 'cache_invalid', [
      [
        'resolve on the tampered cache',
        RESOLVE_TOOL,
        { cache: TAMPERED_CACHE, query: 'cache', budget: 1000 },
      ],
      [
        'resolve on the tampered cache within 0 tokens',
        RESOLVE_TOOL,
        { cache: TAMPERED_CACHE, query: '', budget: 0 },
      ],
    ]);
  },
};

/** The checks of this file. */
export const errorChecks: readonly Check[] = [
  errorShapeCheck,
  canonicalMessagesCheck,
  noDiagnosticsCheck,
  cacheMissingCheck,
  invalidBudgetCheck,
  invalidQueryCheck,
  cacheInvalidCheck,
];
