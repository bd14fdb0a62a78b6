/**
 * Walks a namespace path through the tree, applying visibility and opening mounts.
 *
 * @module
 */

import type { CallerContext } from '@x/core/serve';
import { nearestNames } from '@x/core/text';
import type { CashFunction, VisibilityHook, VisibilityTarget } from './definitions.js';
import { CashError, toUpstreamError } from './errors.js';
import type { CashSkill, ForwardTool, NamespaceMount } from './mount.js';
import {
  canonicalKey,
  formatNamespacePath,
  normalizeLabel,
  parseNamespacePath,
  toLabel,
} from './names.js';
import type { NamespaceNode } from './registry.js';
import { formatInvocation, wireError } from './results.js';

/** Who asks, and how to abandon the work. */
export interface Scope {
  /** The caller (role, scope...); `undefined` when the server was built without one. */
  session: CallerContext | undefined;
  /** The server's visibility hook. */
  visibility: VisibilityHook | undefined;
  /** Aborted when the request is cancelled. */
  signal: AbortSignal;
}

/** The visible content of one namespace, local or loaded from a mount. */
export interface NamespaceView {
  /** Display labels from the root. */
  path: string[];
  /** Visible sub-namespaces by canonical label, in order. */
  children: Map<string, NamespaceNode>;
  /** Visible functions by canonical label, in order. */
  functions: Map<string, CashFunction>;
  /** Visible skills by canonical label, in order. */
  skills: Map<string, CashSkill>;
  /** What holds the content (the node, or a mount's content): keys what is kept per listing. */
  owner: object;
}

/** Where a namespace path leads. */
export type Resolution =
  | { kind: 'view'; view: NamespaceView }
  | {
      kind: 'forward';
      /** Display labels of the mount point. */
      mountPath: string[];
      /** The rest of the path, as the caller wrote it, for the upstream. */
      rest: string[];
      forward: ForwardTool;
    };

/** A resolution that forwards to a mounted CaSH upstream. */
export type ForwardResolution = Extract<Resolution, { kind: 'forward' }>;

/**
 * Where a forwarded request goes: the mount's dotted `prefix` (answers are rewritten under it)
 * and the arguments naming the rest of the path at the upstream (none at its root).
 */
export function forwardTarget(resolution: ForwardResolution): {
  prefix: string;
  namespace: string;
  namespaceArgument: { namespace?: string };
} {
  const namespace = resolution.rest.join('.');
  return {
    prefix: formatNamespacePath(resolution.mountPath),
    namespace,
    namespaceArgument: namespace === '' ? {} : { namespace },
  };
}

function allows(scope: Scope, target: VisibilityTarget): boolean {
  return scope.visibility === undefined || scope.visibility(target, scope.session) === true;
}

/** Whether the caller of `scope` sees a function of the namespace at `path`. */
export function functionVisible(scope: Scope, path: string[], entry: CashFunction): boolean {
  return allows(scope, {
    kind: 'function',
    namespace: formatNamespacePath(path),
    name: entry.label,
    tags: entry.tags,
    ...(entry.upstreamTool === undefined ? {} : { upstreamTool: entry.upstreamTool }),
  });
}

function skillVisible(scope: Scope, path: string[], skill: CashSkill): boolean {
  return allows(scope, {
    kind: 'skill',
    namespace: formatNamespacePath(path),
    name: skill.label,
    tags: skill.tags,
  });
}

/**
 * Whether a namespace is visible: the hook allows it, and it is a mount or still holds a
 * visible function, sub-namespace or skill.
 */
export function namespaceVisible(scope: Scope, node: NamespaceNode): boolean {
  const target: VisibilityTarget = {
    kind: 'namespace',
    namespace: formatNamespacePath(node.path),
    name: node.label,
    tags: node.tags,
  };
  if (!allows(scope, target)) return false;
  if (node.mount !== undefined) return true;
  for (const entry of node.functions.values()) {
    if (functionVisible(scope, node.path, entry)) return true;
  }
  for (const skill of node.skills.values()) {
    if (skillVisible(scope, node.path, skill)) return true;
  }
  for (const child of node.children.values()) {
    if (namespaceVisible(scope, child)) return true;
  }
  return false;
}

function filterMap<T>(entries: Iterable<[string, T]>, keep: (value: T) => boolean): Map<string, T> {
  return new Map([...entries].filter(([, value]) => keep(value)));
}

