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
import { fail, pass, skip } from '../../../outcome.js';
import { errorOf, isResponse, type RawMessage } from '../../../session/json-rpc.js';

/** Text that no JSON parser accepts. */
export const MALFORMED_MESSAGE = '{"jsonrpc": "2.0", "method": ping';

/** JSON-RPC's "Parse error". */
const PARSE_ERROR = -32700;

/** What happened around one malformed message. */
interface MalformedProbe {
  /** The HTTP status of the POST that carried it (HTTP only). */
  readonly status: number | undefined;
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
    return { status: sent.status, answers, pingError };
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

/**
 * The garbage must get error -32700 where the transport carries an answer (JSON-RPC wants a null
 * id; MCP lets an error response omit an id it could not read, so either is accepted). Over
 * stdio a server that says nothing is accepted, as a skip.
 */
export const parseErrorCodeCheck: Check = {
  requirement: 'jsonrpc.parse-error.code',
  definedIn: import.meta.url,
  async run(context) {
    const { status, answers } = await probeMalformed(context);
    const codes = answers.map((message) => errorOf(message)?.code);
    if (codes.includes(PARSE_ERROR)) return pass(`answered with ${PARSE_ERROR}`);
    if (answers.length > 0) {
      return fail(
        `answered with ${codes.map((code) => code ?? 'a result').join(', ')} instead of ${PARSE_ERROR}`,
      );
    }
    if (context.target.kind === 'http') {
      return fail(
        `HTTP ${status ?? '(no status)'} answer carried no JSON-RPC error ${PARSE_ERROR}`,
      );
    }
    return skip(
      'the server said nothing about the line; accepted over stdio, where clients must not send one',
    );
  },
};
