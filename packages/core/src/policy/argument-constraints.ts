/**
 * Checking one argument value against one policy constraint.
 *
 * @module
 */
import { posix } from 'node:path';
import type { ArgumentConstraint } from './policy-schema.js';

/** Strips trailing slashes except the root's. */
function trimTrailingSlashes(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Whether `value` is a path inside `prefix`, on whole segments, after `.` and `..` are
 * resolved (`/srv/a/../b` is `/srv/b`). A relative value never lies under an absolute prefix
 * (its meaning depends on the server's working folder), nor does a value that climbs above
 * its start (`../x`).
 */
export function isUnderPathPrefix(value: string, prefix: string): boolean {
  if (value === '' || value.includes('\0')) {
    return false;
  }
  const base = trimTrailingSlashes(posix.normalize(prefix));
  const path = trimTrailingSlashes(posix.normalize(value));
  if (
    posix.isAbsolute(base) !== posix.isAbsolute(path) ||
    path === '..' ||
    path.startsWith('../')
  ) {
    return false;
  }
  if (base === '/' || base === '.') {
    return true;
  }
  return path === base || path.startsWith(`${base}/`);
}

/** Why a value breaks a constraint, or `undefined` when it keeps it. */
export function findConstraintProblem(
  constraint: ArgumentConstraint,
  value: unknown,
): string | undefined {
  if (value === undefined) {
    return 'is required by the policy';
  }
  if ('pathPrefix' in constraint) {
    if (typeof value !== 'string') {
      return 'must be a path string';
    }
    return isUnderPathPrefix(value, constraint.pathPrefix)
      ? undefined
      : `must be a path under ${JSON.stringify(constraint.pathPrefix)}`;
  }
  return constraint.enum.some((allowed) => Object.is(allowed, value) || allowed === value)
    ? undefined
    : `must be one of ${constraint.enum.map((allowed) => JSON.stringify(allowed)).join(', ')}`;
}
