/**
 * `/.well-known/cash-mcp.yaml` for `serveHttp`'s `routes`, with content negotiation.
 *
 * @module
 */

import type { IncomingMessage } from 'node:http';
import type { HttpRouteHandler } from '@x/core/serve';
import Negotiator from 'negotiator';
import type { CashManifest } from './manifest-schema.js';
import { serializeManifest } from './manifest-text.js';

/** The path where CaSH servers publish their manifest (cash-rfc §5.5). */
export const MANIFEST_PATH = '/.well-known/cash-mcp.yaml';

const MEDIA_TYPES = ['application/yaml', 'application/json'];

/**
 * A route handler serving a manifest: `application/yaml` by default, `application/json` when
 * the `Accept` header prefers it, 406 when it accepts neither. `Cache-Control` follows
 * `cache_ttl`. Plug it into `serveHttp({ routes: { [MANIFEST_PATH]: handler } })`.
 *
 * @see cash-rfc §5.5 (MUST be served as application/yaml; MAY be JSON by negotiation)
 */
export function createManifestRoute(
  manifest: (request: IncomingMessage) => CashManifest,
): HttpRouteHandler {
  return (request, response) => {
    const accept = request.headers.accept;
    const chosen =
      accept === undefined || accept.trim() === ''
        ? 'application/yaml'
        : new Negotiator(request).mediaType(MEDIA_TYPES);
    if (chosen === undefined) {
      response.writeHead(406, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not Acceptable: application/yaml or application/json\n');
      return;
    }
    const value = manifest(request);
    const body = serializeManifest(value, chosen === 'application/json' ? 'json' : 'yaml');
    response.writeHead(200, {
      'content-type': `${chosen}; charset=utf-8`,
      'cache-control': `max-age=${value.cache_ttl ?? 3600}`,
      vary: 'Accept',
    });
    response.end(body);
  };
}
