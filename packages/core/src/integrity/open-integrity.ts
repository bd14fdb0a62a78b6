/**
 * From a configuration file to the quarantine an app serves with.
 *
 * @module
 */
import type { SessionStore } from '../sessions/session-store.js';
import { defaultRecordFile } from './data-directory.js';
import { createFileRecordStore } from './file-record-store.js';
import { parseIntegrityConfig } from './integrity-config.js';
import type { IntegrityRecordStore } from './record-store.js';
import { createSessionRecordStore } from './session-record-store.js';
import { createToolIntegrity, type ToolIntegrity } from './tool-integrity.js';

/** What {@link openToolIntegrity} takes. */
export interface OpenToolIntegrityOptions {
  /** The parsed configuration file (its `integrity` key is read). */
  config: Record<string, unknown>;
  /** The configuration file's path: names it in errors and picks the default record file. */
  configPath: string;
  /**
   * A store shared by instances (Redis); records go there instead of the file. Pass the app's
   * session store only when it is shared: an in-memory one would forget them at exit.
   */
  sharedStore?: SessionStore;
  /** Hears each quarantine line (see {@link ToolIntegrityOptions.onReport}). */
  onReport?: (line: string) => void;
  /** Overrides the record file (default {@link defaultRecordFile} of `configPath`). */
  recordFile?: string;
}

/** Where an {@link OpenToolIntegrity} keeps its records. */
export type RecordLocation =
  | {
      /** A JSON file on this host. */
      kind: 'file';
      /** The file's path. */
      path: string;
    }
  | {
      /** The shared session store (Redis). */
      kind: 'shared';
    };

/** A {@link ToolIntegrity} with the store it opened, and where that store is. */
export interface OpenToolIntegrity extends ToolIntegrity {
  /** `file` and its path, or `shared` for the session store. */
  readonly location: RecordLocation;
  /** Waits for pending writes and releases the store (never the shared session store). */
  close(): Promise<void>;
}

/**
 * Opens the quarantine a configuration asks for, or `undefined` when the file has no
 * `integrity` section or the section says `"enabled": false` (per-server `enabled` is applied
 * by the quarantine itself).
 *
 * @throws CoreError `CONFIG_INVALID` for a wrong section.
 */
export function openToolIntegrity(
  options: OpenToolIntegrityOptions,
): OpenToolIntegrity | undefined {
  const section = parseIntegrityConfig(options.config, options.configPath);
  if (section === undefined || section.enabled === false) return undefined;
  let store: IntegrityRecordStore;
  let location: RecordLocation;
  if (options.sharedStore === undefined) {
    const path = options.recordFile ?? defaultRecordFile(options.configPath);
    store = createFileRecordStore(path);
    location = { kind: 'file', path };
  } else {
    store = createSessionRecordStore(options.sharedStore);
    location = { kind: 'shared' };
  }
  const integrity = createToolIntegrity({
    store,
    config: section,
    ...(options.onReport === undefined ? {} : { onReport: options.onReport }),
  });
  return { ...integrity, location, close: () => store.close() };
}
