/**
 * One observation of session authorization, shared by the checks of §5 and §6.2: calls before
 * and after a description read in a fresh session, a call in a second session open at the same
 * time, and one in a session opened after the first closed.
 *
 * Over HTTP in the 2025 era the sessions are MCP sessions of the same endpoint; over stdio each is
 * a server process of its own, the only way a stdio server has of serving a second session. The
 * 2026-07-28 era has no session: over HTTP a server keys grants by the caller's scope (its bearer
 * principal, or one `anonymous` scope every caller without a token shares), so the trace's three
 * sessions are three distinct callers the target's settings name, and without them one shared
 * caller, whose grants other requests may have earned.
 *
 * @module
 */

import type { CheckContext, OpenSessionOptions } from '../../check.js';
import { describeError } from '../../errors.js';
import type { RawSession } from '../../session/raw-session.js';
import { type CallAnswer, callTool } from './calls.js';
import { firstExampleInput, type Need, needResource, needTools } from './prerequisites.js';
import { descriptionsUri, objectOf, type ReadAnswer, readUri } from './reads.js';
import { PD_SETTINGS_KEY, pdSettingsOf } from './settings.js';

/** How long a check that needs the trace may take: it starts three sessions, two at a time. */
export const SESSION_CHECK_TIMEOUT_MS = 60_000;

/** What a call in another session answered, or why it could not be made or was not tried. */
export type SessionProbe =
  | { readonly kind: 'answer'; readonly answer: CallAnswer }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'unavailable'; readonly reason: string };

/**
 * How the trace tells its sessions apart: MCP sessions of one endpoint (2025 era over HTTP),
 * server processes (stdio), distinct callers the settings name (2026-07-28 over HTTP), or not at
 * all (2026-07-28 over HTTP without them: every session is the same caller).
 */
export type CallerKind = 'session' | 'process' | 'principal' | 'shared';

/** Why a 2026-07-28 HTTP target without distinct callers cannot show a fresh or a second one. */
export const SHARED_SCOPE_REASON = `2026-07-28 HTTP callers are told apart only by their credentials (callers without a token share one scope): give distinct callers in settings.${PD_SETTINGS_KEY}.callers (--pd-caller)`;

/**
 * The calls and the read of one authorization trace, in the order they were made. The trace
 * reads nothing on the shared session itself: run alone, it sees the grants of its own sessions
 * only.
 */
export interface AuthorizationTrace {
  /** How the sessions of the trace are told apart. */
  readonly callers: CallerKind;
  /** The tool whose description is read: the first listed. */
  readonly subject: string;
  /** A second listed tool, never read (absent when the server lists one tool). */
  readonly other: string | undefined;
  /** Session A: the subject called before any read. */
  readonly beforeSubject: CallAnswer;
  /** Session A: the other tool called before any read. */
  readonly beforeOther: CallAnswer | undefined;
  /** Session A: the read of the subject's description. */
  readonly read: ReadAnswer;
  /** Session A: the subject called after the read. */
  readonly afterSubject: CallAnswer;
  /** Session A: the other tool called after the subject's read. */
  readonly afterOther: CallAnswer | undefined;
  /** Session A: the subject called again, after a `tools/list` and the other session's call. */
  readonly repeatSubject: CallAnswer;
  /** Session B, open with A: the subject called after A's read. */
  readonly concurrentSession: SessionProbe;
  /** Session C, opened after A and B closed: the subject called. */
  readonly laterSession: SessionProbe;
}

/** How the trace opens its three sessions, or the probe to report for one it cannot have. */
interface TraceCallers {
  readonly kind: CallerKind;
  readonly first: OpenSessionOptions;
  readonly concurrent: OpenSessionOptions | SessionProbe;
  readonly later: OpenSessionOptions | SessionProbe;
}

function traceCallers(context: CheckContext): TraceCallers {
  const { kind, era } = context.target;
  if (kind === 'stdio' || era === 'legacy') {
    const session = {};
    return {
      kind: kind === 'stdio' ? 'process' : 'session',
      first: session,
      concurrent: session,
      later: session,
    };
  }
  const given = pdSettingsOf(context).callers ?? [];
  const [first, concurrent, later] = given;
  if (first === undefined) {
    const shared: SessionProbe = { kind: 'unavailable', reason: SHARED_SCOPE_REASON };
    return { kind: 'shared', first: {}, concurrent: shared, later: shared };
  }
  const missing = (count: number): SessionProbe => ({
    kind: 'unavailable',
    reason: `${given.length} distinct caller(s) given in settings.${PD_SETTINGS_KEY}.callers (--pd-caller), this needs ${count}`,
  });
  return {
    kind: 'principal',
    first: { headers: first },
    concurrent: concurrent === undefined ? missing(2) : { headers: concurrent },
    later: later === undefined ? missing(3) : { headers: later },
  };
}

function isProbe(value: OpenSessionOptions | SessionProbe): value is SessionProbe {
  return 'kind' in value;
}

async function probe(
  opening: Promise<RawSession> | SessionProbe,
  name: string,
  args: Readonly<Record<string, unknown>>,
): Promise<SessionProbe> {
  if (!(opening instanceof Promise)) return opening;
  try {
    const session = await opening;
    return { kind: 'answer', answer: await callTool(session, name, args) };
  } catch (error) {
    return { kind: 'error', message: describeError(error) };
  }
}

async function observe(context: CheckContext): Promise<Need<AuthorizationTrace>> {
  const resource = await needResource(context);
  if (!resource.ok) return resource;
  const tools = await needTools(context);
  if (!tools.ok) return tools;
  const [first, second] = tools.value;
  if (first === undefined) throw new Error('needTools returned no tool');
  const subject = first.name;
  const other = second?.name;
  const callers = traceCallers(context);
  const opening = context.openSession(callers.first);
  const concurrentOpening = isProbe(callers.concurrent)
    ? callers.concurrent
    : context.openSession(callers.concurrent);
  if (concurrentOpening instanceof Promise) concurrentOpening.catch(() => undefined);
  const session = await opening;
  const beforeSubject = await callTool(session, subject, {});
  const beforeOther = other === undefined ? undefined : await callTool(session, other, {});
  const read = await readUri(session, descriptionsUri(resource.value.baseUri, [subject]));
  // Calls after the read use the tool's first example, when the read gives one.
  const args = firstExampleInput(objectOf(read)?.[subject]) ?? {};
  const afterSubject = await callTool(session, subject, args);
  const afterOther = other === undefined ? undefined : await callTool(session, other, {});
  const concurrentSession = await probe(concurrentOpening, subject, args);
  await session.request('tools/list');
  const repeatSubject = await callTool(session, subject, args);
  await session.close();
  await closeOpened(concurrentOpening);
  const laterOpening = isProbe(callers.later) ? callers.later : context.openSession(callers.later);
  const laterSession = await probe(laterOpening, subject, args);
  await closeOpened(laterOpening);
  return {
    ok: true,
    value: {
      callers: callers.kind,
      subject,
      other,
      beforeSubject,
      beforeOther,
      read,
      afterSubject,
      afterOther,
      repeatSubject,
      concurrentSession,
      laterSession,
    },
  };
}

async function closeOpened(opening: Promise<RawSession> | SessionProbe): Promise<void> {
  if (opening instanceof Promise)
    await opening.then((session) => session.close()).catch(() => undefined);
}

/** The authorization trace of the target, observed once by the first check that needs it. */
export function authorizationTrace(context: CheckContext): Promise<Need<AuthorizationTrace>> {
  return context.memo('pd:authorization-trace', () => observe(context));
}
