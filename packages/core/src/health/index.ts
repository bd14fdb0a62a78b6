/**
 * `@x/core/health`: liveness and readiness. {@link createHealthRoutes} gives `serveHttp` its
 * `/healthz` and `/readyz` routes from a few {@link ReadinessCheck}s ({@link upstreamsReadiness},
 * {@link sessionStoreReadiness}); a stdio server reports the same report with
 * {@link describeReadiness} on one log line.
 *
 * @module
 */

export {
  createHealthRoutes,
  HEALTHZ_PATH,
  type HealthRouteHandler,
  READYZ_PATH,
} from './health-routes.js';
export {
  type CheckOutcome,
  checkReadiness,
  describeReadiness,
  type ReadinessCheck,
  type ReadinessReport,
} from './readiness.js';
export { READINESS_PROBE_KEY, sessionStoreReadiness } from './store-readiness.js';
export { upstreamsReadiness } from './upstream-readiness.js';
