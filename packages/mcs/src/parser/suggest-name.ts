/**
 * Suggests the function a model probably meant when it named one that does not exist.
 *
 * @module
 */

import { nearestNames } from '@x/core/text';

/** The form function names are compared in: lower case, without `-`, `_`, `.`, `:`, `/` or spaces. */
function nameKey(name: string): string {
  return name.toLowerCase().replace(/[-_.:/\s]/g, '');
}

/**
 * The name nearest to `wrong` by `@x/core/text`'s `nearestNames` once case and separators are
 * ignored: the same letters first, then a forgotten prefix (`search` for `shop_search`) or a
 * small typo, ties in the given order; `undefined` when no name is close.
 */
export function suggestFunctionName(wrong: string, names: readonly string[]): string | undefined {
  return nearestNames(wrong, names, { key: nameKey, limit: 1 })[0];
}
