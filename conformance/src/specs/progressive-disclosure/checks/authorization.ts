/**
 * Checks of session-based authorization and its error (§5, §6.2), read from one
 * {@link authorizationTrace}, and of its layering under the server's own authorization (§5.3).
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../../check.js';
import { fail, pass, skip } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import {
  type AuthorizationTrace,
  authorizationTrace,
  type CallerKind,
  SESSION_CHECK_TIMEOUT_MS,
  type SessionProbe,
  SHARED_SCOPE_REASON,
} from '../authorization-trace.js';
import { callTool, DESCRIPTION_REQUIRED } from '../calls.js';
import { needResource, needTools } from '../prerequisites.js';
import { describeAnswer, descriptionsUri, isFullEntry, objectOf, readShared } from '../reads.js';

/** A tool name no server lists, used to see whether a read opens it. */
const UNLISTED_TOOL = 'x_conformance_unlisted_tool';

/** Creates a check that reads the trace; it skips when the trace cannot be observed. */
function traceCheck(
  requirement: string,
  decide: (trace: AuthorizationTrace, context: CheckContext) => CheckOutcome,
): Check {
  return {
    requirement,
    definedIn: import.meta.url,
    timeoutMs: SESSION_CHECK_TIMEOUT_MS,
    async run(context) {
      const trace = await authorizationTrace(context);
      return trace.ok ? decide(trace.value, context) : trace.outcome;
    },
  };
}

/**
 * The skip of checks that need calls to be gated in the first place; with one shared caller, an
 * earlier grant may be why they are not.
 */
function notGated(trace: AuthorizationTrace): CheckOutcome {
  return trace.callers === 'shared'
    ? skip(SHARED_SCOPE_REASON)
    : skip('calls are not refused before a read (see pd.5.1.ungranted-call-refused)');
}

/** The skip of checks that need a read to grant a call. */
const NOT_GRANTED = skip('no call was granted by a read (see pd.5.1.grant-on-read)');

/** Where the trace's second and third calls came from, by how its sessions are told apart. */
const ELSEWHERE: Readonly<Record<CallerKind, { unit: string; concurrent: string; later: string }>> =
  {
    session: {
      unit: 'session',
      concurrent: 'a second MCP session of the same endpoint open at the same time',
      later: 'a new MCP session of the same endpoint opened after the first closed',
    },
    process: {
      unit: 'session',
      concurrent: 'a second server process open at the same time',
      later: 'a new server process opened after the first closed',
    },
    principal: {
      unit: 'caller',
      concurrent: 'a second caller (other credentials) calling while the first was at work',
      later: 'a third caller (other credentials) arriving after the first was done',
    },
    shared: { unit: 'caller', concurrent: 'a second caller', later: 'a later caller' },
  };

function decideProbe(
  probe: SessionProbe,
  trace: AuthorizationTrace,
  when: 'concurrent' | 'later',
): CheckOutcome {
  const where = ELSEWHERE[trace.callers][when];
  if (probe.kind === 'unavailable') return skip(probe.reason);
  if (probe.kind === 'error') return skip(`${where} could not be used: ${probe.message}`);
  return probe.answer.refusal !== undefined
    ? pass(`"${trace.subject}" is refused in ${where}`)
    : fail(
        `a read in another ${ELSEWHERE[trace.callers].unit} authorized "${trace.subject}" in ${where}: the call got ${probe.answer.summary}`,
      );
}

/** The names the `tools` parameter of `uri` selects. */
function selectedNames(uri: string): string[] {
  const query = uri.indexOf('?');
  if (query === -1) return [];
  return new URLSearchParams(uri.slice(query + 1).split('#')[0])
    .getAll('tools')
    .flatMap((value) => value.split(','))
    .map((name) => name.trim());
}

