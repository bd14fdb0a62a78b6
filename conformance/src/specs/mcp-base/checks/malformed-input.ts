/**
 * Checks of `jsonrpc.parse-error.*`: what a server does with a message that is not JSON.
 *
 * Both read one probe, made once per target on a session of its own (a fresh process over
 * stdio, a fresh MCP session over HTTP), since garbage may break the session it is sent on.
 *
 * @module
 */

import type { Check, CheckContext } from '../../../check.js';
import { describeError } from '../../../errors.js';
import { fail, pass } from '../../../outcome.js';
import { errorOf, isResponse, type RawMessage } from '../../../session/json-rpc.js';

/** Text that no JSON parser accepts. */
export const MALFORMED_MESSAGE = '{"jsonrpc": "2.0", "method": ping';

/** JSON-RPC's "Parse error". */
const PARSE_ERROR = -32700;

/** What happened around one malformed message. */
interface MalformedProbe {
  /** The HTTP status of the POST that carried it (HTTP only). */
  readonly status: number | undefined;
  /** The Content-Type of that POST's answer, when it had one (HTTP only). */
  readonly contentType: string | undefined;
  /** Responses received between the garbage and the answer to the `ping` sent after it. */
  readonly answers: readonly RawMessage[];
  /** Why the `ping` after the garbage got no answer, if it got none. */
  readonly pingError: string | undefined;
}

/**
 * Sends the garbage, then `ping`. Servers answer in order what they cannot parse, so any
 * response before the ping's answer is about the garbage.
 */
function probeMalformed(context: CheckContext): Promise<MalformedProbe> {
  return context.memo('mcp-base:malformed', async () => {
    const session = await context.openSession();
    const before = session.received.length;
    const sent = await session.sendRaw(MALFORMED_MESSAGE);
    let pingError: string | undefined;
    const ping = await session.request('ping').catch((error: unknown) => {
      pingError = describeError(error);
      return undefined;
    });
    const answers = session.received
      .slice(before)
      .filter((message) => message !== ping && isResponse(message));
    return { status: sent.status, contentType: sent.contentType, answers, pingError };
  });
}

/** After the garbage, the same session must still answer `ping`. */
export const keepsServingCheck: Check = {
  requirement: 'jsonrpc.parse-error.keeps-serving',
  definedIn: import.meta.url,
  async run(context) {
    const { pingError } = await probeMalformed(context);
    return pingError === undefined
      ? pass('still answers after a message that is not JSON')
      : fail(`after a message that is not JSON, ping got no answer: ${pingError}`);
  },
};

/** Whether an HTTP status is an error status (4xx or 5xx). */
function isErrorStatus(status: number | undefined): boolean {
  return status !== undefined && status >= 400 && status <= 599;
}

/**
 * What the garbage gets, to the letter of JSON-RPC and both MCP revisions: any JSON-RPC answer
 * must be error -32700 (JSON-RPC wants a null id; MCP lets an error response omit an id it could
 * not read, so either is accepted), never a result or another code. Over Streamable HTTP the
 * server that cannot accept the body must answer an HTTP error status, and the body MAY carry
 * such an error (MCP 2025-11-25 Transports, "Sending Messages to the Server"; 2026-07-28
 * Streamable HTTP, "Sending Messages"): a 4xx or 5xx without a JSON-RPC body passes, a 2xx fails.
 * Over stdio a server that says nothing passes: a client must not write such a line there.
 */
export const parseErrorCodeCheck: Check = {
  requirement: 'jsonrpc.parse-error.code',
  definedIn: import.meta.url,
  async run(context) {
    const { status, contentType, answers } = await probeMalformed(context);
    const wrong = answers
      .map((message) => errorOf(message)?.code)
      .filter((code) => code !== PARSE_ERROR);
    if (wrong.length > 0) {
      return fail(
        `answered with ${wrong.map((code) => code ?? 'a result').join(', ')} instead of ${PARSE_ERROR}`,
      );
    }
    if (context.target.kind === 'stdio') {
      return answers.length > 0
        ? pass(`answered with ${PARSE_ERROR}`)
        : pass(
            'the server said nothing about the line; accepted over stdio, where clients must not send one',
          );
    }
    const answer = `HTTP ${status ?? '(no status)'}${contentType === undefined ? '' : ` (${contentType})`}`;
    if (!isErrorStatus(status)) {
      return fail(
        `${answer}${answers.length > 0 ? ` with error ${PARSE_ERROR}` : ''}: a body the server cannot accept must get an HTTP error status`,
      );
    }
    return answers.length > 0
      ? pass(`${answer} with error ${PARSE_ERROR}`)
      : pass(
          `${answer} without a JSON-RPC body: an error status, and the body may carry the error`,
        );
  },
};
