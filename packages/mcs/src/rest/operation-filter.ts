/**
 * Chooses which operations of a document become functions, by tag, path glob and method.
 *
 * @module
 */

import type { RestOperation } from './operations.js';
import type { OperationFilter } from './rest-options.js';

/**
 * A path glob as a regular expression: `**` stands for any characters, `*` for any characters
 * but `/`, every other character for itself.
 */
export function pathGlobToRegExp(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index += 1) {
    if (glob.startsWith('**', index)) {
      source += '.*';
      index += 1;
    } else if (glob.charAt(index) === '*') {
      source += '[^/]*';
    } else {
      source += glob.charAt(index).replace(/[.+?^${}()|[\]\\/-]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`, 'u');
}

function matches(operation: RestOperation, filter: OperationFilter): boolean {
  if (filter.tags !== undefined && !filter.tags.some((tag) => operation.tags.includes(tag)))
    return false;
  if (
    filter.paths !== undefined &&
    !filter.paths.some((glob) => pathGlobToRegExp(glob).test(operation.path))
  )
    return false;
  return filter.methods === undefined || filter.methods.includes(operation.method);
}

/**
 * The operations `include` matches (all when it is absent) that `exclude` does not, in their
 * order.
 *
 * @see OperationFilterSchema
 */
export function filterOperations(
  operations: readonly RestOperation[],
  include: OperationFilter | undefined,
  exclude: OperationFilter | undefined,
): RestOperation[] {
  return operations.filter(
    (operation) =>
      (include === undefined || matches(operation, include)) &&
      (exclude === undefined || !matches(operation, exclude)),
  );
}
