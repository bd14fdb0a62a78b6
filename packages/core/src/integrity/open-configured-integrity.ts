/**
 * {@link openToolIntegrity} for an app that holds a session store configuration rather than a
 * store: it opens the Redis store itself.
 *
 * @module
 */
import type { CoreError } from '../errors.js';
import { createSessionStore } from '../sessions/session-store-config.js';
import { parseIntegrityConfig } from './integrity-config.js';
import {
  type OpenToolIntegrity,
  type OpenToolIntegrityOptions,
  openToolIntegrity,
} from './open-integrity.js';

/** What {@link openConfiguredIntegrity} takes. */
export interface OpenConfiguredIntegrityOptions
  extends Omit<OpenToolIntegrityOptions, 'sharedStore'> {
  /**
   * The app's session store configuration (`{ redis: "redis://..." }` or `{ memory: {} }`):
   * records go to Redis when it names Redis, whatever the transport, so every instance and
   * `x-gateway tools approve` agree; to the file otherwise.
   */
  sessionStore?: unknown;
  /** Told when the Redis store loses its backend (see `createSessionStore`). */
  onStoreError?: (error: CoreError) => void;
}

/**
 * Opens the quarantine of a configuration, with its own Redis connection when `sessionStore`
 * names Redis (closed with it); `undefined` when the file turns integrity off or has no
 * `integrity` section (nothing is opened then).
 *
 * @throws CoreError `CONFIG_INVALID` for a wrong section or store, `UNAVAILABLE` when Redis
 *   cannot be reached.
 */
export async function openConfiguredIntegrity(
  options: OpenConfiguredIntegrityOptions,
): Promise<OpenToolIntegrity | undefined> {
  const { sessionStore, onStoreError, ...rest } = options;
  const isRedis =
    typeof sessionStore === 'object' && sessionStore !== null && 'redis' in sessionStore;
  if (!isRedis) return openToolIntegrity(rest);
  // Checked first, so a file without an `integrity` section opens no connection.
  const section = parseIntegrityConfig(rest.config, rest.configPath);
  if (section === undefined || section.enabled === false) return undefined;
  const store = await createSessionStore(
    sessionStore,
    onStoreError === undefined ? {} : { onError: onStoreError },
  );
  const integrity = openToolIntegrity({ ...rest, sharedStore: store });
  if (integrity === undefined) {
    await store.close();
    return undefined;
  }
  return {
    ...integrity,
    close: async () => {
      await integrity.close();
      await store.close();
    },
  };
}
