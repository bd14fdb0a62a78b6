/**
 * Checks of `jsonrpc.unknown-method.*`: how a server answers a method it does not have.
 *
 * @module
 */

import type { Check, CheckContext } from '../../../check.js';
import { fail, pass } from '../../../outcome.js';
import { errorOf, excerpt, type RawMessage } from '../../../session/json-rpc.js';

/** A method no MCP server has. */
export const UNKNOWN_METHOD = 'x-conformance/no-such-method';

/** JSON-RPC's "Method not found". */
const METHOD_NOT_FOUND = -32601;

function unknownMethodResponse(context: CheckContext): Promise<RawMessage> {
  return context.memo('mcp-base:unknown-method', async () =>
    (await context.session()).request(UNKNOWN_METHOD),
  );
}

/** The answer must be an error with an integer code and a string message. */
export const unknownMethodErrorCheck: Check = {
  requirement: 'jsonrpc.unknown-method.error',
  definedIn: import.meta.url,
  async run(context) {
    const response = await unknownMethodResponse(context);
    const error = errorOf(response);
    if (error === undefined) {
      return fail(
        `${UNKNOWN_METHOD} was answered with a result: ${excerpt(JSON.stringify(response.result) ?? '')}`,
      );
    }
    if (error.code === undefined || !Number.isInteger(error.code))
      return fail('the error has no integer code');
    if (error.message === undefined) return fail('the error has no string message');
    return pass(`answered with error ${error.code}`);
  },
};

/** The error code must be -32601. */
export const unknownMethodCodeCheck: Check = {
  requirement: 'jsonrpc.unknown-method.code',
  definedIn: import.meta.url,
  async run(context) {
    const error = errorOf(await unknownMethodResponse(context));
    if (error === undefined)
      return fail(`${UNKNOWN_METHOD} was answered with a result, not error ${METHOD_NOT_FOUND}`);
    return error.code === METHOD_NOT_FOUND
      ? pass(`answered with ${METHOD_NOT_FOUND}`)
      : fail(`answered with code ${error.code ?? '(none)'} instead of ${METHOD_NOT_FOUND}`);
  },
};
