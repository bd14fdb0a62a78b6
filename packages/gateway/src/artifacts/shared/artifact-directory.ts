/**
 * Large shared artifacts as files: one folder per caller scope, one
 * content-addressed file per artifact (the text as a JSON string, which keeps
 * any UTF-16 string exactly), written atomically so another instance never
 * reads half a file.
 *
 * @module
 */

import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GatewayError } from '../../errors.js';
import { sha256Hex } from '../../util/digest.js';

/** Files of one directory of artifacts. */
export interface ArtifactDirectory {
  /** Writes `text` as the content of `handle` in the session's folder (replacing it atomically). */
  write(sessionId: string, handle: string, text: string): Promise<void>;
  /** The content of `handle`, or `undefined` when its file is gone or damaged. */
  read(sessionId: string, handle: string): Promise<string | undefined>;
  /** Removes the files of some handles; missing files are no error. */
  remove(sessionId: string, handles: readonly string[]): Promise<void>;
  /** Marks the session's folder as in use now (see {@link ArtifactDirectory.sweep}). */
  touch(sessionId: string): Promise<void>;
  /** Removes the session's folder. */
  removeSession(sessionId: string): Promise<void>;
  /** Removes the folders of sessions unused for `idleMs`; resolves to how many went. */
  sweep(idleMs: number, now?: number): Promise<number>;
}

/** A session's folder name: a digest, so no session id can name a path. */
function folderOf(sessionId: string): string {
  return `s-${sha256Hex(`session\n${sessionId}`).slice(0, 32)}`;
}

/** A file name from the handle, itself a digest of the media type and content. */
function fileOf(handle: string): string {
  return `${handle}.artifact`;
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/** The error of a failed file operation, without the host path. */
function storageError(action: string, error: unknown): GatewayError {
  const code = errorCode(error) ?? 'unknown error';
  return new GatewayError({
    code: 'UPSTREAM_ERROR',
    message: `the artifact directory refused to ${action} (${code})`,
    retryable: code === 'EMFILE' || code === 'EAGAIN' || code === 'EBUSY',
    data: { reason: 'artifact storage', errno: code },
  });
}

/**
 * A directory of artifacts at `root` (created on first write). Session
 * folders are named by a digest of the session id; a file is named by its
 * handle (a digest of media type and content), so the same content in the
 * same session is one file.
 */
export function createArtifactDirectory(root: string): ArtifactDirectory {
  const folder = (sessionId: string) => join(root, folderOf(sessionId));
  return {
    async write(sessionId, handle, text) {
      const target = join(folder(sessionId), fileOf(handle));
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await mkdir(folder(sessionId), { recursive: true });
        // JSON keeps every UTF-16 string exactly, lone surrogates included.
        await writeFile(temporary, JSON.stringify(text), 'utf8');
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => {});
        throw storageError('store the artifact', error);
      }
    },
    async read(sessionId, handle) {
      let stored: string;
      try {
        stored = await readFile(join(folder(sessionId), fileOf(handle)), 'utf8');
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return undefined;
        throw storageError('read the artifact', error);
      }
      try {
        const text: unknown = JSON.parse(stored);
        return typeof text === 'string' ? text : undefined;
      } catch {
        // A damaged file reads as a lost artifact.
        return undefined;
      }
    },
    async remove(sessionId, handles) {
      await Promise.all(
        handles.map((handle) => rm(join(folder(sessionId), fileOf(handle)), { force: true })),
      );
    },
    async touch(sessionId) {
      const now = new Date();
      await utimes(folder(sessionId), now, now).catch(() => {});
    },
    async removeSession(sessionId) {
      await rm(folder(sessionId), { recursive: true, force: true });
    },
    async sweep(idleMs, now = Date.now()) {
      let names: string[];
      try {
        names = await readdir(root);
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return 0;
        throw storageError('list its folders', error);
      }
      let removed = 0;
      for (const name of names.filter((entry) => /^s-[0-9a-f]{32}$/.test(entry)).sort()) {
        const info = await stat(join(root, name)).catch(() => undefined);
        if (info !== undefined && now - info.mtimeMs > idleMs) {
          await rm(join(root, name), { recursive: true, force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
