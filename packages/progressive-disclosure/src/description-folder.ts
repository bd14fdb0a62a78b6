/**
 * Tool descriptions stored one file per tool (`<tool>.json`), reloaded on change when asked.
 *
 * @see progressive-disclosure §7.1, §7.2
 * @module
 */

import { type FSWatcher, watch } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type DescriptionSource,
  parseDescriptionOverride,
  type ToolDescriptionOverride,
} from './description-override.js';
import { ProgressiveDisclosureError } from './errors.js';

/** The largest description file read, in bytes. */
const MAX_FILE_BYTES = 1024 * 1024;
/** Default {@link DescriptionFolderOptions.debounceMs}. */
const DEFAULT_DEBOUNCE_MS = 100;

/** Options of {@link loadDescriptionFolder}. */
export interface DescriptionFolderOptions {
  /** Reload when a file of the folder changes (development; default false). */
  watch?: boolean;
  /** How long changes must settle before a reload, in milliseconds (default 100). */
  debounceMs?: number;
  /** Told after each reload that succeeded, with the tool names now described. */
  onReload?: (toolNames: string[]) => void;
  /** Told when a reload fails; the folder keeps serving what it loaded last. */
  onError?: (error: ProgressiveDisclosureError) => void;
}

/** A folder of description files: a {@link DescriptionSource} shared by every session. */
export interface DescriptionFolder extends DescriptionSource {
  /** The folder read. */
  readonly path: string;
  /** The tool names that have a file, sorted. */
  toolNames(): string[];
  /** Reads the folder again now; on failure keeps the previous content and rejects. */
  reload(): Promise<void>;
  /** Stops watching; idempotent. */
  close(): void;
}

async function readFolder(path: string): Promise<Map<string, ToolDescriptionOverride>> {
  let entries: string[];
  try {
    entries = await readdir(path);
  } catch (error) {
    throw new ProgressiveDisclosureError({
      code: 'DESCRIPTIONS_INVALID',
      message: `description folder ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      data: { where: path },
      cause: error,
    });
  }
  const loaded = new Map<string, ToolDescriptionOverride>();
  for (const entry of entries.filter((name) => name.endsWith('.json')).sort()) {
    const toolName = entry.slice(0, -'.json'.length);
    if (toolName === '') continue;
    const file = join(path, entry);
    loaded.set(toolName, parseDescriptionOverride(await readJson(file), toolName, file));
  }
  return loaded;
}

async function readJson(file: string): Promise<unknown> {
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error('not a file');
    if (info.size > MAX_FILE_BYTES) throw new Error(`larger than ${MAX_FILE_BYTES} bytes`);
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (error) {
    throw new ProgressiveDisclosureError({
      code: 'DESCRIPTIONS_INVALID',
      message: `${file}: ${(error as Error).message}`,
      data: { where: file },
      cause: error,
    });
  }
}

/**
 * Loads every `<tool>.json` of `path` (not recursive; other files are ignored) as the override
 * of the tool named by the file (see `ToolDescriptionOverrideSchema`). Tool names that cannot be
 * file names (with `/`) take their override from `createDescriptionMap` instead.
 *
 * With `watch`, changes in the folder trigger a reload once they have settled for `debounceMs`;
 * a reload that fails (a file being written, a bad edit) keeps the previous content and goes to
 * `onError`. Close the folder to stop watching.
 *
 * @throws ProgressiveDisclosureError `DESCRIPTIONS_INVALID` naming the file and the field, when
 *   the folder cannot be read or a file is not valid.
 * @see progressive-disclosure §7.1, §7.2
 */
export async function loadDescriptionFolder(
  path: string,
  options: DescriptionFolderOptions = {},
): Promise<DescriptionFolder> {
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  if (!Number.isSafeInteger(debounceMs) || debounceMs < 0) {
    throw new ProgressiveDisclosureError({
      code: 'INVALID_OPTIONS',
      message: `debounceMs must be a whole number of milliseconds, got ${String(debounceMs)}`,
      data: { option: 'debounceMs' },
    });
  }
  let current = await readFolder(path);
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function reload(): Promise<void> {
    const next = await readFolder(path);
    if (closed) return;
    current = next;
    options.onReload?.([...next.keys()]);
  }

  const report = (error: unknown): void => {
    if (closed) return;
    options.onError?.(
      ProgressiveDisclosureError.isInstance(error)
        ? error
        : new ProgressiveDisclosureError({
            code: 'DESCRIPTIONS_INVALID',
            message: `description folder ${path}: ${String(error)}`,
            cause: error,
          }),
    );
  };

  if (options.watch === true) {
    watcher = watch(path, { persistent: false }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => reload().catch(report), debounceMs);
      timer.unref();
    });
    watcher.on('error', report);
  }

  return {
    path,
    get: (toolName) => current.get(toolName),
    toolNames: () => [...current.keys()],
    reload,
    close() {
      closed = true;
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
