/**
 * The MCP sessions of `serveHttp` as records in a shared `SessionStore`, so that any instance
 * pointing at the same store can serve a request of a session another instance started.
 *
 * @module
 */

import { z } from 'zod';
import type { JsonValue, SessionStore } from '../sessions/index.js';

/** The store key prefix of session records. */
export const SESSION_RECORD_PREFIX = 'mcp-session:';

/** What an instance needs to rebuild a session it did not start. */
export const SessionRecordSchema = z.object({
  /** The `params` of the session's `initialize` request, replayed on a rebuild. */
  initialize: z.record(z.string(), z.unknown()),
  /** The role mapped from the bearer token that opened the session. */
  role: z.string().optional(),
  /** The fingerprint of the bearer token that opened the session (see `createBearerCheck`). */
  token: z.string().optional(),
});

/** A stored session. */
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

/** Reads and writes session records. */
export interface SessionRecords {
  /** Writes the record of a new session. */
  save(sessionId: string, record: SessionRecord): Promise<void>;
  /**
   * Restarts the record's time to live and returns it; `undefined` when the session is unknown,
   * ended or expired (or its record is unreadable, which counts as unknown).
   */
  touch(sessionId: string): Promise<SessionRecord | undefined>;
  /** Removes the record (the session ended). */
  remove(sessionId: string): Promise<void>;
}

/** Session records in `store`, each living `ttlMs` after its last use. */
export function createSessionRecords(store: SessionStore, ttlMs: number): SessionRecords {
  const key = (sessionId: string) => `${SESSION_RECORD_PREFIX}${sessionId}`;
  return {
    async save(sessionId, record) {
      await store.set(key(sessionId), record as JsonValue, { ttlMs });
    },
    async touch(sessionId) {
      const value = await store.update(key(sessionId), (current) => current, { ttlMs });
      const parsed = SessionRecordSchema.safeParse(value);
      return parsed.success ? parsed.data : undefined;
    },
    async remove(sessionId) {
      await store.delete(key(sessionId));
    },
  };
}
