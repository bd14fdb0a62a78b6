/**
 * Deterministic clustering of a namespace's tools into a tree with bounded
 * fan-out, and the path segments of its leaves (not exported from the index).
 *
 * @module
 */

import { GatewayError } from '../errors.js';
import { sha256Hex } from '../util/digest.js';
import { compareCodePoints } from '../util/strings.js';

/** A tool placed in the tree: its leaf segment and the words it clusters by. */
export interface Clusterable {
  /** The leaf's path segment, unique among the namespace's tools. */
  slug: string;
  /** The words of the slug, split at `_` and `-`. */
  words: readonly string[];
}

/** A tree below a namespace: leaves carry an item, clusters carry children. */
export type ClusterTree<Item> =
  | { kind: 'leaf'; segment: string; item: Item }
  | { kind: 'cluster'; segment: string; children: ClusterTree<Item>[] };

const SEGMENT_MAX_LENGTH = 64;

/**
 * A path segment for a tool name: camelCase boundaries become `_`, letters are
 * lower-cased, other characters outside `[a-z0-9_-]` become `-`, leading `_`
 * and `-` are dropped (`getAllRecipes` → `get_all_recipes`, `github.create` →
 * `github-create`), and the result is cut to 64 characters; `tool` if nothing is left.
 */
export function slugOf(name: string): string {
  const slug = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase())
    .replace(/[^a-z0-9_-]/g, '-')
    .replace(/^[_-]+/, '')
    .slice(0, SEGMENT_MAX_LENGTH);
  return slug === '' ? 'tool' : slug;
}

/**
 * Leaf slugs for the tools of one namespace, unique among them: a slug shared
 * by several tools gets `-` and 8 hex characters of the SHA-256 of each tool's
 * id appended (cut to fit 64), so the result depends only on the set of tools.
 * Should a suffixed slug still equal another tool's slug, {@link GatewayError}
 * `TOOL_ID_COLLISION` is thrown rather than hiding a tool.
 */
export function uniqueSlugs(
  tools: ReadonlyArray<{ id: string; name: string }>,
): Map<string, string> {
  const idsBySlug = new Map<string, string[]>();
  for (const { id, name } of tools) {
    const slug = slugOf(name);
    const ids = idsBySlug.get(slug);
    if (ids === undefined) idsBySlug.set(slug, [id]);
    else ids.push(id);
  }
  const result = new Map<string, string>();
  for (const [slug, ids] of idsBySlug) {
    for (const id of ids) {
      result.set(
        id,
        ids.length === 1
          ? slug
          : `${slug.slice(0, SEGMENT_MAX_LENGTH - 9)}-${sha256Hex(id).slice(0, 8)}`,
      );
    }
  }
  if (new Set(result.values()).size !== result.size) {
    throw new GatewayError({
      code: 'TOOL_ID_COLLISION',
      message: 'two tools of one namespace got the same path segment',
      data: { reason: 'leaf segment collision' },
    });
  }
  return result;
}

/** The words of a slug. */
export function wordsOf(slug: string): string[] {
  return slug.split(/[_-]+/).filter((word) => word !== '');
}

function commonWordCount(items: readonly Clusterable[]): number {
  const [first, ...rest] = items;
  if (first === undefined) return 0;
  let count = 0;
  while (
    count < first.words.length &&
    rest.every((item) => item.words[count] === first.words[count])
  ) {
    count += 1;
  }
  return count;
}

function bySlug(left: Clusterable, right: Clusterable): number {
  return compareCodePoints(left.slug, right.slug);
}

/**
 * Arranges items into children of at most `maxChildren` (at least 4) entries.
 *
 * Up to `maxChildren` items are leaves. Above that, the words the items all
 * share are skipped and the items are grouped by their next word: a group of
 * one is a leaf, a larger group a cluster named by the word (and clustered
 * again if still too large), and an item with no further word a leaf. When
 * that gives more than `maxChildren` children, or a cluster name equal to a
 * leaf's, the items are instead split in slug order into at most
 * `maxChildren` alphabetical ranges of at least two items, each named
 * `<first>-<last>` by the shortest prefixes (up to 31 characters) of its first
 * and last slugs that tell the ranges apart (`part-<n>` if none do).
 */
export function clusterChildren<Item extends Clusterable>(
  items: readonly Item[],
  maxChildren: number,
): ClusterTree<Item>[] {
  const sorted = [...items].sort(bySlug);
  if (sorted.length <= maxChildren) return sorted.map(leaf);
  return byNextWord(sorted, maxChildren) ?? byRange(sorted, maxChildren);
}

function leaf<Item extends Clusterable>(item: Item): ClusterTree<Item> {
  return { kind: 'leaf', segment: item.slug, item };
}

function byNextWord<Item extends Clusterable>(
  sorted: readonly Item[],
  maxChildren: number,
): ClusterTree<Item>[] | undefined {
  const skip = commonWordCount(sorted);
  const groups = new Map<string, Item[]>();
  const leaves: Item[] = [];
  for (const item of sorted) {
    const word = item.words[skip];
    if (word === undefined) leaves.push(item);
    else {
      const group = groups.get(word);
      if (group === undefined) groups.set(word, [item]);
      else group.push(item);
    }
  }
  for (const [word, group] of groups) {
    const [only] = group;
    if (group.length === 1 && only !== undefined) {
      leaves.push(only);
      groups.delete(word);
    }
  }
  const childCount = leaves.length + groups.size;
  const leafSegments = new Set(leaves.map((item) => item.slug));
  const clash = [...groups.keys()].some((word) => leafSegments.has(word));
  if (childCount > maxChildren || clash) return undefined;
  const children: ClusterTree<Item>[] = leaves.map(leaf);
  for (const [word, group] of groups) {
    children.push({
      kind: 'cluster',
      segment: word,
      children: clusterChildren(group, maxChildren),
    });
  }
  return children.sort((left, right) => compareCodePoints(left.segment, right.segment));
}

function byRange<Item extends Clusterable>(
  sorted: readonly Item[],
  maxChildren: number,
): ClusterTree<Item>[] {
  const count = Math.min(maxChildren, Math.floor(sorted.length / 2));
  const ranges: Item[][] = [];
  for (let index = 0; index < count; index += 1) {
    const start = Math.floor((index * sorted.length) / count);
    const end = Math.floor(((index + 1) * sorted.length) / count);
    ranges.push(sorted.slice(start, end));
  }
  const names = rangeNames(ranges);
  return ranges.map((range, index) => ({
    kind: 'cluster',
    segment: names[index] ?? `part-${index + 1}`,
    children: clusterChildren(range, maxChildren),
  }));
}

function rangeNames(ranges: ReadonlyArray<readonly Clusterable[]>): string[] {
  for (let length = 1; length <= 31; length += 1) {
    const names = ranges.map(
      (range) =>
        `${range[0]?.slug.slice(0, length)}-${range[range.length - 1]?.slug.slice(0, length)}`,
    );
    if (new Set(names).size === names.length) return names;
  }
  return ranges.map((_, index) => `part-${index + 1}`);
}
