/**
 * The namespace tree a server serves, with registration checks (§5.1 labels, collisions).
 *
 * @module
 */

import type { CashFunction } from './definitions.js';
import { CashError } from './errors.js';
import type { CashSkill, NamespaceMount } from './mount.js';
import { checkLabel, formatNamespacePath } from './names.js';

/** One namespace of the tree; the root has the empty path. */
export interface NamespaceNode {
  /** The label as registered (`''` for the root). */
  label: string;
  /** Display labels from the root to this node. */
  path: string[];
  /** The one-liner. */
  description: string;
  /** Labels for the visibility hook. */
  tags: readonly string[];
  /** Functions by canonical label, in registration order. */
  functions: Map<string, CashFunction>;
  /** Sub-namespaces by canonical label, in registration order. */
  children: Map<string, NamespaceNode>;
  /** Skills by canonical label, in registration order. */
  skills: Map<string, CashSkill>;
  /** Set when the namespace's content lives upstream; such a node has no own entries. */
  mount: NamespaceMount | undefined;
}

/** Creates an empty namespace node. */
export function createNode(
  label: string,
  path: string[],
  description: string,
  tags: readonly string[] = [],
  mount?: NamespaceMount,
): NamespaceNode {
  return {
    label,
    path,
    description,
    tags,
    functions: new Map(),
    children: new Map(),
    skills: new Map(),
    mount,
  };
}

function where(node: NamespaceNode): string {
  return node.path.length === 0
    ? 'the root namespace'
    : `namespace "${formatNamespacePath(node.path)}"`;
}

function checkFree<T extends { label: string }>(
  entries: Map<string, T>,
  canonical: string,
  label: string,
  what: string,
  node: NamespaceNode,
): void {
  const existing = entries.get(canonical);
  if (existing !== undefined) {
    throw new CashError({
      code: 'LABEL_COLLISION',
      message: `${what} "${label}" collides with "${existing.label}" in ${where(node)}: both normalize to "${canonical}"`,
      data: { what, label, existing: existing.label, canonical },
    });
  }
}

function checkOpen(node: NamespaceNode, what: string): void {
  if (node.mount !== undefined) {
    throw new CashError({
      code: 'INVALID_DEFINITION',
      message: `cannot add a ${what} to ${where(node)}: it is a mount, its content comes from upstream`,
    });
  }
}

/**
 * Adds a sub-namespace (or a mount) to `parent` and returns it.
 *
 * @throws CashError `INVALID_LABEL`, or `LABEL_COLLISION` when a sibling namespace has the same canonical label.
 */
export function addChild(
  parent: NamespaceNode,
  label: string,
  description: string,
  tags: readonly string[] = [],
  mount?: NamespaceMount,
): NamespaceNode {
  const canonical = checkLabel(label, 'namespace');
  checkOpen(parent, 'namespace');
  checkFree(parent.children, canonical, label, 'namespace', parent);
  const child = createNode(label, [...parent.path, label], description, tags, mount);
  parent.children.set(canonical, child);
  return child;
}

/**
 * Adds a function to `node`.
 *
 * @throws CashError `INVALID_LABEL`, or `LABEL_COLLISION` when a function of `node` has the same canonical label.
 */
export function addFunction(node: NamespaceNode, entry: CashFunction): void {
  const canonical = checkLabel(entry.label, 'function');
  checkOpen(node, 'function');
  checkFree(node.functions, canonical, entry.label, 'function', node);
  node.functions.set(canonical, entry);
}

/**
 * Adds a skill to `node`.
 *
 * @throws CashError `INVALID_LABEL`, or `LABEL_COLLISION` when a skill of `node` has the same canonical label.
 */
export function addSkill(node: NamespaceNode, skill: CashSkill): void {
  const canonical = checkLabel(skill.label, 'skill');
  checkOpen(node, 'skill');
  checkFree(node.skills, canonical, skill.label, 'skill', node);
  node.skills.set(canonical, skill);
}
