/**
 * The `artifacts` settings of a configuration file: the bounds of each
 * session's artifacts and, for several instances, the shared directory.
 *
 * @module
 */

import { z } from 'zod';

const positiveInteger = z.int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * Bounds and placement of artifacts: `maxArtifacts`, `maxBytes` and
 * `maxArtifactBytes` bound each session (in memory or shared), `maxTotalBytes`
 * all sessions together (of the process in memory, of every instance shared);
 * `directory`, `inlineMaxBytes` and `ttlMs` apply when artifacts are shared
 * through a session store (see `createSharedArtifacts`).
 *
 * @see gateway-surface §4.2
 */
export const ArtifactsConfigSchema = z.strictObject({
  /** The most artifacts per caller scope (default 64). */
  maxArtifacts: positiveInteger.optional(),
  /** The most content bytes per caller scope (default 32 MiB). */
  maxBytes: positiveInteger.optional(),
  /** The most bytes of one artifact, longer content is cut (default 8 MiB). */
  maxArtifactBytes: positiveInteger.optional(),
  /**
   * The most content bytes over all sessions (default 256 MiB): of the process with in-memory
   * artifacts (the least recently used go first), of every instance with shared ones (a new
   * artifact is refused with `RATE_LIMITED` until older ones expire).
   */
  maxTotalBytes: positiveInteger.optional(),
  /**
   * In-memory artifacts: how many callers hold artifacts at once (default 1 000; a bearer token
   * is one caller over all its sessions, a 2025 session without one is one caller until it
   * ends); past it a new caller's first artifact is refused with `RATE_LIMITED`.
   */
  maxScopes: positiveInteger.optional(),
  /** Shared artifacts: a directory every instance reaches, for the large ones. */
  directory: z.string().min(1).optional(),
  /** Shared artifacts: contents up to this size stay in the session store (default 256 KiB). */
  inlineMaxBytes: positiveInteger.optional(),
  /** Shared artifacts: how long they live after their last use, in ms (default 1 hour). */
  ttlMs: positiveInteger.optional(),
});

/**
 * A parsed {@link ArtifactsConfigSchema} value.
 *
 * @see gateway-surface §4.2
 */
export type ArtifactsConfig = z.infer<typeof ArtifactsConfigSchema>;
