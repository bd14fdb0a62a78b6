/**
 * Reads the request handlers already installed on an SDK `Server`, so the wrapper can answer in
 * front of them and still delegate to them.
 *
 * The SDK (1.x) keeps handlers in `Protocol._requestHandlers`, a `Map` from method to
 * `(request, extra) => Promise<result>`, with no public getter. This is the one place that reads
 * it; if a future SDK moves it, wrapping fails with `UNSUPPORTED_SERVER` instead of misbehaving,
 * and the wrapper tests say so. The alternative, a second in-process client per session, would
 * lose `extra` (auth info, session id, progress and cancellation) on every call.
 *
 * @module
 */

import type {
  ListResourcesResult,
  ListResourceTemplatesResult,
  ReadResourceResult,
  Request,
  Result,
  Server,
} from '@modelcontextprotocol/server';
import { ProgressiveDisclosureError } from './errors.js';
import type { HandlerExtra, InnerResourceHandlers } from './handlers.js';

/** A handler as the SDK stores it: it parses `request` itself. */
export type CapturedHandler = (request: Request, extra: HandlerExtra) => Promise<Result>;

/** The handlers of `methods` installed on `server` now (absent ones are missing from the map). */
export function captureRequestHandlers(
  server: Server,
  methods: readonly string[],
): Map<string, CapturedHandler> {
  const handlers = (server as unknown as { _requestHandlers?: unknown })._requestHandlers;
  if (!(handlers instanceof Map)) {
    throw new ProgressiveDisclosureError({
      code: 'UNSUPPORTED_SERVER',
      message:
        'cannot read the request handlers of this server: the MCP SDK version is not supported (expected @modelcontextprotocol/server 2.x)',
    });
  }
  const captured = new Map<string, CapturedHandler>();
  for (const method of methods) {
    const handler = handlers.get(method) as CapturedHandler | undefined;
    if (typeof handler === 'function') captured.set(method, handler);
  }
  return captured;
}

/** The resource handlers among `handlers` (as captured), for the layer to answer behind its own. */
export function innerResourceHandlers(
  handlers: ReadonlyMap<string, CapturedHandler>,
): InnerResourceHandlers {
  const list = handlers.get('resources/list');
  const templates = handlers.get('resources/templates/list');
  const read = handlers.get('resources/read');
  return {
    ...(list === undefined
      ? {}
      : { list: async (request, extra) => (await list(request, extra)) as ListResourcesResult }),
    ...(templates === undefined
      ? {}
      : {
          templates: async (request, extra) =>
            (await templates(request, extra)) as ListResourceTemplatesResult,
        }),
    ...(read === undefined
      ? {}
      : { read: async (request, extra) => (await read(request, extra)) as ReadResourceResult }),
  };
}

/** The resource handlers installed on `server` now (see {@link innerResourceHandlers}). */
export function captureResourceHandlers(server: Server): InnerResourceHandlers {
  return innerResourceHandlers(
    captureRequestHandlers(server, [
      'resources/list',
      'resources/templates/list',
      'resources/read',
    ]),
  );
}
