/**
 * `@x/gateway/artifacts`: artifacts shared by several gateway instances
 * (Node only: large ones are files), and the `artifacts` configuration.
 *
 * @module
 */

// Limits
export {
  DEFAULT_MAX_ARTIFACT_BYTES,
  DEFAULT_MAX_ARTIFACTS,
  DEFAULT_MAX_BYTES,
} from './artifact-record.js';
// Configuration
export { type ArtifactsConfig, ArtifactsConfigSchema } from './artifacts-config.js';
// Shared storage
export {
  createSharedArtifacts,
  DEFAULT_ARTIFACT_TTL_MS,
  DEFAULT_INLINE_MAX_BYTES,
  DEFAULT_LOCAL_CACHE_BYTES,
  type SharedArtifacts,
  type SharedArtifactsOptions,
} from './shared/shared-artifact-store.js';
