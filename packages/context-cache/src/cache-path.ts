/**
 * Resolving a cache name inside the configured cache root, and nowhere else.
 *
 * @module
 */

import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { isWellFormedText } from './document.js';
import { ContextCacheError, errnoCode } from './errors.js';
import { MAX_CACHE_NAME_BYTES } from './limits.js';

/** True when `text` holds a control character (C0 including NUL, DEL, C1): never part of a cache name. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x20 || (unit >= 0x7f && unit <= 0x9f)) return true;
  }
  return false;
}

/**
 * True when `name` may be looked up at all. Rejected before touching the filesystem: empty or
 * overlong names, `..` anywhere (as the original does), a leading `/`, any backslash, `%`
 * (no percent-decoding is ever done, so an encoded name is refused rather than taken
 * literally), control characters including NUL, lone surrogates, names that Unicode NFKC
 * normalization would change (fullwidth `．．／`, one-dot leaders and the like), and empty or
 * `.` path segments (`.`, `a//b`, `a/`).
 */
export function isAcceptableCacheName(name: string): boolean {
  if (name.length === 0 || Buffer.byteLength(name, 'utf8') > MAX_CACHE_NAME_BYTES) return false;
  if (!isWellFormedText(name) || hasControlCharacter(name)) return false;
  if (name.includes('..') || name.startsWith('/') || name.includes('\\') || name.includes('%'))
    return false;
  if (name.normalize('NFKC') !== name) return false;
  return name.split('/').every((segment) => segment !== '' && segment !== '.');
}

function missing(): ContextCacheError {
  return new ContextCacheError({ code: 'cache_missing' });
}

/**
 * Resolves a cache name to the real path of a folder strictly inside the real cache root.
 * Symbolic links are resolved, then containment is checked, so a link that leaves the root
 * answers `cache_missing` like a name that does not exist. The root itself is not a cache.
 *
 * @throws ContextCacheError `cache_missing` for anything that is not such a folder; `io_error` when the root exists but cannot be resolved
 * @see context-cache-mcp.md §context.inspect_cache Behavior ("with traversal protection"); ARCHITECTURE.md §Context cache
 */
export async function resolveCachePath(cacheRoot: string, name: unknown): Promise<string> {
  if (typeof name !== 'string' || !isAcceptableCacheName(name)) throw missing();
  let root: string;
  try {
    root = await realpath(cacheRoot);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') throw missing();
    throw new ContextCacheError({ code: 'io_error', cause: error });
  }
  let candidate: string;
  try {
    candidate = await realpath(join(root, name));
  } catch {
    throw missing();
  }
  const inside = relative(root, candidate);
  if (inside === '' || isAbsolute(inside) || inside === '..' || inside.startsWith(`..${sep}`)) {
    throw missing();
  }
  try {
    if (!(await stat(candidate)).isDirectory()) throw missing();
  } catch (error) {
    if (ContextCacheError.isInstance(error)) throw error;
    throw missing();
  }
  return candidate;
}