/** The checks of §5.1 and §5.2, in catalog order. */
export const authorizationChecks: readonly Check[] = [
  traceCheck('pd.5.1.ungranted-call-refused', (trace) => {
    const calls = [
      [trace.subject, trace.beforeSubject],
      ...(trace.other === undefined || trace.beforeOther === undefined
        ? []
        : [[trace.other, trace.beforeOther] as const]),
    ] as const;
    const answered = calls.filter(([, answer]) => answer.refusal === undefined);
    if (answered.length === 0) {
      return pass(
        `${calls.length} call(s) before any read were refused with ${DESCRIPTION_REQUIRED}`,
      );
    }
    // One shared caller may hold grants that other requests earned: no fresh caller to ask.
    if (trace.callers === 'shared') return skip(SHARED_SCOPE_REASON);
    const principal =
      trace.callers === 'principal'
        ? ` (a 2026-07-28 grant belongs to the caller's credentials: the first caller given must have read no description before)`
        : '';
    return fail(
      `calls before any read were not refused with ${DESCRIPTION_REQUIRED}: ${answered.map(([name, answer]) => `"${name}" got ${answer.summary}`).join('; ')}${principal}`,
    );
  }),
  traceCheck('pd.5.1.grant-on-read', (trace) => {
    if (trace.beforeSubject.refusal === undefined) return notGated(trace);
    const body = objectOf(trace.read);
    if (body === undefined)
      return skip(`${describeAnswer(trace.read)} (see pd.4.3.tools-parameter)`);
    if (!isRecord(body[trace.subject])) {
      return fail(`the read of "${trace.subject}" returned no entry for it`);
    }
    if (trace.afterSubject.refusal !== undefined) {
      return fail(`"${trace.subject}" is still refused after its description was read`);
    }
    const otherWasRefused = trace.beforeOther?.refusal !== undefined;
    if (
      otherWasRefused &&
      trace.afterOther !== undefined &&
      trace.afterOther.refusal === undefined
    ) {
      return fail(
        `reading "${trace.subject}" also authorized the unread "${trace.other}": it got ${trace.afterOther.summary}`,
      );
    }
    return pass(
      `after the read, "${trace.subject}" got ${trace.afterSubject.summary}${trace.other === undefined ? '' : `; the unread "${trace.other}" is still refused`}`,
    );
  }),
  traceCheck('pd.5.1.grant-persists', (trace) => {
    if (trace.beforeSubject.refusal === undefined) return notGated(trace);
    if (trace.afterSubject.refusal !== undefined) return NOT_GRANTED;
    return trace.repeatSubject.refusal === undefined
      ? pass(`"${trace.subject}" is still authorized on a later call of the session`)
      : fail(`"${trace.subject}" was refused again on a later call of the same session`);
  }),
  traceCheck('pd.5.1.session-isolation', (trace) => {
    if (trace.beforeSubject.refusal === undefined) return notGated(trace);
    if (trace.afterSubject.refusal !== undefined) return NOT_GRANTED;
    return decideProbe(trace.concurrentSession, trace, 'concurrent');
  }),
  traceCheck('pd.5.2.session-lifecycle', (trace) => {
    if (trace.beforeSubject.refusal === undefined) return notGated(trace);
    if (trace.afterSubject.refusal !== undefined) return NOT_GRANTED;
    return decideProbe(trace.laterSession, trace, 'later');
  }),
];

/** The TOOL_DESCRIPTION_REQUIRED error has a message and a resource_uri naming the tool. */
export const requiredErrorShapeCheck: Check = traceCheck('pd.6.2.required-error-shape', (trace) => {
  const refusal = trace.beforeSubject.refusal;
  if (refusal === undefined) return notGated(trace);
  const problems: string[] = [];
  if (typeof refusal.message !== 'string' || refusal.message.trim() === '') {
    problems.push('the error has no message');
  }
  const uri = refusal.resource_uri;
  if (typeof uri !== 'string') problems.push('the error has no resource_uri');
  else if (!uri.includes('tool_descriptions') || !selectedNames(uri).includes(trace.subject)) {
    problems.push(`resource_uri ${JSON.stringify(uri)} does not read "${trace.subject}"`);
  }
  return problems.length > 0
    ? fail(problems.join('; '))
    : pass(`the error has a message and resource_uri ${String(uri)}`);
});

/** A read does not open a tool that tools/list does not show. */
export const noAccessBeyondListingCheck: Check = {
  requirement: 'pd.5.3.no-access-beyond-listing',
  definedIn: import.meta.url,
  async run(context) {
    const resource = await needResource(context);
    if (!resource.ok) return resource.outcome;
    const tools = await needTools(context);
    if (!tools.ok) return tools.outcome;
    if (tools.value.some((tool) => tool.name === UNLISTED_TOOL)) {
      return skip(`the server lists a tool named ${UNLISTED_TOOL}`);
    }
    const answer = await readShared(
      context,
      descriptionsUri(resource.value.baseUri, [UNLISTED_TOOL]),
    );
    if (isFullEntry(objectOf(answer)?.[UNLISTED_TOOL])) {
      return fail(
        `the read served a full description of "${UNLISTED_TOOL}", which tools/list does not show`,
      );
    }
    const call = await callTool(await context.session(), UNLISTED_TOOL, {});
    return call.succeeded
      ? fail(
          `"${UNLISTED_TOOL}", which tools/list does not show, was called successfully after a read`,
        )
      : pass(
          `an unlisted tool gets no description, and calling it after a read gets ${call.summary}`,
        );
  },
};
