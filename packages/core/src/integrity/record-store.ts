/**
 * Where the trusted version of each tool is kept.
 *
 * @module
 */
import type { ToolSnapshot } from './tool-snapshot.js';

/** The trusted version of one tool: the first one seen clean, or the last one approved. */
export interface ToolRecord {
  /** {@link toolDigest} of `tool`. */
  readonly digest: string;
  /** What was trusted, kept so that a change can be shown as a difference. */
  readonly tool: ToolSnapshot;
}

/**
 * Storage of {@link ToolRecord}s by server and tool name. Every implementation is safe for
 * several writers: `putIfAbsent` is one atomic step, so two instances that first see a tool at
 * once agree on one record.
 */
export interface IntegrityRecordStore {
  /** The record of a tool, or `undefined` when none is kept. */
  get(server: string, tool: string): Promise<ToolRecord | undefined>;
  /** Every record of a server by tool name, read at once (one listing is judged with it). */
  list(server: string): Promise<ReadonlyMap<string, ToolRecord>>;
  /** Keeps `record` unless one is there already; resolves to the record kept afterwards. */
  putIfAbsent(server: string, tool: string, record: ToolRecord): Promise<ToolRecord>;
  /**
   * {@link IntegrityRecordStore.putIfAbsent} for several tools of one server in one step (a
   * first listing); resolves to the records kept, in the order given.
   */
  putAllIfAbsent(server: string, records: readonly ToolRecord[]): Promise<ToolRecord[]>;
  /** Keeps `record`, replacing any previous one (approval). */
  put(server: string, tool: string, record: ToolRecord): Promise<void>;
  /** Releases what the store holds; idempotent. */
  close(): Promise<void>;
}

/** Whether a stored value has the shape of a {@link ToolRecord}. */
export function isToolRecord(value: unknown): value is ToolRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as { digest?: unknown; tool?: unknown };
  return (
    typeof record.digest === 'string' &&
    typeof record.tool === 'object' &&
    record.tool !== null &&
    typeof (record.tool as { name?: unknown }).name === 'string'
  );
}
