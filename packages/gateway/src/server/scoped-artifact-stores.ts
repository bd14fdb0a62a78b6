/**
 * In-memory artifact stores, one per caller scope, shared by every server instance the gateway
 * factory builds: in the 2026-07-28 era each request gets its own instance, so an artifact
 * stored by one `tool_execute` must outlive it for a later `tool_view` (gateway-surface §4.2).
 *
 * @module
 */

import type { ArtifactStore } from '../artifacts/artifact.js';
import {
  createMemoryArtifactStore,
  type MemoryArtifactStoreOptions,
} from '../artifacts/memory-artifact-store.js';

/** How many caller scopes keep their artifacts in memory at once (least recently used go first). */
export const DEFAULT_MAX_ARTIFACT_SCOPES = 1_000;

/** Per-scope artifact stores with a bound on how many scopes are kept. */
export interface ScopedArtifactStores {
  /** The store of `scope`, made on first use. */
  get(scope: string): ArtifactStore;
}

/** Creates the per-scope stores; each has the bounds of `options`. */
export function createScopedArtifactStores(
  options: MemoryArtifactStoreOptions = {},
  maxScopes = DEFAULT_MAX_ARTIFACT_SCOPES,
): ScopedArtifactStores {
  const stores = new Map<string, ArtifactStore>();
  return {
    get(scope) {
      const known = stores.get(scope);
      if (known !== undefined) {
        // Re-inserted: a Map keeps insertion order, so the first key is the least recently used.
        stores.delete(scope);
        stores.set(scope, known);
        return known;
      }
      const store = createMemoryArtifactStore(options);
      stores.set(scope, store);
      if (stores.size > maxScopes) {
        const [oldest] = stores.keys();
        if (oldest !== undefined) {
          void stores.get(oldest)?.clear();
          stores.delete(oldest);
        }
      }
      return store;
    },
  };
}
