/**
 * Reading one file of a cache from a hostile disk: one open that neither follows a symbolic
 * link nor waits on a FIFO, `fstat` of that handle, a size bound, and the bytes read from the
 * same handle. Also the identity of a file (what a later `lstat` is compared with to tell
 * whether it changed).
 *
 * The reads are synchronous on purpose: a cache is thousands of small files, and each
 * asynchronous open, stat, read and close is a thread-pool round trip whose bookkeeping costs
 * more than the read itself (measured on the 5,183 SciFact documents: about 0.5 s of
 * main-thread time asynchronously, under 0.1 s synchronously). No call here can block on
 * anything but the disk: the open is non-blocking, and nothing that is not a regular file is
 * read.
 *
 * @module
 */

import {
  type BigIntStats,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readSync,
} from 'node:fs';
import { ContextCacheError, errnoCode } from '../errors.js';

/**
 * What tells one version of a file from another: device and inode (a replaced file is another
 * inode), type, size, and the modification and status-change times in nanoseconds.
 */
export interface FileIdentity {
  readonly dev: bigint;
  readonly ino: bigint;
  readonly mode: bigint;
  readonly size: bigint;
  readonly mtimeNs: bigint;
  readonly ctimeNs: bigint;
}

/** The outcome of {@link readCacheFile}. */
export type CacheFileRead =
  | { readonly kind: 'missing' }
  | { readonly kind: 'not_regular' }
  | { readonly kind: 'too_large'; readonly identity: FileIdentity }
  | { readonly kind: 'unstable'; readonly identity: FileIdentity }
  | { readonly kind: 'read'; readonly identity: FileIdentity; readonly bytes: Buffer };

const { O_NOFOLLOW = 0, O_NONBLOCK = 0 } = constants as Partial<typeof constants>;

/**
 * `O_NOFOLLOW`: a symbolic link as the last component fails the open instead of being
 * followed. `O_NONBLOCK`: opening a FIFO returns at once instead of waiting for a writer.
 * Platforms without them (Windows) get 0, and rely on the `lstat` taken before each open.
 */
const READ_FLAGS = constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK;

/** Codes of an open that found something other than a regular file: a link (`O_NOFOLLOW`), a socket, a device without a driver. */
const NOT_REGULAR_CODES: ReadonlySet<string> = new Set(['ELOOP', 'EMLINK', 'ENXIO', 'ENODEV']);

/** Codes of a path that is not there. */
const MISSING_CODES: ReadonlySet<string> = new Set(['ENOENT', 'ENOTDIR']);

/** The identity of what `stats` describes. */
export function identityOf(stats: BigIntStats): FileIdentity {
  return {
    dev: stats.dev,
    ino: stats.ino,
    mode: stats.mode,
    size: stats.size,
    mtimeNs: stats.mtimeNs,
    ctimeNs: stats.ctimeNs,
  };
}

const FILE_TYPE_MASK = BigInt(constants.S_IFMT);

/** True when an identity describes a regular file. */
export function isRegularFile(identity: FileIdentity): boolean {
  return (identity.mode & FILE_TYPE_MASK) === BigInt(constants.S_IFREG);
}

/** True when an identity describes a folder. */
export function isFolder(identity: FileIdentity): boolean {
  return (identity.mode & FILE_TYPE_MASK) === BigInt(constants.S_IFDIR);
}

/** True when two identities are the same version of the same file. */
export function sameIdentity(
  left: FileIdentity | undefined,
  right: FileIdentity | undefined,
): boolean {
  if (left === undefined || right === undefined) return left === right;
  return (
    left.ino === right.ino &&
    left.ctimeNs === right.ctimeNs &&
    left.mtimeNs === right.mtimeNs &&
    left.size === right.size &&
    left.dev === right.dev &&
    left.mode === right.mode
  );
}

function ioError(error: unknown): ContextCacheError {
  return new ContextCacheError({ code: 'io_error', cause: error });
}

/**
 * `lstat` of a path as an identity (a symbolic link is described, never followed); undefined
 * when nothing is there.
 *
 * @throws ContextCacheError `io_error` for any other failure
 */
export function lstatIdentity(path: string): FileIdentity | undefined {
  try {
    const stats = lstatSync(path, { bigint: true, throwIfNoEntry: false });
    return stats === undefined ? undefined : identityOf(stats);
  } catch (error) {
    if (MISSING_CODES.has(errnoCode(error) ?? '')) return undefined;
    throw ioError(error);
  }
}

function readAll(descriptor: number, size: number): Buffer | undefined {
  const buffer = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const count = readSync(descriptor, buffer, filled, size - filled, filled);
    if (count === 0) return undefined;
    filled += count;
  }
  return buffer;
}

/**
 * Reads one cache file: a missing path, something that is not a regular file (a symbolic
 * link, a FIFO, a socket, a folder, a device), a file larger than `maxBytes`, and a file that
 * shrank while it was read are outcomes. Exactly the size `fstat` gave is read, never more;
 * the identity is the open handle's, taken before reading, so a file changed during the read
 * (grown, rewritten) looks changed to the next `lstat` and is read again then.
 *
 * @throws ContextCacheError `io_error` for any other failure (permission denied, disk error)
 */
export function readCacheFile(path: string, maxBytes: number): CacheFileRead {
  let descriptor: number;
  try {
    descriptor = openSync(path, READ_FLAGS);
  } catch (error) {
    const code = errnoCode(error) ?? '';
    if (MISSING_CODES.has(code)) return { kind: 'missing' };
    if (NOT_REGULAR_CODES.has(code)) return { kind: 'not_regular' };
    throw ioError(error);
  }
  try {
    const stats = fstatSync(descriptor, { bigint: true });
    if (!stats.isFile()) return { kind: 'not_regular' };
    const identity = identityOf(stats);
    if (stats.size > BigInt(maxBytes)) return { kind: 'too_large', identity };
    const bytes = readAll(descriptor, Number(stats.size));
    return bytes === undefined ? { kind: 'unstable', identity } : { kind: 'read', identity, bytes };
  } catch (error) {
    throw ioError(error);
  } finally {
    try {
      closeSync(descriptor);
    } catch {
      // Closing a read-only descriptor cannot lose data; its error has nothing to report.
    }
  }
}
