/**
 * The one glob form policies use: `*` stands for any run of characters (none included),
 * every other character stands for itself.
 *
 * @module
 */

/** Whether `text` matches `glob`, where only `*` is special. Linear in practice, no regex. */
export function matchesGlob(glob: string, text: string): boolean {
  const parts = glob.split('*');
  const first = parts[0] ?? '';
  if (parts.length === 1) {
    return glob === text;
  }
  const last = parts[parts.length - 1] ?? '';
  if (first.length + last.length > text.length || !text.startsWith(first) || !text.endsWith(last)) {
    return false;
  }
  let position = first.length;
  const end = text.length - last.length;
  for (let index = 1; index < parts.length - 1; index += 1) {
    const part = parts[index] ?? '';
    const found = text.indexOf(part, position);
    if (found === -1 || found + part.length > end) {
      return false;
    }
    position = found + part.length;
  }
  return true;
}
