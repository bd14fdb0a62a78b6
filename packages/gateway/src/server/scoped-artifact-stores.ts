/**
 * In-memory artifact stores, one per caller scope, shared by every server instance the gateway
 * factory builds: in the 2026-07-28 era each request gets its own instance, so an artifact
 * stored by one `tool_execute` must outlive it for a later `tool_view` (gateway-surface §4.2).
 *
 * Each scope is bounded by its own store (its artifacts and bytes); the number of scopes is
 * bounded too, but a full set refuses a new caller's first artifact instead of evicting another
 * caller's: one caller's traffic never takes another's artifacts away.
 *
 * @module
 */

import type { ArtifactStore } from '../artifacts/artifact.js';
import { checkLimit } from '../artifacts/artifact-record.js';
import {
  createMemoryArtifactStore,
  type MemoryArtifactStore,
  type MemoryArtifactStoreOptions,
} from '../artifacts/memory-artifact-store.js';
import { GatewayError } from '../errors.js';

/** How many caller scopes keep artifacts in memory at once by default. */
export const DEFAULT_MAX_ARTIFACT_SCOPES = 1_000;

/** Per-scope artifact stores with a bound on how many scopes hold artifacts. */
export interface ScopedArtifactStores {
  /**
   * The store of `scope`. The scope takes one of the `maxScopes` places at its first artifact;
   * when every place is held by a scope with artifacts, that `put` throws `GatewayError`
   * `RATE_LIMITED` (retryable, `data.reason: 'artifact_scopes_full'`).
   */
  get(scope: string): ArtifactStore;
  /** Frees the artifacts of `scope` and its place (its session ended). */
  release(scope: string): Promise<void>;
  /** How many scopes hold a place now. */
  size(): number;
}

function scopesFullError(maxScopes: number): GatewayError {
  return new GatewayError({
    code: 'RATE_LIMITED',
    message: `artifacts are full: this process keeps artifacts for at most ${maxScopes} callers at once (maxArtifactScopes); try again once another caller's session ends, or ask for a smaller result`,
    retryable: true,
    data: { reason: 'artifact_scopes_full', max_scopes: maxScopes },
  });
}

/**
 * Creates the per-scope stores; each has the bounds of `options`, and at most `maxScopes`
 * scopes hold artifacts at once (a scope whose artifacts are all gone gives its place up).
 *
 * @throws GatewayError `ARGS_INVALID` when `maxScopes` is not a positive integer.
 */
export function createScopedArtifactStores(
  options: MemoryArtifactStoreOptions = {},
  maxScopes = DEFAULT_MAX_ARTIFACT_SCOPES,
): ScopedArtifactStores {
  checkLimit('maxArtifactScopes', maxScopes);
  const stores = new Map<string, MemoryArtifactStore>();

  /** Gives up the places of scopes that hold no artifact any more. */
  function dropEmpty(): void {
    for (const [scope, store] of stores) if (store.size() === 0) stores.delete(scope);
  }

  function admit(scope: string): MemoryArtifactStore {
    const known = stores.get(scope);
    if (known !== undefined) return known;
    if (stores.size >= maxScopes) dropEmpty();
    if (stores.size >= maxScopes) throw scopesFullError(maxScopes);
    const store = createMemoryArtifactStore(options);
    stores.set(scope, store);
    return store;
  }

  return {
    get(scope) {
      return {
        put: async (input) => admit(scope).put(input),
        get: async (handle) => stores.get(scope)?.get(handle),
        clear: async () => {
          await stores.get(scope)?.clear();
        },
      };
    },
    async release(scope) {
      const store = stores.get(scope);
      stores.delete(scope);
      await store?.clear();
    },
    size: () => stores.size,
  };
}
