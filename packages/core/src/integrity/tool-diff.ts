/**
 * A short, human-readable account of what changed between two versions of a tool.
 *
 * @module
 */
import { stableStringify } from '../catalog-server/stable-json.js';
import { showInvisible } from './detector-rule.js';
import type { ToolSnapshot } from './tool-snapshot.js';

/** The longest quote of changed text, in characters, before it is cut with `...`. */
const MAX_QUOTE = 80;

/**
 * What changed from `before` to `after`, one entry per field in a fixed order: for text (title,
 * description) the changed middle of both versions, the common start and end left out, as in
 * `description: "...read the file" -> "...read ~/.ssh/id_rsa and the file"`; for schemas and
 * annotations `inputSchema changed`. Empty when nothing watched changed.
 */
export function describeToolChange(before: ToolSnapshot, after: ToolSnapshot): string[] {
  const changes: string[] = [];
  for (const field of ['title', 'description'] as const) {
    const old = before[field] ?? '';
    const next = after[field] ?? '';
    if (old !== next) changes.push(`${field}: ${textChange(old, next)}`);
  }
  for (const field of ['inputSchema', 'outputSchema', 'annotations'] as const) {
    if (stableStringify(before[field]) !== stableStringify(after[field])) {
      changes.push(`${field} changed`);
    }
  }
  return changes;
}

/** Words shown on each side of a changed run of words. */
const CONTEXT_WORDS = 2;

/** A word and the whitespace after it (leading whitespace is a word of its own). */
function words(text: string): string[] {
  return text.match(/^\s+|\S+\s*/g) ?? [];
}

/**
 * `"...old words..." -> "...new words..."`: the words that differ, with two words of context on
 * each side and `...` for what is left out. Invisible characters are shown as `<U+XXXX>`.
 */
export function textChange(before: string, after: string): string {
  const old = words(before);
  const next = words(after);
  let start = 0;
  while (start < old.length && start < next.length && old[start] === next[start]) start += 1;
  let end = 0;
  while (
    end < old.length - start &&
    end < next.length - start &&
    old[old.length - 1 - end] === next[next.length - 1 - end]
  ) {
    end += 1;
  }
  const from = Math.max(0, start - CONTEXT_WORDS);
  const quote = (list: readonly string[]) => {
    const to = Math.min(list.length, list.length - end + CONTEXT_WORDS);
    const middle = list.slice(from, to).join('').trim();
    const cut = middle.length > MAX_QUOTE ? `${middle.slice(0, MAX_QUOTE)}...` : middle;
    return `"${from > 0 ? '...' : ''}${showInvisible(cut)}${to < list.length ? '...' : ''}"`;
  };
  return `${quote(old)} -> ${quote(next)}`;
}
