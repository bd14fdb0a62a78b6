/**
 * The `tool_browse` path grammar: parse and format.
 *
 * @module
 */

import { GatewayError } from '../errors.js';
import { NAMESPACE_PATTERN } from '../tool-id/tool-id.js';

/**
 * A parsed browse path.
 *
 * @see gateway-surface §3.2
 */
export interface BrowsePath {
  /** The named segments from the root, without the `*`. */
  segments: readonly string[];
  /** True when the path ends in the reserved `*` ("all children here"). */
  all: boolean;
}

/**
 * The grammar of a named path segment (below the root; a root segment must
 * also fit the namespace grammar).
 *
 * @see gateway-surface §3.2
 */
export const PATH_SEGMENT_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/**
 * The reserved "all children" segment.
 *
 * @see gateway-surface §3.2
 */
export const ALL_SEGMENT = '*';

function pathInvalid(path: string, reason: string): GatewayError {
  return new GatewayError({
    code: 'PATH_INVALID',
    message: `malformed path: ${reason}`,
    path,
    data: { reason },
  });
}

/** Why a segment at `position` (0 = root) is not allowed there, or undefined. */
function segmentProblem(segment: string, position: number, last: boolean): string | undefined {
  if (typeof segment !== 'string') return 'a segment is not a string';
  if (segment === '') return 'empty segment';
  if (segment === ALL_SEGMENT) return last ? undefined : '"*" is allowed only as the last segment';
  if (!PATH_SEGMENT_PATTERN.test(segment)) {
    return 'a segment is 1-64 of a-z, 0-9, "_", "-" and starts with a letter or digit';
  }
  if (position === 0 && !NAMESPACE_PATTERN.test(segment)) {
    return 'a root segment is a namespace and starts with a letter';
  }
  return undefined;
}

/**
 * Parses a browse path.
 *
 * `/` is the root; `/*` and a trailing `/*` mean "all children" and address
 * the same node as the path without it. A trailing `/`, an empty segment,
 * upper case, a root segment starting with a digit, a `*` anywhere but last,
 * or a non-string throws {@link GatewayError} `PATH_INVALID` carrying the path
 * and a `data.reason`.
 *
 * @see gateway-surface §3.2, §3.4
 */
export function parsePath(path: string): BrowsePath {
  if (typeof path !== 'string') throw pathInvalid('', 'the path is not a string');
  if (!path.startsWith('/')) throw pathInvalid(path, 'a path starts with "/"');
  if (path === '/') return { segments: [], all: false };
  const pieces = path.slice(1).split('/');
  for (const [position, piece] of pieces.entries()) {
    const problem = segmentProblem(piece, position, position === pieces.length - 1);
    if (problem !== undefined) {
      throw pathInvalid(
        path,
        piece === '' && position === pieces.length - 1 ? 'trailing "/"' : problem,
      );
    }
  }
  const all = pieces[pieces.length - 1] === ALL_SEGMENT;
  return { segments: all ? pieces.slice(0, -1) : pieces, all };
}

/**
 * Writes a browse path: the inverse of {@link parsePath}.
 *
 * Throws {@link GatewayError} `PATH_INVALID` when a segment breaks the grammar
 * (including a segment `*`, which is expressed by `all`).
 *
 * @see gateway-surface §3.2
 */
export function formatPath(path: BrowsePath): string {
  const { segments, all } = path;
  for (const [position, segment] of segments.entries()) {
    const problem =
      segment === ALL_SEGMENT ? 'use "all" for "*"' : segmentProblem(segment, position, false);
    if (problem !== undefined) throw pathInvalid(`/${segments.join('/')}`, problem);
  }
  const named = segments.length === 0 ? '/' : `/${segments.join('/')}`;
  if (!all) return named;
  return named === '/' ? '/*' : `${named}/*`;
}
