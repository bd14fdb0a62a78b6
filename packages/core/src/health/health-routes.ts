/**
 * `/healthz` and `/readyz` for `serveHttp`'s `routes`.
 *
 * @module
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkReadiness, type ReadinessCheck } from './readiness.js';

/** The path of the liveness route. */
export const HEALTHZ_PATH = '/healthz';
/** The path of the readiness route. */
export const READYZ_PATH = '/readyz';

/** A GET route handler, as `serveHttp` takes it. */
export type HealthRouteHandler = (
  request: IncomingMessage,
  response: ServerResponse,
) => Promise<void>;

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = `${JSON.stringify(body)}\n`;
  response.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

/**
 * The two routes: `/healthz` answers 200 `{"status":"ok"}` while the process serves at all;
 * `/readyz` runs `checks` and answers 200 `{"ready":true,...}` or 503 `{"ready":false,...}` with
 * each check's outcome and the reason of each one that is not ready. Both are public (probes
 * carry no token) and reveal no configuration beyond server names.
 */
export function createHealthRoutes(
  checks: readonly ReadinessCheck[],
): Record<typeof HEALTHZ_PATH | typeof READYZ_PATH, HealthRouteHandler> {
  return {
    [HEALTHZ_PATH]: async (_request, response) => sendJson(response, 200, { status: 'ok' }),
    [READYZ_PATH]: async (_request, response) => {
      const report = await checkReadiness(checks);
      sendJson(response, report.ready ? 200 : 503, report);
    },
  };
}
