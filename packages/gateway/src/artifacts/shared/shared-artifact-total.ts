/**
 * The bound on shared artifact bytes over every session of every instance: one entry of the
 * session store holds each session's bytes and when it last wrote, changed atomically.
 *
 * @module
 */

import type { JsonValue, SessionStore } from '@x/core/sessions';
import { GatewayError } from '../../errors.js';
import { formatBytes } from '../artifact-record.js';

/** The store key of the bytes per caller scope. */
const TOTAL_KEY = 'gateway:artifacts:total';

/** A session's bytes and the time of its last write, as stored. */
type SessionBytes = [bytes: number, writtenAt: number];

/** What {@link createSharedArtifactTotal} takes. */
export interface SharedArtifactTotalOptions {
  /** The store every instance shares. */
  store: SessionStore;
  /** The most content bytes over every session. */
  maxTotalBytes: number;
  /** The most content bytes of one session (its own bound evicts above it). */
  maxSessionBytes: number;
  /** How long a session's artifacts live after their last write, in milliseconds. */
  ttlMs: number;
}

/** The shared count of artifact bytes per caller scope. */
export interface SharedArtifactTotal {
  /**
   * Counts `bytes` more for `sessionId`, as much as its own bound lets it keep.
   *
   * @throws GatewayError `RATE_LIMITED` (retryable) when that would go over `maxTotalBytes`.
   */
  reserve(sessionId: string, bytes: number): Promise<void>;
  /** Sets what `sessionId` keeps now (after its index took an artifact and evicted others). */
  record(sessionId: string, bytes: number): Promise<void>;
  /** Stops counting `sessionId` (its artifacts were removed). */
  remove(sessionId: string): Promise<void>;
}

/** The live sessions of a stored value: the malformed and those past their time to live go. */
function liveSessions(value: JsonValue | undefined, now: number, ttlMs: number) {
  const sessions = new Map<string, SessionBytes>();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return sessions;
  for (const [sessionId, entry] of Object.entries(value)) {
    if (!Array.isArray(entry)) continue;
    const [bytes, writtenAt] = entry;
    if (typeof bytes !== 'number' || typeof writtenAt !== 'number') continue;
    if (now - writtenAt <= ttlMs) sessions.set(sessionId, [bytes, writtenAt]);
  }
  return sessions;
}

function stored(sessions: Map<string, SessionBytes>): JsonValue {
  return Object.fromEntries([...sessions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function fullError(maxTotalBytes: number): GatewayError {
  return new GatewayError({
    code: 'RATE_LIMITED',
    message: `shared artifacts are full: every session together keeps at most ${formatBytes(maxTotalBytes)} (artifacts.maxTotalBytes); try again once older artifacts expire, or ask for a smaller result`,
    retryable: true,
    data: { reason: 'artifacts_full', max_total_bytes: maxTotalBytes },
  });
}

/**
 * Creates the shared count. A session counts from its last write for `ttlMs`, as its index
 * lives; `reserve` counts the most a session can keep after its own evictions, so the total
 * never goes over `maxTotalBytes` between `reserve` and `record`.
 *
 * @see gateway-surface §4.2
 */
export function createSharedArtifactTotal(
  options: SharedArtifactTotalOptions,
): SharedArtifactTotal {
  const { store, maxTotalBytes, maxSessionBytes, ttlMs } = options;
  const ttl = { ttlMs };

  async function change(
    sessionId: string,
    next: (sessions: Map<string, SessionBytes>, mine: number) => number | undefined,
  ): Promise<boolean> {
    let refused = false;
    await store.update(
      TOTAL_KEY,
      (current) => {
        const now = Date.now();
        const sessions = liveSessions(current, now, ttlMs);
        const bytes = next(sessions, sessions.get(sessionId)?.[0] ?? 0);
        if (bytes === undefined) refused = true;
        else if (bytes === 0) sessions.delete(sessionId);
        else sessions.set(sessionId, [bytes, now]);
        return stored(sessions);
      },
      ttl,
    );
    return !refused;
  }

  return {
    async reserve(sessionId, bytes) {
      const accepted = await change(sessionId, (sessions, mine) => {
        let others = 0;
        for (const [id, [held]] of sessions) if (id !== sessionId) others += held;
        const kept = Math.min(mine + bytes, maxSessionBytes);
        return others + kept > maxTotalBytes ? undefined : kept;
      });
      if (!accepted) throw fullError(maxTotalBytes);
    },
    async record(sessionId, bytes) {
      await change(sessionId, () => bytes);
    },
    async remove(sessionId) {
      await change(sessionId, () => 0);
    },
  };
}
