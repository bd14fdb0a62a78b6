/**
 * The change signal of a verified cache: a watch on the cache folder and on `documents/`, so
 * that a call can be answered from memory without one `lstat` per document.
 *
 * A document edited in place changes neither folder, so without a watch only statting every
 * document would notice it: 5,183 `lstat` calls took 23-46 ms on a busy two-core machine, more
 * than the whole answer may take. On Linux, a directory watch is inotify, whose events the
 * kernel queues during the write itself, before the writer can tell anyone it wrote; they are
 * read in the same event-loop turn as any request sent after the write, and a call waits for
 * the end of that turn before it looks (see `VerifiedCacheStore`). The watch is trusted only
 * there, and only on local filesystems, where every change goes through this kernel: not on
 * network or FUSE filesystems (a change made on another machine sends no event), and not on
 * macOS or Windows, whose watches deliver events late. Everywhere else, and whenever a watch
 * cannot be set up or reports an error, every call checks every document's identity instead.
 *
 * @module
 */

import { type FSWatcher, statfsSync, watch } from 'node:fs';
import { join } from 'node:path';
import { type FileIdentity, isFolder, lstatIdentity } from './cache-file.js';
import type { CacheSnapshot, TouchedFiles } from './cache-state.js';

/**
 * `statfs` types (Linux `f_type`) of local filesystems, whose changes all pass through this
 * kernel and so raise inotify events: ext2/3/4, XFS, Btrfs, tmpfs, ramfs, overlayfs (changes
 * made through the mount), F2FS, ZFS, bcachefs, JFS, ReiserFS.
 */
const LOCAL_FILESYSTEMS: ReadonlySet<number> = new Set([
  0xef53, 0x58465342, 0x9123683e, 0x01021994, 0x858458f6, 0x794c7630, 0xf2f52010, 0x2fc12fc1,
  0xca451a4e, 0x3153464a, 0x52654973,
]);

/** True when a watch on `path` tells of every change (see the module comment). */
function watchIsReliable(path: string): boolean {
  if (process.platform !== 'linux') return false;
  try {
    return LOCAL_FILESYSTEMS.has(Number(statfsSync(path).type));
  } catch {
    return false;
  }
}

/** The change signal of one cache. */
export interface ChangeWatch {
  /**
   * True when calls may trust {@link changed}: the watch is set up on a filesystem where it
   * sees every change, and has reported no error since the last {@link arm} (which sets it up
   * again). False means: check every file each call.
   */
  readonly reliable: boolean;
  /** True when something under the watched folders changed since {@link arm}. */
  readonly changed: boolean;
  /**
   * Watches the folders of `snapshot` (again, when one was replaced), forgets what changed
   * before, and returns the files named as changed since the previous arm. Called before a
   * refresh reads anything.
   */
  arm(snapshot: CacheSnapshot): TouchedFiles;
  /** Stops watching. */
  close(): void;
}

interface Watched {
  readonly watcher: FSWatcher;
  readonly identity: FileIdentity;
}

/**
 * Creates the change signal of the cache at `cachePath` (a real path). With `enabled` false, or
 * where a watch is not reliable, it is never {@link ChangeWatch.reliable}.
 */
export function createChangeWatch(cachePath: string, enabled: boolean): ChangeWatch {
  const documentsPath = join(cachePath, 'documents');
  const supported = enabled && watchIsReliable(cachePath);
  /** False from a watch error until the next arm sets the watches up again. */
  let healthy = true;
  let changed = true;
  let all = true;
  let manifest = false;
  let documents = new Set<string>();
  const watched = new Map<string, Watched>();

  function close(): void {
    for (const { watcher } of watched.values()) watcher.close();
    watched.clear();
  }

  function broken(): void {
    healthy = false;
    changed = true;
    all = true;
    close();
  }

  function start(path: string, identity: FileIdentity, onName: (name: string) => void): void {
    const kept = watched.get(path);
    if (kept !== undefined && kept.identity.ino === identity.ino) return;
    kept?.watcher.close();
    watched.delete(path);
    const watcher = watch(path, { persistent: false }, (_event, name) => {
      changed = true;
      if (typeof name === 'string') onName(name);
      else all = true;
    });
    watcher.on('error', broken);
    watched.set(path, { watcher, identity });
  }

  return {
    get reliable() {
      return supported && healthy;
    },
    get changed() {
      return changed;
    },
    arm(snapshot) {
      const touched: TouchedFiles = { all, manifest, documents };
      changed = false;
      all = false;
      manifest = false;
      documents = new Set();
      if (!supported) return touched;
      healthy = true;
      try {
        if (snapshot.cacheFolder === undefined) throw new Error('the cache folder is gone');
        start(cachePath, snapshot.cacheFolder, (name) => {
          if (name === 'manifest.json') manifest = true;
          // documents/ itself replaced, removed or created: everything below it is new.
          else if (name === 'documents') all = true;
        });
        const folder = snapshot.documentsFolder;
        if (folder !== undefined && isFolder(folder)) {
          start(documentsPath, folder, (name) => documents.add(name));
        } else {
          watched.get(documentsPath)?.watcher.close();
          watched.delete(documentsPath);
        }
        // A folder replaced between the snapshot and the watch: the watch may be on the new
        // one, the snapshot on the old. Let the next call look again.
        if (lstatIdentity(cachePath)?.ino !== snapshot.cacheFolder.ino) changed = true;
        if (folder !== undefined && lstatIdentity(documentsPath)?.ino !== folder.ino)
          changed = true;
      } catch {
        broken();
      }
      return touched;
    },
    close,
  };
}
