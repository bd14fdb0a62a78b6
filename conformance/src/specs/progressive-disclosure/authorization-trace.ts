/**
 * One observation of session authorization, shared by the checks of §5 and §6.2: calls before
 * and after a description read in a fresh session, a call in a second session open at the same
 * time, and one in a session opened after the first closed.
 *
 * Over HTTP the sessions are MCP sessions of the same endpoint; over stdio each is a server
 * process of its own, the only way a stdio server has of serving a second session.
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { describeError } from '../../errors.js';
import type { RawSession } from '../../session/raw-session.js';
import { type CallAnswer, callTool } from './calls.js';
import { firstExampleInput, type Need, needResource, needTools } from './prerequisites.js';
import { descriptionsUri, objectOf, type ReadAnswer, readUri } from './reads.js';

/** How long a check that needs the trace may take: it starts three sessions, two at a time. */
export const SESSION_CHECK_TIMEOUT_MS = 60_000;

/** What a call in another session answered, or why it could not be made. */
export type SessionProbe =
  | { readonly kind: 'answer'; readonly answer: CallAnswer }
  | { readonly kind: 'error'; readonly message: string };

/**
 * The calls and the read of one authorization trace, in the order they were made. The trace
 * reads nothing on the shared session itself: run alone, it sees the grants of its own sessions
 * only.
 */
export interface AuthorizationTrace {
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

async function probe(
  opening: Promise<RawSession>,
  name: string,
  args: Readonly<Record<string, unknown>>,
): Promise<SessionProbe> {
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
  const opening = context.openSession();
  const concurrentOpening = context.openSession();
  concurrentOpening.catch(() => undefined);
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
  await concurrentOpening.then((concurrent) => concurrent.close()).catch(() => undefined);
  const laterOpening = context.openSession();
  const laterSession = await probe(laterOpening, subject, args);
  await laterOpening.then((later) => later.close()).catch(() => undefined);
  return {
    ok: true,
    value: {
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

/** The authorization trace of the target, observed once by the first check that needs it. */
export function authorizationTrace(context: CheckContext): Promise<Need<AuthorizationTrace>> {
  return context.memo('pd:authorization-trace', () => observe(context));
}
