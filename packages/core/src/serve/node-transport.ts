/**
 * Node `http` requests into the SDK's web-standard Streamable HTTP transport.
 *
 * `serveHttp` drives `WebStandardStreamableHTTPServerTransport` (SDK v2,
 * `@modelcontextprotocol/server`) rather than its Node wrapper
 * `StreamableHTTPServerTransport`: a rebuilt session is initialized by replaying its
 * `initialize` as a web `Request` (see `session-replay.ts`), which only the web-standard class
 * accepts through its public API. The conversion is `@hono/node-server`'s, the same adapter the
 * SDK's Node wrapper uses, so requests behave exactly as they did through the wrapper.
 *
 * @module
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { boundOutgoingResponse } from './outgoing-bound.js';

/** The bound on each message the transport sends, and where a dropped one is reported. */
export interface OutgoingBound {
  /** The largest message sent, in bytes. */
  maxMessageBytes: number;
  /** Told of each outgoing message above the bound that was dropped. */
  onError: (error: Error) => void;
}

/**
 * Lets `transport` answer a Node request; `body` is the already parsed JSON body of a POST
 * (the request stream has been read). No message of the answer is above `bound`.
 */
export async function handleNodeRequest(
  transport: WebStandardStreamableHTTPServerTransport,
  request: IncomingMessage,
  response: ServerResponse,
  bound: OutgoingBound,
  body?: unknown,
): Promise<void> {
  const listener = getRequestListener(
    async (webRequest) =>
      boundOutgoingResponse(
        await transport.handleRequest(webRequest, body === undefined ? {} : { parsedBody: body }),
        body,
        bound.maxMessageBytes,
        bound.onError,
      ),
    { overrideGlobalObjects: false },
  );
  await listener(request, response);
}
