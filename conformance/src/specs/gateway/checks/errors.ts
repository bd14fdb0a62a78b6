/**
 * Checks of the §3.4 error shape and redaction, on errors the checks provoke, and of the tool id
 * as the correlation key (§1.6, §4.6).
 *
 * @module
 */

import { homedir } from 'node:os';
import type { Check, CheckContext } from '../../../check.js';
import { fail, listProblems, notApplicable, pass } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { invalidArgumentsCall } from '../probe.js';
import {
  callMetaTool,
  describeAnswer,
  errorCodeOf,
  META_TOOLS,
  type MetaToolAnswer,
  modeOf,
} from '../surface.js';
import { MALFORMED_PATHS, MISSING_PATH } from './paths.js';

/** The §3.4 codes of failures from the wrapped server (the upstream-error taxonomy). */
export const UPSTREAM_CODES: readonly string[] = [
  'UPSTREAM_ERROR',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_UNAVAILABLE',
  'AUTH_FAILED',
  'PERMISSION_DENIED',
  'RATE_LIMITED',
];

/** The codes of §3.4. */
const ERROR_CODES = new Set([
  'PATH_INVALID',
  'PATH_NOT_FOUND',
  'ARGS_INVALID',
  'SCHEMA_INVALID',
  ...UPSTREAM_CODES,
  'HYDRATE_FAILED',
  'VIEW_FAILED',
]);

/** The longest message the redaction check accepts. */
const MAX_MESSAGE_LENGTH = 1_000;

/** A well-formed tool id that no catalog is expected to hold. */
export const UNKNOWN_TOOL_ID = 'conformance:no_such_tool#00000000';

/** A provoked error: what was called and what came back. */
interface ProvokedError {
  readonly call: string;
  readonly answer: MetaToolAnswer;
}

/** Errors provoked with calls that are safe on any catalog, memoized per target. */
function provokedErrors(context: CheckContext): Promise<readonly ProvokedError[]> {
  return context.memo('gateway.errors', async () => {
    const calls: [string, Record<string, unknown>][] = [
      [META_TOOLS.execute, { tool_id: UNKNOWN_TOOL_ID, args: {} }],
    ];
    if ((await modeOf(context)) === 'gateway') {
      calls.push(
        [META_TOOLS.browse, {}],
        [META_TOOLS.browse, { path: MALFORMED_PATHS[0]?.[0] ?? '/x/' }],
        [META_TOOLS.browse, { path: MISSING_PATH }],
        [META_TOOLS.view, { handle: 'conformance-no-such-handle', selector: 'head' }],
      );
    } else {
      calls.push([META_TOOLS.hydrate, { tool_id: UNKNOWN_TOOL_ID }]);
    }
    const errors: ProvokedError[] = [];
    for (const [name, args] of calls) {
      errors.push({
        call: `${name} ${JSON.stringify(args)}`,
        answer: await callMetaTool(context, name, args),
      });
    }
    const invalid = await invalidArgumentsCall(context);
    if (invalid !== undefined) {
      const args = { tool_id: invalid.toolId, args: invalid.args };
      errors.push({
        call: `${META_TOOLS.execute} ${JSON.stringify(args)}`,
        answer: await callMetaTool(context, META_TOOLS.execute, args),
      });
    }
    return errors;
  });
}

function shapeProblems(payload: Readonly<Record<string, unknown>> | undefined): string[] {
  if (payload === undefined) return ['is not a JSON object'];
  const problems: string[] = [];
  if (typeof payload.error !== 'string' || !ERROR_CODES.has(payload.error)) {
    problems.push(`has error ${JSON.stringify(payload.error)}, not a §3.4 code`);
  }
  if (typeof payload.message !== 'string') problems.push('has no message string');
  if (typeof payload.path !== 'string') problems.push('has no path string');
  if (typeof payload.retryable !== 'boolean') problems.push('has no retryable boolean');
  if (payload.details !== undefined && !isRecord(payload.details))
    problems.push('has details that are not an object');
  return problems;
}

/** Provoked errors are `{error, message, path, retryable[, details]}`. */
export const errorShapeCheck: Check = {
  requirement: 'gw.3.4.error-shape',
  definedIn: import.meta.url,
  async run(context) {
    if ((await modeOf(context)) === undefined)
      return notApplicable('the target serves neither the gateway nor the proxy');
    const errors = await provokedErrors(context);
    const problems = errors.flatMap(({ call, answer }) => {
      if (!answer.isError) return [`${call} did not answer with an error`];
      return shapeProblems(answer.payload).map((problem) => `${call}: the error ${problem}`);
    });
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${errors.length} provoked errors have the §3.4 shape`);
  },
};

/** Host paths a leaked message would likely contain. */
function hostPaths(): string[] {
  return [process.cwd(), homedir()].filter((path) => path.length > 1);
}

/** Error messages are one short line without control characters or host paths. */
export const redactionCheck: Check = {
  requirement: 'gw.3.4.redaction',
  definedIn: import.meta.url,
  async run(context) {
    if ((await modeOf(context)) === undefined)
      return notApplicable('the target serves neither the gateway nor the proxy');
    const errors = await provokedErrors(context);
    const problems = errors.flatMap(({ call, answer }) => {
      const message = answer.payload?.message;
      if (typeof message !== 'string') return [];
      const found: string[] = [];
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the point.
      if (/[\u0000-\u001f\u007f]/.test(message))
        found.push('has control characters or line breaks');
      if (message.length > MAX_MESSAGE_LENGTH) found.push(`is ${message.length} characters long`);
      if (hostPaths().some((path) => message.includes(path))) found.push('names a host path');
      return found.map((problem) => `${call}: the message ${problem}`);
    });
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${errors.length} error messages are one redacted line`);
  },
};

/** The id from a card or hydration reaches its tool; an unknown id answers HYDRATE_FAILED. */
export const idCorrelatesCheck: Check = {
  requirement: 'gw.1.6.id-correlates',
  definedIn: import.meta.url,
  async run(context) {
    if ((await modeOf(context)) === undefined)
      return notApplicable('the target serves neither the gateway nor the proxy');
    const problems: string[] = [];
    const unknown = (await provokedErrors(context))[0];
    if (unknown === undefined || errorCodeOf(unknown.answer) !== 'HYDRATE_FAILED') {
      problems.push(
        `tool_execute of ${UNKNOWN_TOOL_ID} answered ${unknown === undefined ? 'nothing' : describeAnswer(unknown.answer)}, not HYDRATE_FAILED`,
      );
    }
    const known = await invalidArgumentsCall(context);
    if (known !== undefined) {
      // Arguments that break the schema prove the id reached its tool without running it.
      const answer = await callMetaTool(context, META_TOOLS.execute, {
        tool_id: known.toolId,
        args: known.args,
      });
      if (errorCodeOf(answer) === 'HYDRATE_FAILED')
        problems.push(`tool_execute does not know the id ${known.toolId} it listed`);
    }
    if (problems.length > 0) return fail(listProblems(problems));
    return pass(
      known === undefined
        ? 'an unknown id answers HYDRATE_FAILED (no probe tool to try a known id)'
        : `${known.toolId} resolves and an unknown id answers HYDRATE_FAILED`,
    );
  },
};

/** The checks of errors and ids, in catalog order. */
export const errorChecks: readonly Check[] = [idCorrelatesCheck, errorShapeCheck, redactionCheck];
