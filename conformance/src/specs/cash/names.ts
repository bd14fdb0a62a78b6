/**
 * CaSH identifiers (cash-rfc §5.1, §5.3): the allowed characters, the canonical form, and
 * spellings that differ only in case and underscores, to probe normalization with.
 *
 * @module
 */

/** A valid label or identifier: letters, digits and underscores, nothing else (no dot). */
export const IDENTIFIER_PATTERN = /^[A-Za-z0-9_]+$/;

/** The canonical form: underscores stripped, lowercased (cash-rfc §5.1). */
export function canonical(name: string): string {
  return name.replaceAll('_', '').toLowerCase();
}

/** The canonical form of a dotted namespace path, segment by segment. */
export function canonicalPath(path: string): string {
  return path.split('.').map(canonical).join('.');
}

/**
 * Another spelling of the same identifier: uppercase, with an underscore after the first
 * character (`orders` gives `O_RDERS`, `entityNames` gives `E_NTITYNAMES`).
 */
export function respell(name: string): string {
  const upper = name.toUpperCase();
  return `${upper.slice(0, 1)}_${upper.slice(1)}`;
}

/** {@link respell} for each segment of a dotted namespace path. */
export function respellPath(path: string): string {
  return path.split('.').map(respell).join('.');
}

/** The path of `child` under `parent` (the root is the empty path). */
export function joinPath(parent: string, child: string): string {
  return parent === '' ? child : `${parent}.${child}`;
}

/** How deep a namespace path is: `orders` is 1, `orders.retail` is 2. */
export function pathDepth(path: string): number {
  return path === '' ? 0 : path.split('.').length;
}

/**
 * A near miss of `name` that is none of `taken` (canonically): one character dropped, else one
 * doubled; undefined when every candidate is taken.
 */
export function nearMiss(name: string, taken: ReadonlySet<string>): string | undefined {
  const candidates: string[] = [];
  for (let index = name.length - 1; index >= 0; index--) {
    candidates.push(name.slice(0, index) + name.slice(index + 1));
  }
  for (let index = 0; index < name.length; index++) {
    candidates.push(name.slice(0, index + 1) + name.slice(index));
  }
  return candidates.find(
    (candidate) => canonical(candidate) !== '' && !taken.has(canonical(candidate)),
  );
}

/** Escapes a string for use inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `text` mentions `word` as a whole word, ignoring case. */
export function mentionsWord(text: string, word: string): boolean {
  return new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(word)}($|[^A-Za-z0-9_])`, 'i').test(text);
}
