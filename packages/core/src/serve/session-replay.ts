/**
 * Rebuilding a Streamable HTTP session on an instance that did not start it.
 *
 * A new SDK server and transport are bound to the stored session id, then the session's own
 * `initialize` request and `notifications/initialized` are replayed into the transport as web
 * `Request`s. The transport and the server then hold exactly the state the first instance's got
 * from the client (session id, initialized flag, client capabilities and info, negotiated
 * protocol version), through public API only: no private field of the SDK is touched.
 *
 * @module
 */

import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { CoreError } from '../errors.js';

/** The `id` of the replayed `initialize` request; nothing else ever sees it. */
const REPLAY_REQUEST_ID = 'x-core-session-replay';
/** Any URL will do: the transport reads only the method, the headers and the body. */
const REPLAY_URL = 'http://127.0.0.1/mcp';

/**
 * Initializes `transport` (connected to a new server, built with `sessionIdGenerator` returning
 * `sessionId`) from the `params` of the session's original `initialize` request.
 *
 * @throws CoreError `UPSTREAM_ERROR` when the transport refuses the replay (the stored
 *   parameters are not an initialize the SDK accepts).
 */
export async function replayInitialize(
  transport: WebStandardStreamableHTTPServerTransport,
  sessionId: string,
  params: Record<string, unknown>,
): Promise<void> {
  const initialize = { jsonrpc: '2.0', id: REPLAY_REQUEST_ID, method: 'initialize', params };
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const answer = await transport.handleRequest(
    new Request(REPLAY_URL, { method: 'POST', headers, body: JSON.stringify(initialize) }),
    { parsedBody: initialize },
  );
  // The body holds the InitializeResult the client already has; read it to release the stream.
  const text = await answer.text();
  if (answer.status !== 200 || transport.sessionId !== sessionId || !text.includes('"result"')) {
    throw new CoreError({
      code: 'UPSTREAM_ERROR',
      message: `The stored session ${sessionId} could not be restored (status ${answer.status}).`,
      data: { sessionId },
    });
  }
  const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
  const notified = await transport.handleRequest(
    new Request(REPLAY_URL, {
      method: 'POST',
      headers: { ...headers, 'mcp-session-id': sessionId },
      body: JSON.stringify(initialized),
    }),
    { parsedBody: initialized },
  );
  await notified.text();
}