/** The visible content of a local node. */
export function localView(scope: Scope, node: NamespaceNode): NamespaceView {
  return {
    path: node.path,
    children: filterMap(node.children, (child) => namespaceVisible(scope, child)),
    functions: filterMap(node.functions, (entry) => functionVisible(scope, node.path, entry)),
    skills: filterMap(node.skills, (skill) => skillVisible(scope, node.path, skill)),
    owner: node,
  };
}

function keyedByLabel<T extends { label: string }>(entries: readonly T[]): Map<string, T> {
  const map = new Map<string, T>();
  for (const entry of entries) {
    const key = normalizeLabel(entry.label);
    if (!map.has(key)) map.set(key, entry);
  }
  return map;
}

/** Opens a mount; failures become the namespace's upstream error. */
export async function openMount(
  mount: NamespaceMount,
  path: string[],
  scope: Scope,
): Promise<Resolution | CashError> {
  let target: Awaited<ReturnType<NamespaceMount['open']>>;
  try {
    target = await mount.open(scope.signal);
  } catch (error) {
    return toUpstreamError(error, formatNamespacePath(path));
  }
  if (target.kind === 'forward') {
    return { kind: 'forward', mountPath: path, rest: [], forward: target.forward };
  }
  const functions = keyedByLabel(target.content.functions);
  const skills = keyedByLabel(target.content.skills);
  return {
    kind: 'view',
    view: {
      path,
      children: new Map(),
      functions: filterMap(functions, (entry) => functionVisible(scope, path, entry)),
      skills: filterMap(skills, (skill) => skillVisible(scope, path, skill)),
      owner: target.content,
    },
  };
}

function unknownNamespace(
  wanted: string,
  parentPath: string[],
  candidates: string[],
  shown = formatNamespacePath([...parentPath, wanted]),
  lead = `No namespace \`${shown}\`.`,
): CashError {
  const nearest = nearestNames(wanted, candidates, { key: canonicalKey }).map((label) =>
    formatNamespacePath([...parentPath, label]),
  );
  const hint =
    nearest.length > 0 ? ` Nearest: ${nearest.map((name) => `\`${name}\``).join(', ')}.` : '';
  const helpCall = formatInvocation('help', { namespace: formatNamespacePath(parentPath) });
  return wireError(
    'UNKNOWN_NAMESPACE',
    `${lead}${hint} Use \`${helpCall}\` to see the available namespaces.`,
    { namespace: shown, nearest, help: helpCall },
  );
}

/**
 * Resolves a caller's namespace path (`undefined` or `''`: the root) to the visible content
 * there, or to a forwarding mount with the rest of the path. Hidden namespaces answer exactly
 * like unknown ones.
 */
export async function resolveNamespace(
  root: NamespaceNode,
  rawPath: string | undefined,
  scope: Scope,
): Promise<Resolution | CashError> {
  const parsed = parseNamespacePath(rawPath);
  const rawLabels = rawPath === undefined || rawPath === '' ? [] : rawPath.split('.');
  if (!parsed.ok) {
    // Suggest from the deepest visible namespace the repaired path reaches.
    let node = root;
    for (const segment of parsed.repaired) {
      const child = node.children.get(segment);
      if (child === undefined || child.mount !== undefined || !namespaceVisible(scope, child))
        break;
      node = child;
    }
    const visible = [...localView(scope, node).children.values()].map((child) => child.label);
    const shown = String(rawPath).slice(0, 100);
    const wanted = toLabel(rawLabels[node.path.length] ?? '') ?? '';
    return unknownNamespace(
      wanted,
      node.path,
      visible,
      shown,
      `\`${shown}\` is not a namespace path (labels of letters, digits and underscores, joined by dots).`,
    );
  }
  let node = root;
  for (const [index, segment] of parsed.segments.entries()) {
    const child = node.children.get(segment);
    if (child === undefined || !namespaceVisible(scope, child)) {
      const visible = [...localView(scope, node).children.values()].map((entry) => entry.label);
      return unknownNamespace(rawLabels[index] ?? segment, node.path, visible);
    }
    node = child;
    if (node.mount !== undefined) {
      const opened = await openMount(node.mount, node.path, scope);
      if (CashError.isInstance(opened)) return opened;
      if (opened.kind === 'forward') return { ...opened, rest: rawLabels.slice(index + 1) };
      if (index < parsed.segments.length - 1) {
        const wanted = rawLabels[index + 1] ?? '';
        return unknownNamespace(wanted, node.path, []);
      }
      return opened;
    }
  }
  return { kind: 'view', view: localView(scope, node) };
}
