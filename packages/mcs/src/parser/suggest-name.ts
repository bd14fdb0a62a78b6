/**
 * Suggests the function a model probably meant when it named one that does not exist.
 *
 * @module
 */

function normalize(name: string): string {
  return name.toLowerCase().replace(/[-_.:/\s]/g, '');
}

/**
 * Returns the first name, in the given order, that matches `wrong` once case and separators
 * (`-`, `_`, `.`, `:`, `/`) are ignored, or that ends with `wrong` after a separator (a
 * forgotten prefix, as in `search` for `shop_search`); `undefined` when none does.
 */
export function suggestFunctionName(wrong: string, names: readonly string[]): string | undefined {
  const target = normalize(wrong);
  if (target === '') return undefined;
  const sameLetters = names.find((name) => normalize(name) === target);
  if (sameLetters !== undefined) return sameLetters;
  return names.find(
    (name) => /[-_.:/]/.test(name.charAt(name.length - wrong.length - 1)) && name.endsWith(wrong),
  );
}
