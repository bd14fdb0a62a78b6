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

/**
 * Lets `transport` answer a Node request; `body` is the already parsed JSON body of a POST
 * (the request stream has been read). The transport bounds the messages it sends itself (see
 * `boundTransportMessages`).
 */
export async function handleNodeRequest(
  transport: WebStandardStreamableHTTPServerTransport,
  request: IncomingMessage,
  response: ServerResponse,
  body?: unknown,
): Promise<void> {
  const listener = getRequestListener(
    (webRequest) =>
      transport.handleRequest(webRequest, body === undefined ? {} : { parsedBody: body }),
    { overrideGlobalObjects: false },
  );
  await listener(request, response);
}
