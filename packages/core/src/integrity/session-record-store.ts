/**
 * {@link IntegrityRecordStore} over a {@link SessionStore}, so instances sharing Redis agree.
 *
 * @module
 */
import type { JsonValue, SessionStore } from '../sessions/session-store.js';
import { type IntegrityRecordStore, isToolRecord, type ToolRecord } from './record-store.js';

/** The key prefix of the records in a session store. */
export const INTEGRITY_KEY_PREFIX = 'integrity:tool:';

function keyOf(server: string, tool: string): string {
  // Server names never hold ':' (see UpstreamNameSchema), so the first one after the prefix ends it.
  return `${INTEGRITY_KEY_PREFIX}${server}:${tool}`;
}

/**
 * Keeps records in `store` under `integrity:tool:<server>:<tool>`, without a time to live.
 * Closing it leaves `store` open: it belongs to whoever created it. A stored value of another
 * shape reads as absent and is replaced by the next record.
 */
export function createSessionRecordStore(store: SessionStore): IntegrityRecordStore {
  const putIfAbsent = async (server: string, tool: string, record: ToolRecord) => {
    const kept = await store.update(keyOf(server, tool), (current) =>
      isToolRecord(current) ? current : (record as unknown as JsonValue),
    );
    return isToolRecord(kept) ? kept : record;
  };
  return {
    async get(server, tool) {
      const value = await store.get(keyOf(server, tool));
      return isToolRecord(value) ? value : undefined;
    },
    async list(server) {
      const prefix = keyOf(server, '');
      const keys = await store.keys(prefix);
      const values = await Promise.all(keys.map((key) => store.get(key)));
      const records = new Map<string, ToolRecord>();
      keys.forEach((key, index) => {
        const value = values[index];
        if (isToolRecord(value)) records.set(key.slice(prefix.length), value);
      });
      return records;
    },
    putIfAbsent,
    putAllIfAbsent(server, records) {
      return Promise.all(records.map((record) => putIfAbsent(server, record.tool.name, record)));
    },
    async put(server, tool, record: ToolRecord) {
      await store.set(keyOf(server, tool), record as unknown as JsonValue);
    },
    async close() {},
  };
}
